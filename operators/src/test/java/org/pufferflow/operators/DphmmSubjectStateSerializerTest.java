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

/** The two formats of {@code dphmm-subject} and how a restore moves from the first to the second. */
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
  void formatTwoRoundTripsWithAndWithoutAReleaseOrALedger() throws IOException {
    CompactPosterior p = new CompactPosterior().encode(new double[] {0.25, 0, 0.75});
    for (DphmmSubjectState v : new DphmmSubjectState[] {
        new DphmmSubjectState(9, 3, p, ledger()), DphmmSubjectState.withoutRelease(ledger()),
        new DphmmSubjectState(9, 3, p.copy(), null)}) {
      byte[] b = bytes(DphmmSubjectStateSerializer.INSTANCE, v);
      assertThat(b).hasSize(DphmmSubjectStateSerializer.serializedSize(v));
      assertThat(read(DphmmSubjectStateSerializer.INSTANCE, b)).isEqualTo(v);
    }
  }

  /** What a restore from format 1 does: read with the restored serializer, write with the current one. */
  @Test
  void aFormatOneValueMigratesWithANullLedger() throws IOException {
    DphmmSubjectState old = new DphmmSubjectState(4, 2, new CompactPosterior().encode(new double[] {1, 0, 0}), null);
    byte[] v1 = bytes(DphmmSubjectStateSerializer.Format1.INSTANCE, old);
    assertThat(v1).hasSize(16 + old.posterior().serializedSize());
    DphmmSubjectState migrated = read(DphmmSubjectStateSerializer.INSTANCE,
        bytes(DphmmSubjectStateSerializer.INSTANCE, read(DphmmSubjectStateSerializer.Format1.INSTANCE, v1)));
    assertThat(migrated).isEqualTo(old);
    assertThat(migrated.ledger()).isNull();
  }

  @Test
  void theSnapshotResolvesFormatOneAsCompatibleAfterMigrationAndFormatTwoAsIs() throws IOException {
    TypeSerializerSnapshot<DphmmSubjectState> current = DphmmSubjectStateSerializer.INSTANCE.snapshotConfiguration();
    assertThat(current.getCurrentVersion()).isEqualTo(DphmmSubjectStateSerializer.Snapshot.FORMAT_2);
    DphmmSubjectStateSerializer.Snapshot restoredV1 = new DphmmSubjectStateSerializer.Snapshot();
    // what Flink's SimpleTypeSerializerSnapshot (this snapshot's base in format 1) wrote: version 3, no data
    restoredV1.readSnapshot(3, new DataInputDeserializer(new byte[0]), getClass().getClassLoader());
    assertThat(restoredV1.restoreSerializer()).isSameAs(DphmmSubjectStateSerializer.Format1.INSTANCE);
    assertThat(current.resolveSchemaCompatibility(restoredV1).isCompatibleAfterMigration()).isTrue();
    DphmmSubjectStateSerializer.Snapshot restoredV2 = new DphmmSubjectStateSerializer.Snapshot();
    restoredV2.readSnapshot(4, new DataInputDeserializer(new byte[0]), getClass().getClassLoader());
    assertThat(current.resolveSchemaCompatibility(restoredV2).isCompatibleAsIs()).isTrue();
    assertThatThrownBy(() -> new DphmmSubjectStateSerializer.Snapshot()
        .readSnapshot(5, new DataInputDeserializer(new byte[0]), getClass().getClassLoader()))
        .hasMessageContaining("version 5");
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
