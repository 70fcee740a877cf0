package org.pufferflow.jobs.io.kafka;

import java.nio.charset.StandardCharsets;
import java.util.Properties;
import org.apache.avro.Schema;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.connector.base.DeliveryGuarantee;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.pufferflow.avro.LedgerEntry;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.jobs.config.KafkaConfig;
import org.pufferflow.jobs.io.OutputKind;

/**
 * The Kafka sinks of the job's outputs (docs/configuration.md, 'kafka'): one {@link KafkaSink} per output, Avro
 * binary values ({@link AvroValue}), the subject id as key when the record has one (so one subject's records stay in
 * one partition, in order), {@link DeliveryGuarantee#EXACTLY_ONCE} with the transactional id prefix
 * {@code <kafka.transactionalIdPrefix>-<pipeline id>-<output>}. Consumers see a checkpoint's records when it
 * completes, with {@code isolation.level=read_committed}.
 */
@Internal
public final class KafkaOutputs {

  /** Producer transaction timeout: below the broker's default maximum (15 min). */
  static final String TRANSACTION_TIMEOUT_MS = "600000";
  /**
   * Producer batches of up to 256 KiB (Kafka's default is 16 KiB), filled for up to 50 ms: an exactly-once output
   * becomes visible only when its checkpoint commits, so lingering costs no visible latency, and fewer, larger
   * requests cost the producer and the broker less per record (docs/benchmarks.md, 'Pipeline, end to end').
   */
  static final String BATCH_SIZE = Integer.toString(256 * 1024);
  static final String LINGER_MS = "50";

  private KafkaOutputs() {}

  /**
   * @param id the pipeline's uid prefix ({@code ""} or ending in {@code /})
   */
  public static <T extends SpecificRecordBase> KafkaSink<T> sink(
      OutputKind kind, Class<T> type, KafkaConfig kafka, String bootstrapServers, String id) {
    PufferPreconditions.checkArgument(kind.recordClass() == type, "type = %s: output %s carries %s", type,
        kind, kind.recordClass());
    return KafkaSink.<T>builder()
        .setBootstrapServers(bootstrapServers)
        .setKafkaProducerConfig(producerProperties())
        .setRecordSerializer(recordSerializer(kind, type, kafka))
        .setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)
        .setTransactionalIdPrefix(transactionalIdPrefix(kafka, id, kind))
        .build();
  }

  /** The transactional-id stem of the durable ledger's sink (as an output's file stem is for its sink). */
  static final String LEDGER_STEM = "privacy-ledger";

  /**
   * The sink of the durable ledger (docs/privacy-noise.md, 'The durable ledger'): every {@link LedgerEntry} to
   * {@code kafka.ledgerStoreTopic}, keyed by mechanism and subject ({@link KafkaLedgerStore#key}) so that compaction
   * keeps each subject's latest entry, exactly-once like every output: an entry becomes visible with the releases of
   * its checkpoint.
   */
  public static KafkaSink<LedgerEntry> ledgerSink(KafkaConfig kafka, String bootstrapServers, String id) {
    return KafkaSink.<LedgerEntry>builder()
        .setBootstrapServers(bootstrapServers)
        .setKafkaProducerConfig(producerProperties())
        .setRecordSerializer(new PublicationTime<>(KafkaRecordSerializationSchema.<LedgerEntry>builder()
            .setTopic(kafka.ledgerStoreTopic())
            .setKeySerializationSchema(new LedgerKey())
            .setValueSerializationSchema(new AvroValue<>(LedgerEntry.class))
            .build()))
        .setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)
        .setTransactionalIdPrefix(transactionalIdPrefix(kafka, id, LEDGER_STEM))
        .build();
  }

  /** The key of a ledger entry: {@link KafkaLedgerStore#key}. */
  static final class LedgerKey implements SerializationSchema<LedgerEntry> {
    private static final long serialVersionUID = 1L;

    @Override
    public byte[] serialize(LedgerEntry e) {
      return KafkaLedgerStore.key(e.getMechanism(), e.getSubjectId());
    }
  }

  /**
   * Topic, subject key and Avro value of an output record, with NO record timestamp: the producer stamps the time of
   * publication. Flink would otherwise stamp the element's event time, and the broker applies {@code retention.ms}
   * to record timestamps: the outputs of a data set older than the retention (7 days by default) would be deleted
   * as soon as their segment rolls, committed or not (docs/operators.md, 'Exactly-once and rescaling, tested').
   * The event time stays in the records themselves (their tick fields).
   */
  public static <T extends SpecificRecordBase> KafkaRecordSerializationSchema<T> recordSerializer(
      OutputKind kind, Class<T> type, KafkaConfig kafka) {
    return new PublicationTime<>(KafkaRecordSerializationSchema.<T>builder()
        .setTopic(kind.topic(kafka))
        .setKeySerializationSchema(new SubjectKey<>(type))
        .setValueSerializationSchema(new AvroValue<>(type))
        .build());
  }

  /** A record serializer whose records carry no timestamp (the producer sets the publication time). */
  static final class PublicationTime<T> implements KafkaRecordSerializationSchema<T> {
    private static final long serialVersionUID = 1L;
    private final KafkaRecordSerializationSchema<T> inner;

    PublicationTime(KafkaRecordSerializationSchema<T> inner) {
      this.inner = inner;
    }

    @Override
    public void open(SerializationSchema.InitializationContext context, KafkaSinkContext sinkContext)
        throws Exception {
      inner.open(context, sinkContext);
    }

    @Override
    public ProducerRecord<byte[], byte[]> serialize(T element, KafkaSinkContext context, Long eventTime) {
      return inner.serialize(element, context, null);
    }
  }

  /**
   * The producer settings of every output sink (also used by the pass-through job of {@code bench pipeline}, so the
   * two are compared on equal terms).
   */
  public static Properties producerProperties() {
    Properties producer = new Properties();
    producer.setProperty("transaction.timeout.ms", TRANSACTION_TIMEOUT_MS);
    producer.setProperty("batch.size", BATCH_SIZE);
    producer.setProperty("linger.ms", LINGER_MS);
    return producer;
  }

  /** {@code <kafka.transactionalIdPrefix>-<id>-<output>}; distinct per pipeline and output. */
  static String transactionalIdPrefix(KafkaConfig kafka, String id, OutputKind kind) {
    return transactionalIdPrefix(kafka, id, kind.fileStem());
  }

  private static String transactionalIdPrefix(KafkaConfig kafka, String id, String stem) {
    String pipeline = id.isEmpty() ? "" : id.substring(0, id.length() - 1).replace('/', '-') + "-";
    return kafka.transactionalIdPrefix() + "-" + pipeline + stem;
  }

  /** The record's {@code subjectId} as UTF-8, or no key when the record type has none (fleet histograms). */
  static final class SubjectKey<T extends SpecificRecordBase> implements SerializationSchema<T> {
    private static final long serialVersionUID = 1L;
    private final int position;

    SubjectKey(Class<T> type) {
      Schema.Field f = SpecificSchemas.schemaOf(type).getField("subjectId");
      this.position = f == null ? -1 : f.pos();
    }

    @Override
    public byte[] serialize(T element) {
      if (position < 0) {
        return null;
      }
      Object v = element.get(position);
      return v == null ? null : v.toString().getBytes(StandardCharsets.UTF_8);
    }
  }
}
