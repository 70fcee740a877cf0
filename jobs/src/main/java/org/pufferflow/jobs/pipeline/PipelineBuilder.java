package org.pufferflow.jobs.pipeline;

import java.time.Duration;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.core.execution.CheckpointingMode;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.config.KafkaConfig;
import org.pufferflow.operators.RawRecord;

/**
 * The ingestion half of a job alone, Kafka in and the rejected topic out (docs/ingestion.md, 'Event time and
 * lateness'); the whole job is {@link JobAssembly}, which shares its source, operators and sinks:
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
    DataStream<RawRecord> raw = KafkaInputs.raw(env, bootstrapServers, kafka.inputTopic(), kafka.groupId(),
        stoppingOffsets, WatermarkStrategy.noWatermarks(), id + "observations: " + kafka.inputTopic(),
        id + "kafka-source");
    IngestStreams streams = Ingestion.attach(config, raw, id);
    streams.rejected()
        .sinkTo(KafkaOutputs.sink(OutputKind.REJECTED, RejectedObservation.class, kafka, bootstrapServers, id))
        .name(id + "rejected: " + kafka.rejectedTopic()).uid(id + "rejected-sink");
    return streams;
  }
}
