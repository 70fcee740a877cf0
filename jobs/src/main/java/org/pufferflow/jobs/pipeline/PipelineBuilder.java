package org.pufferflow.jobs.pipeline;

import java.time.Duration;
import java.util.Properties;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.base.DeliveryGuarantee;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.KafkaSourceBuilder;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.core.execution.CheckpointingMode;
import org.apache.flink.formats.avro.AvroSerializationSchema;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.kafka.clients.consumer.OffsetResetStrategy;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.ingest.ObservationValidator;
import org.pufferflow.ingest.TickClock;
import org.pufferflow.ingest.TickOrder;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.config.KafkaConfig;
import org.pufferflow.jobs.config.TimeConfig;
import org.pufferflow.operators.AcceptedRecord;
import org.pufferflow.operators.RawRecord;
import org.pufferflow.operators.Rejections;
import org.pufferflow.operators.StateObservation;
import org.pufferflow.operators.TickOrderFunction;
import org.pufferflow.operators.ValidateObservations;

/**
 * Wires the ingestion half of the job (docs/ingestion.md, 'Event time and lateness', docs/ingestion.md):
 * <pre>
 *   KafkaSource(input, read_committed) → validate + discretize ─(rejected)─┐
 *        → timestamps/watermarks (event time, lateness L ticks, idleness)   ├→ KafkaSink(rejected, EXACTLY_ONCE)
 *        → keyBy(subject) → tick order (buffer, DUPLICATE_TICK, TOO_LATE) ──┘
 *        → StateObservation (subject, tick, state)  ← the mechanisms attach here
 * </pre>
 * Checkpointing is enabled (exactly-once mode), as the transactional sink requires, and generic (Kryo) types are
 * disabled for the whole job ({@link JobTypes}). Use {@link #bounded(boolean)}
 * for a run that reads the input up to its end offsets at start and then finishes (demo, tests, offline
 * publishing of a topic).
 */
public final class PipelineBuilder {

  /** Producer transaction timeout: below the broker's default maximum (15 min). */
  static final String TRANSACTION_TIMEOUT_MS = "600000";

  private final JobConfig config;
  private final String bootstrapServers;
  private OffsetsInitializer stoppingOffsets;
  private Duration checkpointInterval = Duration.ofSeconds(5);
  private String id = "";

  /**
   * @param config a validated job configuration
   * @param bootstrapServers the broker(s) to use; overrides {@code kafka.bootstrapServers} (which may be
   *     {@code embedded})
   */
  public PipelineBuilder(JobConfig config, String bootstrapServers) {
    this.config = PufferPreconditions.checkNotNull("config", config);
    this.bootstrapServers = PufferPreconditions.checkNotNull("bootstrapServers", bootstrapServers);
    PufferPreconditions.checkArgument(!bootstrapServers.isBlank() && !KafkaConfig.EMBEDDED.equals(bootstrapServers),
        "bootstrapServers = %s: must be a host:port list (start the embedded broker first)", bootstrapServers);
  }

  /** Read the input topic from the start to the end offsets found at job start, then finish. Default: unbounded. */
  public PipelineBuilder bounded(boolean bounded) {
    this.stoppingOffsets = bounded ? OffsetsInitializer.latest() : null;
    return this;
  }

  /**
   * Read the input topic from the start up to {@code stoppingOffsets} (which may lie ahead of what is in the topic
   * now: the source waits for them), then finish.
   */
  public PipelineBuilder boundedAt(OffsetsInitializer stoppingOffsets) {
    this.stoppingOffsets = PufferPreconditions.checkNotNull("stoppingOffsets", stoppingOffsets);
    return this;
  }

  /** Checkpoint interval; the rejected topic's transactions commit on checkpoints. Default 5 s. */
  public PipelineBuilder checkpointInterval(Duration interval) {
    PufferPreconditions.checkArgument(interval != null && !interval.isNegative() && !interval.isZero(),
        "checkpointInterval = %s: must be > 0", interval);
    this.checkpointInterval = interval;
    return this;
  }

  /**
   * A prefix for operator uids and names, for a Flink job that ingests several inputs (each pipeline's operators
   * need distinct uids). Default: none.
   */
  public PipelineBuilder id(String id) {
    this.id = PufferPreconditions.checkNotNull("id", id).isEmpty() ? "" : id + "/";
    return this;
  }

  /** Adds the ingestion operators and the rejected-topic sink to {@code env}; returns the streams. */
  public IngestStreams build(StreamExecutionEnvironment env) {
    KafkaConfig kafka = config.kafka();
    env.enableCheckpointing(checkpointInterval.toMillis(), CheckpointingMode.EXACTLY_ONCE);
    JobTypes.disableGenericTypes(env);

    DataStream<RawRecord> raw =
        env.fromSource(source(kafka), WatermarkStrategy.noWatermarks(), id + "observations: " + kafka.inputTopic())
            .uid(id + "kafka-source");
    IngestStreams streams = Ingestion.attach(config, raw, id);
    streams.rejected().sinkTo(rejectedSink(kafka)).name(id + "rejected: " + kafka.rejectedTopic())
        .uid(id + "rejected-sink");
    return streams;
  }

  private KafkaSource<RawRecord> source(KafkaConfig kafka) {
    KafkaSourceBuilder<RawRecord> b =
        KafkaSource.<RawRecord>builder()
            .setBootstrapServers(bootstrapServers)
            .setTopics(kafka.inputTopic())
            .setGroupId(kafka.groupId())
            .setDeserializer(new RawRecordDeserializer())
            .setProperty("isolation.level", "read_committed")
            .setProperty("partition.discovery.interval.ms", stoppingOffsets != null ? "-1" : "60000");
    if (stoppingOffsets != null) {
      b.setStartingOffsets(OffsetsInitializer.earliest()).setBounded(stoppingOffsets);
    } else {
      b.setStartingOffsets(OffsetsInitializer.committedOffsets(OffsetResetStrategy.EARLIEST));
    }
    return b.build();
  }

  private KafkaSink<RejectedObservation> rejectedSink(KafkaConfig kafka) {
    Properties producer = new Properties();
    producer.setProperty("transaction.timeout.ms", TRANSACTION_TIMEOUT_MS);
    return KafkaSink.<RejectedObservation>builder()
        .setBootstrapServers(bootstrapServers)
        .setKafkaProducerConfig(producer)
        .setRecordSerializer(
            KafkaRecordSerializationSchema.<RejectedObservation>builder()
                .setTopic(kafka.rejectedTopic())
                .setValueSerializationSchema(AvroSerializationSchema.forSpecific(RejectedObservation.class))
                .build())
        .setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)
        .setTransactionalIdPrefix(kafka.transactionalIdPrefix() + "-" + id.replace('/', '-') + "rejected")
        .build();
  }
}
