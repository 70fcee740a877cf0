package org.pufferflow.operators;

import static org.pufferflow.operators.MqmTestSupport.avroBytes;
import static org.pufferflow.operators.MqmTestSupport.feed;
import static org.pufferflow.operators.MqmTestSupport.harness;
import static org.pufferflow.operators.MqmTestSupport.keyFile;
import static org.pufferflow.operators.MqmTestSupport.stickySpec;
import static org.pufferflow.operators.MqmTestSupport.values;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.apache.flink.streaming.util.OperatorSnapshotUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.avro.WindowHistogram;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;

/**
 * One-off writer of the legacy-layout MQM snapshot (two keyed states, {@code mqm-window} and {@code mqm-progress})
 * and of the outputs the legacy function produced after restoring it. Run only at the commit whose
 * {@link MqmWindowFunction} still has the legacy layout:
 * {@code mvn -o -B -pl operators -am test -Dtest=MqmLegacySnapshotWriter -Dpufferflow.writeLegacySnapshot=true}.
 */
@EnabledIfSystemProperty(named = "pufferflow.writeLegacySnapshot", matches = "true")
class MqmLegacySnapshotWriter {

  @TempDir Path dir;

  @Test
  void write() throws Exception {
    Path out = Path.of("src/test/resources/mqm-legacy");
    Files.createDirectories(out);
    MqmWindowPlan spec = stickySpec(5, 2);
    LedgerPolicy budget = Budgets.withPeriod(40, 6, 50);
    var key = keyFile(dir, 9);
    OperatorSubtaskState snapshot;
    try (var h = harness(spec, budget, key)) {
      h.open();
      MqmLegacySnapshotData.feedBefore(h);
      snapshot = h.snapshot(1L, 1L);
    }
    OperatorSnapshotUtil.writeStateHandle(snapshot, out.resolve("snapshot-w5-s2").toString());
    try (var h = harness(spec, budget, key)) {
      h.setup();
      h.initializeState(snapshot);
      h.open();
      MqmLegacySnapshotData.feedAfter(h);
      Files.write(out.resolve("histograms-after.avro"), avroBytes(h.extractOutputValues()));
      Files.write(out.resolve("ledger-events-after.avro"),
          avroBytes(values(h.getSideOutput(MechanismOutputs.LEDGER_EVENTS))));
      Files.write(out.resolve("rejections-after.avro"), avroBytes(values(h.getSideOutput(MechanismOutputs.REJECTED))));
    }
  }
}
