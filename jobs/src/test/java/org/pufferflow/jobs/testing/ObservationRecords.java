package org.pufferflow.jobs.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Properties;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/** Test helper: Avro-binary encoding and a synchronous producer of raw values keyed by a string. */
public final class ObservationRecords {
  private ObservationRecords() {}

  public static <T extends SpecificRecordBase> byte[] encode(T record) {
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      BinaryEncoder e = EncoderFactory.get().binaryEncoder(out, null);
      @SuppressWarnings("unchecked")
      SpecificDatumWriter<T> w = new SpecificDatumWriter<>((Class<T>) record.getClass());
      w.write(record, e);
      e.flush();
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A keyed value for {@link #produce}. */
  public record Keyed(String key, byte[] value) {}

  /** Writes {@code values} to {@code topic} in order (idempotent producer, acks=all) and flushes. */
  public static void produce(String bootstrap, String topic, List<Keyed> values) {
    Properties p = new Properties();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(ProducerConfig.ACKS_CONFIG, "all");
    p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer())) {
      for (Keyed k : values) {
        producer.send(new ProducerRecord<>(topic, k.key() == null ? null
            : k.key().getBytes(java.nio.charset.StandardCharsets.UTF_8), k.value()));
      }
      producer.flush();
    }
  }
}
