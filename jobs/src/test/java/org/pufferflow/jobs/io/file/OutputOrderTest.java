package org.pufferflow.jobs.io.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.specific.SpecificRecordBase;
import org.junit.jupiter.api.Test;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.avro.LedgerEvent;
import org.pufferflow.jobs.config.OutputConfig;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.jobs.mechanism.dphmm.DphmmUnit;
import org.pufferflow.jobs.mechanism.mqm.MqmUnit;

/** {@link OutputOrder}: the key fields of every output, numbers numerically, strings by code point, bytes last. */
class OutputOrderTest {

  static DphmmRelease release(String subject, long tick, long seq) {
    return DphmmRelease.newBuilder().setSubjectId(subject).setTick(tick).setReleaseSeq(seq).setValues(List.of(1.0))
        .setEpsilon(0.1).setMechanism("laplace").setConstraintSize(2).setConstrainedDpEpsilon(0.2)
        .setCumulativeEpsilon(0.3).build();
  }

  @Test
  void everyOutputHasItsKeyFieldsInItsSchema() {
    for (OutputKind kind : OutputKind.all()) {
      OutputOrder order = OutputOrder.of(kind); // checks names and types against the schema
      assertThat(order.fields()).isNotEmpty().isEqualTo(OutputOrder.keyFields(kind));
    }
    assertThat(OutputOrder.keyFields(MqmUnit.HISTOGRAMS))
        .containsExactly("subjectId", "windowStartTick", "windowEndTick");
    assertThat(OutputOrder.keyFields(MqmUnit.FLEET)).containsExactly("windowStartTick", "windowEndTick");
    assertThat(OutputOrder.keyFields(OutputKind.REJECTED))
        .containsExactly("sourceTopic", "sourcePartition", "sourceOffset");
  }

  /** If LedgerEvent gains a tick, its key should use it; today it has none. */
  @Test
  void ledgerEventsHaveNoTickLikeField() {
    assertThat(LedgerEvent.getClassSchema().getFields()).extracting(Schema.Field::name)
        .noneMatch(n -> n.toLowerCase(java.util.Locale.ROOT).contains("tick"));
    assertThat(OutputOrder.keyFields(OutputKind.LEDGER_EVENTS)).containsExactly("subjectId");
  }

  @Test
  void ticksCompareAsNumbersStringsByCodePointThenBytes() throws IOException {
    List<DphmmRelease> records = List.of(release("\uD83D\uDE00", 1, 0), release("m", 10, 0), release("m", 9, 1),
        release("m", 9, 0), release("\uFFFD", 1, 0), release("m", -1, 0));
    List<DphmmRelease> expected = List.of(release("m", -1, 0), release("m", 9, 0), release("m", 9, 1),
        release("m", 10, 0), release("\uFFFD", 1, 0), release("\uD83D\uDE00", 1, 0));
    for (OutputConfig.Format format : OutputConfig.Format.values()) {
      assertThat(sorted(records, format)).as(format.toString()).isEqualTo(expected);
    }
  }

  @Test
  void bothFormatsGiveTheSameKey() throws IOException {
    DphmmRelease r = release("é\uD83D\uDE00", 12345678901L, 3);
    OutputOrder.Keyed json = keyed(r, OutputConfig.Format.JSONL);
    OutputOrder.Keyed avro = keyed(r, OutputConfig.Format.AVRO);
    assertThat(java.util.Arrays.deepEquals(json.key(), avro.key())).isTrue();
    assertThat(json.key()[1]).isEqualTo(12345678901L);
  }

  private static OutputOrder.Keyed keyed(SpecificRecordBase r, OutputConfig.Format format) throws IOException {
    return RecordFormat.of(format, DphmmUnit.RELEASES).keyed(PartFiles.encoded(r, format));
  }

  private static List<DphmmRelease> sorted(List<DphmmRelease> records, OutputConfig.Format format)
      throws IOException {
    List<OutputOrder.Keyed> keyed = new ArrayList<>();
    List<DphmmRelease> out = new ArrayList<>();
    for (DphmmRelease r : records) {
      keyed.add(keyed(r, format));
    }
    keyed.sort(OutputOrder.ORDER);
    for (OutputOrder.Keyed k : keyed) {
      for (DphmmRelease r : records) {
        if (java.util.Arrays.equals(PartFiles.encoded(r, format), k.bytes())) {
          out.add(r);
        }
      }
    }
    return out;
  }
}
