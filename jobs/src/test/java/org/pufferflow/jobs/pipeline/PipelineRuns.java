package org.pufferflow.jobs.pipeline;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.core.execution.CheckpointingMode;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.pufferflow.avro.Observation;
import org.pufferflow.avro.OptOut;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.jobs.testing.CommittedRecords;
import org.pufferflow.jobs.testing.ObservationRecords;
import org.pufferflow.jobs.testing.ObservationRecords.Keyed;
import org.pufferflow.operators.RawRecord;

/**
 * Test fixture of the exactly-once and rescaling tests: one configuration with every mechanism (DPHMM, MQM with the
 * fleet histogram, redaction with opt-outs from Kafka) on a two-state model, whose Kafka topics carry a per-run
 * suffix; a synthetic input (subjects × ticks, in tick order, with poison records); a failure/throttle interceptor;
 * and a comparable snapshot of every committed output topic.
 */
final class PipelineRuns {

  static final int SUBJECTS = 50;
  static final int TICKS = 60;
  /** A poison record (not Avro) after every this many observations. */
  static final int POISON_EVERY = 500;

  private PipelineRuns() {}

  /** The configuration of run {@code run}: own output topics, transactional ids and group; shared inputs. */
  static JobConfig config(Path dir, String run, String inputTopic, String optOutTopic) throws IOException {
    Path key = dir.resolve("noise.key");
    if (!Files.exists(key)) {
      StringBuilder hex = new StringBuilder();
      for (int i = 0; i < 32; i++) {
        hex.append(String.format("%02x", (11 * i + 3) % 256));
      }
      Files.writeString(key, hex);
    }
    String yaml = String.join("\n",
        "kafka: {bootstrapServers: embedded, inputTopic: " + inputTopic + ", optOutTopic: " + optOutTopic + ",",
        "  rejectedTopic: rej-" + run + ", dphmmTopic: dphmm-" + run + ", mqmTopic: mqm-" + run + ",",
        "  redactedTopic: red-" + run + ", ledgerTopic: ledger-" + run + ", fleetTopic: fleet-" + run + ",",
        "  ledgerStoreTopic: store-" + run + ", transactionalIdPrefix: tx-" + run + ", groupId: g-" + run + "}",
        "time: {tickMillis: 1000}",
        "model: {states: [\"off\", \"on\"], transition: [[0.8, 0.2], [0.3, 0.7]], query: [[0.0], [1.0]]}",
        "discretizer: {type: categorical}",
        // a budget that runs out before the input does: ledger events, and releases that stop, are part of the
        // output (a restore that charged twice, or forgot a charge, would show)
        "dphmm: {epsilon: 1.0, policyGraph: {type: complete}, budget: {total: 40.0}}",
        "mqm: {window: 8, slide: 4, epsilon: 1.0, fleet: true, budget: {total: 1000.0}}",
        "redaction: {alpha: 0.2, beta: 0.3, epsilon: 1.0, holdBackTicks: 4}",
        "noise: {keyFile: " + key.toAbsolutePath() + "}", "");
    return ConfigLoader.parse(yaml, dir);
  }

  /**
   * An environment of the recovery tests: {@code parallelism}, exactly-once checkpoints every 200 ms and fixed-delay
   * restarts ({@code attempts}, {@code delay} apart), so a failure restores from the last checkpoint.
   */
  static StreamExecutionEnvironment restartingEnvironment(int parallelism, int attempts, Duration delay) {
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
    Configuration restarts = new Configuration();
    restarts.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
    restarts.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, attempts);
    restarts.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, delay);
    env.configure(restarts);
    env.setParallelism(parallelism);
    env.enableCheckpointing(200, CheckpointingMode.EXACTLY_ONCE);
    return env;
  }

  /** Observations of ticks [{@code fromTick}, {@code toTick}) for every subject, in tick order, with poison. */
  static List<Keyed> observations(int fromTick, int toTick) {
    List<Keyed> out = new ArrayList<>();
    int n = fromTick * SUBJECTS;
    for (int t = fromTick; t < toTick; t++) {
      for (int s = 0; s < SUBJECTS; s++) {
        // a deterministic two-state pattern that differs per subject
        boolean on = Integer.bitCount((s * 7 + 3) * (t / (2 + s % 5) + 1)) % 2 == 0;
        Observation o = Observation.newBuilder().setSubjectId("s" + s)
            .setEventTime(Instant.ofEpochMilli(t * 1000L + 500)).setStateLabel(on ? "on" : "off").build();
        out.add(new Keyed("s" + s, ObservationRecords.encode(o)));
        if (++n % POISON_EVERY == 0) {
          out.add(new Keyed("poison", new byte[] {(byte) 0xff, (byte) n, 2, 3}));
        }
      }
    }
    return out;
  }

  /**
   * Three opt-outs for late ticks of three subjects, each issued at the start of its first tick (in time for all of
   * it, docs/redaction.md), and one undecodable opt-out.
   */
  static List<Keyed> optOuts() {
    return List.of(
        new Keyed("s1", ObservationRecords.encode(optOut("s1", 44, 47))),
        new Keyed("s17", ObservationRecords.encode(optOut("s17", 50, 50))),
        new Keyed("s33", ObservationRecords.encode(optOut("s33", 40, 52))),
        new Keyed("x", new byte[] {9, 9, 9, 9, 9}));
  }

  /** An opt-out of ticks [from, to] (1 s each) issued at the start of tick {@code from}. */
  static OptOut optOut(String subject, long from, long to) {
    return new OptOut(subject, from, to, Instant.ofEpochMilli(from * 1000L));
  }

  /**
   * Every committed output of {@code config}, comparable across runs: per output, per record key (the subject; a
   * record without key under "") the hex of the Avro values in partition-offset order. Keyless records (fleet
   * histograms, poison rejections) come from several subtasks in no fixed order and are sorted.
   */
  static Map<String, Map<String, List<String>>> committed(String bootstrap, JobConfig config) throws IOException {
    Map<String, Map<String, List<String>>> all = new TreeMap<>();
    for (OutputKind k : OutputKind.of(config)) {
      Map<String, List<String>> bySubject = new TreeMap<>();
      for (CommittedRecords.Rec<?> r : CommittedRecords.read(bootstrap, k.topic(config.kafka()), k.recordClass())) {
        String subject = r.key() == null ? "" : new String(r.key(), StandardCharsets.UTF_8);
        bySubject.computeIfAbsent(subject, s -> new ArrayList<>()).add(HexFormat.of().formatHex(r.value()));
      }
      if (bySubject.containsKey("")) {
        bySubject.get("").sort(null);
      }
      all.put(k.fileStem(), bySubject);
    }
    return all;
  }

  /** Number of records of a topic read read_uncommitted (records of aborted transactions included). */
  static long uncommittedCount(String bootstrap, String topic) {
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_uncommitted");
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    long n = 0;
    try (KafkaConsumer<byte[], byte[]> c =
        new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      List<TopicPartition> parts = new ArrayList<>();
      c.partitionsFor(topic, Duration.ofSeconds(30)).forEach(i -> parts.add(new TopicPartition(topic, i.partition())));
      c.assign(parts);
      c.seekToBeginning(parts);
      Map<TopicPartition, Long> end = c.endOffsets(parts);
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (parts.stream().anyMatch(tp -> c.position(tp) < end.get(tp))) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("timed out reading " + topic);
        }
        for (ConsumerRecord<byte[], byte[]> ignored : c.poll(Duration.ofMillis(200))) {
          n++;
        }
      }
    }
    return n;
  }

  /** What the interceptors of one run saw, per attempt number (static: the MiniCluster runs in this JVM). */
  static final class Seen {
    private static final Map<String, Map<Integer, AtomicLong>> RECORDS = new ConcurrentHashMap<>();
    private static final Map<String, AtomicInteger> FAILURES = new ConcurrentHashMap<>();

    static Map<Integer, AtomicLong> records(String run) {
      return RECORDS.computeIfAbsent(run, r -> new ConcurrentHashMap<>());
    }

    static AtomicInteger failures(String run) {
      return FAILURES.computeIfAbsent(run, r -> new AtomicInteger());
    }
  }

  /**
   * The test hook after the source: sleeps {@code sleepMillis} per record (so checkpoints complete while the input
   * is read), counts records per attempt, and when {@code failAfter > 0} throws once in subtask 0 on attempt 0 at
   * the record {@link #RECORDS_IN_OPEN_TRANSACTION} after {@code failAfter} records and a completed checkpoint.
   */
  static final class Interceptor extends RichMapFunction<RawRecord, RawRecord> implements CheckpointListener {
    private static final long serialVersionUID = 1L;
    /**
     * Records read after a completed checkpoint before the failure: enough that later ticks release outputs into the
     * transactions open at the failure (which must then be aborted, never committed).
     */
    static final int RECORDS_IN_OPEN_TRANSACTION = 100;
    private final String run;
    private final long sleepMillis;
    private final long failAfter;
    private transient long count;
    private transient volatile boolean checkpointed;
    private transient AtomicLong seen;
    private transient boolean mayFail;
    private transient long sinceArmed;

    Interceptor(String run, long sleepMillis, long failAfter) {
      this.run = run;
      this.sleepMillis = sleepMillis;
      this.failAfter = failAfter;
    }

    @Override
    public void open(OpenContext context) {
      int attempt = getRuntimeContext().getTaskInfo().getAttemptNumber();
      seen = Seen.records(run).computeIfAbsent(attempt, a -> new AtomicLong());
      mayFail = failAfter > 0 && attempt == 0 && getRuntimeContext().getTaskInfo().getIndexOfThisSubtask() == 0;
    }

    @Override
    public RawRecord map(RawRecord value) throws Exception {
      count++;
      seen.incrementAndGet();
      if (sleepMillis > 0) {
        Thread.sleep(sleepMillis);
      }
      if (mayFail && checkpointed && count >= failAfter && ++sinceArmed > RECORDS_IN_OPEN_TRANSACTION) {
        mayFail = false;
        Seen.failures(run).incrementAndGet();
        throw new IllegalStateException("injected failure after " + count + " records");
      }
      return value;
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
      checkpointed = true;
    }
  }
}
