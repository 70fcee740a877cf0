package org.pufferflow.jobs.cli;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.pufferflow.avro.LedgerEntry;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.config.OutputConfig;
import org.pufferflow.jobs.io.file.LedgerDirectory;
import org.pufferflow.jobs.mechanism.Configured;

/**
 * What {@code plan --config} says of the durable ledger (docs/privacy-noise.md, 'The durable ledger'): where it lives
 * and, for {@code ledger.dir}, how many subjects earlier runs left in it per mechanism and how many of them are
 * exhausted — their spend continues, so their budget lasts less than a fresh subject's. The Kafka topic is not read
 * here ({@code plan} contacts no broker; {@code run} checks that it is compacted).
 *
 * @param store where the ledger lives, e.g. {@code ledger.dir /data/ledger}; null without a budgeted mechanism
 * @param subjects mechanism → subjects with history ({@code ledger.dir} only)
 * @param exhausted mechanism → of those, subjects whose total budget is exhausted
 */
record LedgerOutlook(String store, Map<String, Integer> subjects, Map<String, Integer> exhausted) {

  static LedgerOutlook of(JobConfig job) {
    Map<String, Integer> subjects = new LinkedHashMap<>();
    Map<String, Integer> exhausted = new LinkedHashMap<>();
    if (!job.anyMechanism()) {
      return new LedgerOutlook(null, subjects, exhausted);
    }
    if (!(job.output() instanceof OutputConfig.Directory)) {
      return new LedgerOutlook("kafka.ledgerStoreTopic " + job.kafka().ledgerStoreTopic(), subjects, exhausted);
    }
    LedgerDirectory dir = new LedgerDirectory(job.ledgerDir());
    for (Configured<?> m : job.mechanisms()) {
      String mechanism = m.section();
      Map<String, LedgerEntry> latest = new HashMap<>();
      dir.read(mechanism, s -> true, e -> latest.put(e.getSubjectId(), e));
      subjects.put(mechanism, latest.size());
      exhausted.put(mechanism, (int) latest.values().stream().filter(LedgerEntry::getExhausted).count());
    }
    return new LedgerOutlook(dir.toString(), subjects, exhausted);
  }

  void print(PrintWriter w) {
    if (store == null) {
      return;
    }
    w.println();
    w.println("Durable ledger: " + store);
    if (subjects.isEmpty()) {
      w.println("  every start continues each subject's spend and released ticks from it");
    }
    for (var e : subjects.entrySet()) {
      int n = e.getValue();
      w.println("  " + e.getKey() + ": " + (n == 0 ? "no subject yet (a fresh ledger)"
          : n + " subject" + (n == 1 ? "" : "s") + " from earlier runs, " + exhausted.get(e.getKey())
              + " exhausted: their spend continues"));
    }
  }

  ObjectNode toJson() {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("store", store);
    ObjectNode s = o.putObject("subjects");
    subjects.forEach(s::put);
    ObjectNode x = o.putObject("exhausted");
    exhausted.forEach(x::put);
    return o;
  }
}
