package org.pufferflow.jobs.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.pufferflow.avro.RedactedRecord;
import org.pufferflow.jobs.testing.CommittedRecords;

class TmpLoopTest {
  @Test
  void loop() throws Exception {
    ExamplesRunTest.dir = Path.of("/tmp/dbg");
    ExamplesRunTest.start();
    try {
      for (int i = 0; i < 12; i++) {
        ObjectNode root = (ObjectNode) ExamplesRunTest.YAML.readTree(ExamplesRunTest.EXAMPLES.resolve("redaction.yaml").toFile());
        root.putObject("noise").put("keyFile", ExamplesRunTest.key.toString());
        ObjectNode k = (ObjectNode) root.get("kafka");
        k.put("bootstrapServers", ExamplesRunTest.kafka.bootstrapServers());
        k.put("createTopics", true);
        k.put("inputTopic", "in" + i);
        k.put("redactedTopic", "red" + i);
        k.put("groupId", "g" + i);
        k.put("transactionalIdPrefix", "tx" + i);
        Path f = Path.of("/tmp/dbg/loop" + i + ".yaml");
        ExamplesRunTest.YAML.writeValue(f.toFile(), root);
        var fr = CliHarness.run(new FeedCommand(), "--config", f.toString(), "--input",
            ExamplesRunTest.EXAMPLES.resolve("data/presence.csv").toString());
        System.out.println("DEBUG feed " + i + " " + fr.code() + " " + fr.out().strip() + " " + fr.err().strip());
        java.io.PrintStream old = System.err;
        java.io.ByteArrayOutputStream buf = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(buf, true));
        try {
          CliHarness.run(new RunCommand(), "--config", f.toString(), "--bounded");
        } finally {
          System.setErr(old);
        }
        String sum = buf.toString();
        System.out.println("DEBUG sum " + i + " " + sum.substring(Math.max(0, sum.indexOf("records read"))).replace('\n', '|'));
        System.out.println("DEBUG loop " + i + " committed=" + CommittedRecords.values(
            ExamplesRunTest.kafka.bootstrapServers(), "red" + i, RedactedRecord.class).size());
      }
    } finally {
      ExamplesRunTest.stop();
    }
  }
}
