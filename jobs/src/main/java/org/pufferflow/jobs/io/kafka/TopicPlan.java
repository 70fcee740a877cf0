package org.pufferflow.jobs.io.kafka;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.flink.annotation.Internal;
import org.pufferflow.avro.LedgerEntry;
import org.pufferflow.avro.Observation;
import org.pufferflow.avro.OptOut;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.config.KafkaConfig;
import org.pufferflow.jobs.io.OutputKind;

/**
 * The Kafka topics a job reads and writes, each with the configuration key that names it and the Avro record type it
 * carries: the input topic (when the input is Kafka), the opt-out topic (with redaction), and the topic of every
 * output the configuration enables and, with a mechanism, the durable ledger's compacted topic (when the output is
 * Kafka).
 *
 * @param topics configuration key (e.g. {@code kafka.inputTopic}) → topic
 * @param types configuration key → record type
 */
@Internal
public record TopicPlan(Map<String, String> topics, Map<String, Class<? extends SpecificRecordBase>> types) {

  /** The key of the durable ledger's topic: created compacted, and refused unless it is (KafkaPreflight). */
  public static final String LEDGER_STORE_KEY = "kafka.ledgerStoreTopic";

  public static TopicPlan of(JobConfig config) {
    KafkaConfig kafka = config.kafka();
    Map<String, String> topics = new LinkedHashMap<>();
    Map<String, Class<? extends SpecificRecordBase>> types = new LinkedHashMap<>();
    if (config.input().kafka()) {
      topics.put("kafka.inputTopic", kafka.inputTopic());
      types.put("kafka.inputTopic", Observation.class);
      if (config.readsOptOuts()) {
        topics.put("kafka.optOutTopic", kafka.optOutTopic());
        types.put("kafka.optOutTopic", OptOut.class);
      }
    }
    if (config.output().kafka()) {
      for (OutputKind k : OutputKind.of(config)) {
        topics.put(k.topicKey(), k.topic(kafka));
        types.put(k.topicKey(), k.recordClass());
      }
      if (config.anyMechanism()) {
        topics.put(LEDGER_STORE_KEY, kafka.ledgerStoreTopic());
        types.put(LEDGER_STORE_KEY, LedgerEntry.class);
      }
    }
    return new TopicPlan(Map.copyOf(topics), Map.copyOf(types));
  }
}
