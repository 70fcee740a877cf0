package org.pufferflow.jobs.demo;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.pufferflow.avro.RejectedObservation;

/** Reads a whole rejected-observations topic as a {@code read_committed} consumer (what downstream users see). */
public final class RejectedTopicReader {
  private RejectedTopicReader() {}

  public static List<RejectedObservation> readAll(String bootstrapServers, String topic) throws IOException {
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    SpecificDatumReader<RejectedObservation> reader = new SpecificDatumReader<>(RejectedObservation.class);
    BinaryDecoder decoder = null;
    List<RejectedObservation> out = new ArrayList<>();
    try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      List<TopicPartition> tps = new ArrayList<>();
      for (PartitionInfo info : c.partitionsFor(topic)) {
        tps.add(new TopicPartition(topic, info.partition()));
      }
      c.assign(tps);
      c.seekToBeginning(tps);
      Map<TopicPartition, Long> end = c.endOffsets(tps);
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (!atEnd(c, tps, end)) {
        if (System.nanoTime() > deadline) {
          throw new IOException("timed out reading " + topic);
        }
        for (ConsumerRecord<byte[], byte[]> r : c.poll(Duration.ofMillis(100))) {
          decoder = DecoderFactory.get().binaryDecoder(r.value(), decoder);
          out.add(reader.read(null, decoder));
        }
      }
    }
    return out;
  }

  private static boolean atEnd(KafkaConsumer<?, ?> c, List<TopicPartition> tps, Map<TopicPartition, Long> end) {
    for (TopicPartition tp : tps) {
      if (c.position(tp) < end.get(tp)) {
        return false;
      }
    }
    return true;
  }
}
