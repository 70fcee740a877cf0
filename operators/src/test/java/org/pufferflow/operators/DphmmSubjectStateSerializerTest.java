package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;
import org.pufferflow.accounting.LedgerState;
import org.pufferflow.operators.state.CompactPosterior;
import org.pufferflow.operators.state.IncompatibleSavepointException;

/** The format of {@code dphmm-subject}, the only one its snapshot reads. */
class DphmmSubjectStateSerializerTest {

  private static LedgerState ledger() {
    LedgerState l = new LedgerState();
    l.setSpent(2.5);
    l.setPeriodSpent(0.5);
    l.setPeriod(7);
    l.setPeriodExhausted(true);
    l.setPolicyTotalBudget(30);
    l.setPolicyPeriodBudget(6);
    l.setPolicyPeriodTicks(10);
    return l;
  }

  private static byte[] bytes(org.apache.flink.api.common.typeutils.TypeSerializer<DphmmSubjectState> s,
      DphmmSubjectState v) throws IOException {
    DataOutputSerializer out = new DataOutputSerializer(64);
    s.serialize(v, out);
    return out.getCopyOfBuffer();
  }

  private static DphmmSubjectState read(org.apache.flink.api.common.typeutils.TypeSerializer<DphmmSubjectState> s,
      byte[] b) throws IOException {
    DataInputDeserializer in = new DataInputDeserializer(b);
    DphmmSubjectState v = s.deserialize(in);
    assertThat(in.available()).isZero();
    return v;
  }

  @Test
  void theFormatRoundTripsWithAndWithoutAReleaseOrALedger() throws IOException {
    CompactPosterior p = new CompactPosterior().encode(new double[] {0.25, 0, 0.75});
    for (DphmmSubjectState v : new DphmmSubjectState[] {
        new DphmmSubjectState(9, 3, p, ledger()), DphmmSubjectState.withoutRelease(ledger()),
        new DphmmSubjectState(9, 3, p.copy(), null)}) {
      byte[] b = bytes(DphmmSubjectStateSerializer.INSTANCE, v);
      assertThat(b).hasSize(DphmmSubjectStateSerializer.serializedSize(v));
      assertThat(read(DphmmSubjectStateSerializer.INSTANCE, b)).isEqualTo(v);
    }
  }

  @Test
  void theSnapshotReadsTheCurrentFormatOnlyAndResolvesItAsIs() throws IOException {
    TypeSerializerSnapshot<DphmmSubjectState> current = DphmmSubjectStateSerializer.INSTANCE.snapshotConfiguration();
    assertThat(current.getCurrentVersion()).isEqualTo(DphmmSubjectStateSerializer.Snapshot.FORMAT).isEqualTo(4);
    DphmmSubjectStateSerializer.Snapshot restored = new DphmmSubjectStateSerializer.Snapshot();
    restored.readSnapshot(4, new DataInputDeserializer(new byte[0]), getClass().getClassLoader());
    assertThat(restored.restoreSerializer()).isSameAs(DphmmSubjectStateSerializer.INSTANCE);
    assertThat(current.resolveSchemaCompatibility(restored).isCompatibleAsIs()).isTrue();
    for (int other : new int[] {3, 5}) { // 3: format 1, before the ledger moved into the value
      assertThatThrownBy(() -> new DphmmSubjectStateSerializer.Snapshot()
          .readSnapshot(other, new DataInputDeserializer(new byte[0]), getClass().getClassLoader()))
          .isInstanceOf(IncompatibleSavepointException.class)
          .hasMessageContaining("format " + other + ", this build reads format 4");
    }
  }

  @Test
  void aCorruptCountIsRefused() {
    DataOutputSerializer out = new DataOutputSerializer(32);
    assertThatThrownBy(() -> {
      out.writeLong(5);
      out.writeLong(0); // no release, yet a last tick
      out.writeBoolean(false);
      read(DphmmSubjectStateSerializer.INSTANCE, out.getCopyOfBuffer());
    }).isInstanceOf(IOException.class).hasMessageContaining("corrupt");
  }
}
