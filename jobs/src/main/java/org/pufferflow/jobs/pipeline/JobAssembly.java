package org.pufferflow.jobs.pipeline;

import java.util.List;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamUtils;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.pufferflow.avro.OptOut;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.jobs.config.InputConfig;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.config.KafkaConfig;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.jobs.io.file.FileInputs;
import org.pufferflow.jobs.io.kafka.KafkaInputs;
import org.pufferflow.operators.OptOutPreload;
import org.pufferflow.operators.RawRecord;
import org.pufferflow.operators.Rejections;
import org.pufferflow.operators.StateObservation;

/**
 * The whole job of one configuration (docs/operators.md, 'Running the operators'; docs/configuration.md):
 * <pre>
 *   Kafka input topic | input file ─→ [interceptor] ─→ ingestion ─→ [accepted interceptor]
 *     ─→ accepted observations (keyed by subject)
 *     ─→ every enabled mechanism (opt-outs, for those that read them: a Kafka topic, or a CSV file applied before
 *        any decision)
 *     ─→ one sink per output: Kafka (EXACTLY_ONCE) or files;  rejected = ingestion ∪ mechanisms ∪ bad opt-outs
 *     ─→ every mechanism's ledger entries ─→ the durable ledger (kafka.ledgerStoreTopic, or ledger.dir's
 *        staged parts)
 * </pre>
 * Execution settings (parallelism, checkpointing, state backend) are not set here ({@link ExecutionSettings}). Build
 * with {@link #builder}; conflicting or missing settings are refused when {@link Builder#build} is called.
 */
@PublicEvolving
public final class JobAssembly {

  static final TypeInformation<RawRecord> RAW_TYPE = TypeInformation.of(RawRecord.class);
  static final TypeInformation<StateObservation> OBSERVATION_TYPE = TypeInformation.of(StateObservation.class);

  private JobAssembly() {}

  public static Builder builder(JobConfig config) {
    return new Builder(PufferPreconditions.checkNotNull("config", config));
  }

  /** Settings of one pipeline; {@link #build} adds it to an environment. */
  public static final class Builder {
    private final JobConfig config;
    private String bootstrapServers;
    private OffsetsInitializer stoppingOffsets;
    private OffsetsInitializer optOutStoppingOffsets;
    private OffsetsInitializer startingOffsets = KafkaInputs.COMMITTED;
    private boolean boundedSet;
    private String id = "";
    private MapFunction<RawRecord, RawRecord> interceptor;
    private MapFunction<StateObservation, StateObservation> acceptedInterceptor;

    private Builder(JobConfig config) {
      this.config = config;
    }

    /** The broker (host:port list); required when input or output is Kafka, refused otherwise. */
    public Builder bootstrapServers(String hostPorts) {
      PufferPreconditions.checkArgument(hostPorts != null && !hostPorts.isBlank()
          && !KafkaConfig.EMBEDDED.equals(hostPorts),
          "bootstrapServers = %s: must be a host:port list (start the embedded broker first)", hostPorts);
      this.bootstrapServers = hostPorts;
      return this;
    }

    /**
     * Kafka input: read up to the end offsets found at job start, then finish. Like an unbounded job, a bounded one
     * started without state reads from the group's committed offsets (the earliest for a new group) unless
     * {@link #fromEarliest} is set.
     */
    public Builder bounded(boolean bounded) {
      PufferPreconditions.checkArgument(!boundedSet, "bounded = %s: conflicts with a bound set earlier on this"
          + " builder", bounded);
      this.stoppingOffsets = bounded ? OffsetsInitializer.latest() : null;
      this.optOutStoppingOffsets = stoppingOffsets;
      this.boundedSet = true;
      return this;
    }

    /**
     * Kafka input: read from the group's committed offsets (or, with {@link #fromEarliest}, the earliest ones) up to
     * {@code stoppingOffsets} (the source waits for them), then finish; the opt-out topic (with redaction) up to its
     * end offsets at job start.
     */
    public Builder boundedAt(OffsetsInitializer stoppingOffsets) {
      return boundedAt(stoppingOffsets, OffsetsInitializer.latest());
    }

    /**
     * Kafka input: read the input topic up to {@code observations} and the opt-out topic up to {@code optOuts} (the
     * sources wait for them: for inputs still being produced), then finish. Starts as {@link #boundedAt(
     * OffsetsInitializer)} does.
     */
    public Builder boundedAt(OffsetsInitializer observations, OffsetsInitializer optOuts) {
      PufferPreconditions.checkArgument(!boundedSet, "boundedAt = %s: conflicts with a bound set earlier on this"
          + " builder", observations);
      this.stoppingOffsets = PufferPreconditions.checkNotNull("stoppingOffsets", observations);
      this.optOutStoppingOffsets = PufferPreconditions.checkNotNull("optOutStoppingOffsets", optOuts);
      this.boundedSet = true;
      return this;
    }

    /**
     * Kafka input: a job started without state reads its topics from their earliest offsets, whatever the group
     * committed (benchmarks, which read the same topic with the same group again and again); state restored from a
     * savepoint still has its own offsets.
     */
    public Builder fromEarliest() {
      this.startingOffsets = OffsetsInitializer.earliest();
      return this;
    }

    /** Prefix of operator uids, names, transactional ids and progress counters; for several pipelines in a job. */
    public Builder id(String id) {
      PufferPreconditions.checkNotNull("id", id);
      this.id = id.isEmpty() || id.endsWith("/") ? id : id + "/";
      return this;
    }

    /** A map applied to every input record right after the source (tests: failure injection). */
    public Builder interceptor(MapFunction<RawRecord, RawRecord> interceptor) {
      this.interceptor = PufferPreconditions.checkNotNull("interceptor", interceptor);
      return this;
    }

    /**
     * A map applied to every accepted observation, in line between tick order and the mechanisms (benchmarks: the
     * end of ingestion is timed there without branching the stream, which would make Flink hand each observation to
     * two operators).
     */
    public Builder acceptedInterceptor(MapFunction<StateObservation, StateObservation> interceptor) {
      this.acceptedInterceptor = PufferPreconditions.checkNotNull("acceptedInterceptor", interceptor);
      return this;
    }

    /** Adds sources, ingestion, mechanisms and sinks to {@code env}. */
    public Assembled build(StreamExecutionEnvironment env) {
      boolean kafkaIo = config.usesKafka();
      PufferPreconditions.checkArgument(kafkaIo == (bootstrapServers != null),
          "bootstrapServers = %s: %s", bootstrapServers,
          kafkaIo ? "required: the job reads or writes Kafka" : "the job reads and writes files only");
      PufferPreconditions.checkArgument(config.input().kafka() || !boundedSet,
          "bounded: only for a Kafka input (a file input is bounded)");
      JobTypes.applyJobRules(env);
      return new Wiring(this, env).wire();
    }
  }

  /** One build. */
  private static final class Wiring {
    final Builder b;
    final JobConfig config;
    final StreamExecutionEnvironment env;
    final String id;
    final OutputSinks sinks;

    Wiring(Builder b, StreamExecutionEnvironment env) {
      this.b = b;
      this.config = b.config;
      this.env = env;
      this.id = b.id;
      this.sinks = OutputSinks.of(config, b.bootstrapServers, id);
    }

    Assembled wire() {
      DataStream<RawRecord> raw = observations();
      if (b.interceptor != null) {
        raw = raw.map(b.interceptor, RAW_TYPE).name(id + "interceptor").uid(id + "interceptor");
      }
      raw = ProgressCounters.count(raw, id, ProgressCounters.READ, RAW_TYPE);
      IngestStreams ingest = Ingestion.attach(config, raw, id);
      DataStream<StateObservation> accepted = ingest.observations();
      if (b.acceptedInterceptor != null) {
        accepted = accepted.map(b.acceptedInterceptor, OBSERVATION_TYPE).name(id + "accepted interceptor")
            .uid(id + "accepted-interceptor");
      }
      accepted = ProgressCounters.count(accepted, id, ProgressCounters.ACCEPTED, OBSERVATION_TYPE);
      // ingestion's tick-order operator is keyed by subject with the same key: no second shuffle
      KeyedStream<StateObservation, String> keyed =
          DataStreamUtils.reinterpretAsKeyedStream(accepted, o -> o.subjectId, Types.STRING);

      DataStream<RejectedObservation> rejected = ingest.rejected();
      DataStream<OptOut> optOuts = null;
      OptOutPreload preload = OptOutPreload.NONE;
      if (config.readsOptOuts()) {
        if (config.input() instanceof InputConfig.File f) {
          preload = f.optOutsPath() == null ? OptOutPreload.NONE
              : OptOutPreload.of(FileInputs.optOuts(java.nio.file.Path.of(f.optOutsPath())));
        } else {
          KafkaConfig kafka = config.kafka();
          DataStream<RawRecord> rawOptOuts = KafkaInputs.rawOptOuts(env, b.bootstrapServers, kafka.optOutTopic(),
              kafka.groupId(), b.startingOffsets, b.optOutStoppingOffsets, eventTime(),
              id + "opt-outs: " + kafka.optOutTopic(), id + "opt-out-source");
          SingleOutputStreamOperator<OptOut> decoded = KafkaInputs.optOuts(rawOptOuts, id);
          rejected = rejected.union(decoded.getSideOutput(Rejections.TAG));
          optOuts = decoded;
        }
      }
      MechanismStreams m = MechanismStreams.attach(config, keyed, optOuts, preload,
          LedgerStores.of(config, b.bootstrapServers), id);
      if (m.rejected() != null) {
        rejected = rejected.union(m.rejected());
      }
      sink(rejected, OutputKind.REJECTED);
      for (var e : m.outputs().entrySet()) {
        sink(e.getValue(), e.getKey());
      }
      sink(m.ledgerEvents(), OutputKind.LEDGER_EVENTS);
      if (m.ledgerEntries() != null) {
        sinks.attachLedger(m.ledgerEntries());
      }
      return new Assembled(ingest, m, OutputKind.of(config), id);
    }

    private DataStream<RawRecord> observations() {
      if (config.input() instanceof InputConfig.File f) {
        return FileInputs.observations(env, f, config.discretizer(), id);
      }
      KafkaConfig kafka = config.kafka();
      return KafkaInputs.observations(env, b.bootstrapServers, kafka.inputTopic(), kafka.groupId(),
          b.startingOffsets, b.stoppingOffsets, eventTime(), id + "observations: " + kafka.inputTopic(),
          id + "kafka-source");
    }

    /** The Kafka sources' event time; the pipeline's sources form one watermark-alignment group. */
    private WatermarkStrategy<RawRecord> eventTime() {
      return KafkaInputs.eventTime(config.time(), "pufferflow-" + id + "event-time");
    }

    /** The sink of {@code kind}; nothing when the configuration does not have the output ({@code stream == null}). */
    @SuppressWarnings("unchecked")
    private <T extends SpecificRecordBase> void sink(DataStream<?> stream, OutputKind kind) {
      if (stream == null) {
        return;
      }
      Class<T> type = (Class<T>) kind.recordClass();
      DataStream<T> counted = ProgressCounters.count((DataStream<T>) stream, id, kind.fileStem(),
          TypeInformation.of(type));
      sinks.attach(counted, kind, type);
    }
  }
}
