package org.pufferflow.jobs.pipeline;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.pufferflow.avro.RejectedObservation;

/** Reads a whole topic of {@link RejectedObservation}s as a read_committed consumer. */
final class TopicReader {
  private TopicReader() {}

  static List<RejectedObservation> readRejected(String bootstrap, String topic) throws Exception {
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    SpecificDatumReader<RejectedObservation> reader = new SpecificDatumReader<>(RejectedObservation.class);
    List<RejectedObservation> out = new ArrayList<>();
    try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      List<TopicPartition> tps = new ArrayList<>();
      for (PartitionInfo info : c.partitionsFor(topic)) {
        tps.add(new TopicPartition(topic, info.partition()));
      }
      c.assign(tps);
      c.seekToBeginning(tps);
      Map<TopicPartition, Long> end = c.endOffsets(tps); // the last stable offset under read_committed
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (!reachedEnd(c, tps, end) && System.nanoTime() < deadline) {
        for (ConsumerRecord<byte[], byte[]> r : c.poll(Duration.ofMillis(100))) {
          out.add(reader.read(null, DecoderFactory.get().binaryDecoder(r.value(), null)));
        }
      }
    }
    return out;
  }

  private static boolean reachedEnd(KafkaConsumer<?, ?> c, List<TopicPartition> tps, Map<TopicPartition, Long> end) {
    for (TopicPartition tp : tps) {
      if (c.position(tp) < end.get(tp)) {
        return false;
      }
    }
    return true;
  }

  static String describe(RejectedObservation r) {
    return r.getSourceTopic() + "-" + r.getSourcePartition() + "@" + r.getSourceOffset() + " " + r.getReasonCode()
        + ": " + r.getMessage();
  }
}
