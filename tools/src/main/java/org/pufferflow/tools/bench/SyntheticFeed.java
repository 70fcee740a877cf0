package org.pufferflow.tools.bench;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.pufferflow.avro.Observation;

/**
 * Writes the synthetic observations of the benchmarks ({@link SyntheticObservations}: record i is subject i mod M at
 * tick i div M on its {@link SyntheticPath}) into a Kafka topic as Avro-binary {@link Observation}s keyed by
 * subject id, with the state as its label ({@link PipelineConfigs#label}) and the event time in the middle of the
 * tick. Appends: each call continues the sequence where the previous one stopped, so the topic holds records
 * 0 … n−1 and every prefix of a partition is a prefix of each subject's ticks.
 */
final class SyntheticFeed {

  private final String bootstrapServers;
  private final String topic;
  private final int subjects;
  private final SyntheticPath path;
  private final String[] ids;
  private final String[] labels;
  private long written;

  SyntheticFeed(String bootstrapServers, String topic, int subjects, int states) {
    this.bootstrapServers = bootstrapServers;
    this.topic = topic;
    this.subjects = subjects;
    this.path = new SyntheticPath(states);
    this.ids = new String[subjects];
    for (int s = 0; s < subjects; s++) {
      ids[s] = SyntheticObservations.subjectId(s);
    }
    this.labels = new String[states];
    for (int k = 0; k < states; k++) {
      labels[k] = PipelineConfigs.label(k);
    }
  }

  /** Records in the topic. */
  long written() {
    return written;
  }

  /** Appends records until the topic holds {@code total}; {@code progress} is told every 100,000 records. */
  void fillTo(long total, java.util.function.LongConsumer progress) {
    if (total <= written) {
      return;
    }
    Properties p = new Properties();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    p.put(ProducerConfig.ACKS_CONFIG, "all");
    p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
    p.put(ProducerConfig.LINGER_MS_CONFIG, "20");
    p.put(ProducerConfig.BATCH_SIZE_CONFIG, Integer.toString(512 * 1024));
    SpecificDatumWriter<Observation> writer = new SpecificDatumWriter<>(Observation.class);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
    BinaryEncoder encoder = null;
    Observation o = new Observation();
    try (KafkaProducer<byte[], byte[]> producer =
        new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer())) {
      for (long i = written; i < total; i++) {
        int s = (int) (i % subjects);
        long tick = i / subjects;
        o.setSubjectId(ids[s]);
        o.setEventTime(Instant.ofEpochMilli(tick * PipelineConfigs.TICK_MILLIS + PipelineConfigs.TICK_MILLIS / 2));
        o.setStateLabel(labels[path.state(s, tick)]);
        bytes.reset();
        encoder = EncoderFactory.get().binaryEncoder(bytes, encoder);
        writer.write(o, encoder);
        encoder.flush();
        producer.send(new ProducerRecord<>(topic, ids[s].getBytes(StandardCharsets.UTF_8), bytes.toByteArray()));
        if ((i + 1) % 100_000 == 0) {
          progress.accept(i + 1);
        }
      }
      producer.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot encode a benchmark observation", e);
    }
    written = total;
    progress.accept(total);
  }

  /** The end offset of every partition of the topic. */
  Map<TopicPartition, Long> endOffsets(int partitions) throws InterruptedException, ExecutionException {
    Map<String, Object> c = new HashMap<>();
    c.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    try (Admin admin = Admin.create(c)) {
      Map<TopicPartition, OffsetSpec> q = new HashMap<>();
      for (int i = 0; i < partitions; i++) {
        q.put(new TopicPartition(topic, i), OffsetSpec.latest());
      }
      Map<TopicPartition, Long> out = new HashMap<>();
      for (var e : admin.listOffsets(q).all().get().entrySet()) {
        out.put(e.getKey(), e.getValue().offset());
      }
      return out;
    }
  }
}
