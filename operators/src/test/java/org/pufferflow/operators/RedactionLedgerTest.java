package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pufferflow.operators.DphmmOperatorFixtures.values;
import static org.pufferflow.operators.RedactionFunctionTest.CLOCK;
import static org.pufferflow.operators.RedactionFunctionTest.SPEC;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.LedgerEntry;
import org.pufferflow.avro.RedactedRecord;
import org.pufferflow.avro.RejectedObservation;

/**
 * Redaction's durable ledger (docs/privacy-noise.md, 'The durable ledger'): its coin is keyed by (subject, tick), so a
 * tick decided by one run must never be decided again by a later one on other data. Each decision records the last
 * decided tick; a start without state rejects the subject's records up to it (ALREADY_RELEASED) and decides the rest,
 * exactly as an uninterrupted run would.
 */
class RedactionLedgerTest {

  @TempDir Path dir;
  NoiseKeySource key;

  @BeforeEach
  void writeKey() throws IOException {
    key = MqmTestSupport.keyFile(dir, 0x3c);
  }

  private record Run(List<RedactedRecord> out, List<RejectedObservation> rejected, List<LedgerEntry> entries) {}

  /** A fresh start (no Flink state) on {@code ticks} of subject "r", bit min(t mod 3, 1), then the final watermark. */
  private Run run(LedgerStore store, long from, long to) throws Exception {
    var fn = new PreloadedRedactionFunction(SPEC, key, CLOCK, OptOutPreload.NONE, null, store);
    try (var h = new KeyedOneInputStreamOperatorTestHarness<>(new DurableProcessOperator<>(fn),
        (StateObservation o) -> o.subjectId, Types.STRING)) {
      h.open();
      for (long t = from; t <= to; t++) {
        h.processElement(new StateObservation("r", t, (int) Math.min(t % 3, 1)), CLOCK.startOf(t));
      }
      h.processWatermark(new Watermark(Long.MAX_VALUE));
      h.prepareSnapshotPreBarrier(1); // the entries are flushed before the barrier, as in a job
      return new Run(h.extractOutputValues(), values(h.getSideOutput(MechanismOutputs.REJECTED)),
          values(h.getSideOutput(MechanismOutputs.LEDGER_ENTRIES)));
    }
  }

  @Test
  void aLaterRunDecidesOnlyTicksNoEarlierRunDecided() throws Exception {
    MemoryLedgerStore store = new MemoryLedgerStore("redaction-" + dir.getFileName());
    Run first = run(store, 0, 19);
    assertThat(first.out()).hasSize(20);
    assertThat(first.entries()).isNotEmpty().last().satisfies(e -> {
      assertThat(e.getMechanism()).isEqualTo("redaction");
      assertThat(e.getLastTick()).isEqualTo(19);
    });
    store.commit(first.entries());

    Run second = run(store, 10, 29); // ticks 10..19 again, with other data in a real correction
    assertThat(second.rejected()).hasSize(10)
        .allMatch(r -> r.getReasonCode().equals("ALREADY_RELEASED") && r.getMessage().contains("tick 19"));
    assertThat(second.out()).extracting(RedactedRecord::getTick).containsExactlyElementsOf(ticks(20, 29));
    assertThat(second.entries()).last().extracting(LedgerEntry::getLastTick).isEqualTo(29L);

    // the decisions of 20..29 are those of one uninterrupted run over 0..29 (the coin is keyed by tick)
    Run whole = run(LedgerStore.NONE, 0, 29);
    assertThat(whole.entries()).as("no store, no entries").isEmpty();
    assertThat(second.out()).isEqualTo(whole.out().subList(20, 30));
  }

  private static List<Long> ticks(long from, long to) {
    List<Long> l = new ArrayList<>();
    for (long t = from; t <= to; t++) {
      l.add(t);
    }
    return l;
  }
}
