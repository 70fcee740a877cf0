package org.pufferflow.operators;

import static org.pufferflow.operators.DphmmOperatorFixtures.harness;
import static org.pufferflow.operators.DphmmOperatorFixtures.keyFile;
import static org.pufferflow.operators.MqmTestSupport.avroBytes;
import static org.pufferflow.operators.MqmTestSupport.values;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.util.OperatorSnapshotUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writes the fixture (run once at the commit whose layout it records). */
class DphmmSubjectV1SnapshotWriter {
  @TempDir Path dir;

  @Test
  void write() throws Exception {
    Path out = Path.of("src/test/resources/dphmm-subject-v1");
    Files.createDirectories(out);
    OperatorSubtaskState snap;
    try (var h = harness(new DphmmReleaseFunction(DphmmSubjectSnapshotData.SPEC, DphmmSubjectSnapshotData.BUDGET,
        keyFile(dir, 3)))) {
      h.open();
      DphmmSubjectSnapshotData.feedBefore(h);
      snap = h.snapshot(1L, 1L);
    }
    OperatorSnapshotUtil.writeStateHandle(snap, out.resolve("snapshot").toString());
    try (var h = harness(new DphmmReleaseFunction(DphmmSubjectSnapshotData.SPEC, DphmmSubjectSnapshotData.BUDGET,
        keyFile(dir, 3)))) {
      h.setup();
      h.initializeState(OperatorSnapshotUtil.readStateHandle(out.resolve("snapshot").toString()));
      h.open();
      DphmmSubjectSnapshotData.feedAfter(h);
      Files.write(out.resolve("releases-after.avro"), avroBytes(h.extractOutputValues()));
      Files.write(out.resolve("ledger-events-after.avro"),
          avroBytes(values(h.getSideOutput(MechanismOutputs.LEDGER_EVENTS))));
      Files.write(out.resolve("rejections-after.avro"), avroBytes(values(h.getSideOutput(MechanismOutputs.REJECTED))));
      System.out.println("releases " + h.extractOutputValues().size() + " events "
          + values(h.getSideOutput(MechanismOutputs.LEDGER_EVENTS)).size() + " rejections "
          + values(h.getSideOutput(MechanismOutputs.REJECTED)).size());
    }
  }
}
