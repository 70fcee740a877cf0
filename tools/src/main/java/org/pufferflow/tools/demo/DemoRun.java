package org.pufferflow.tools.demo;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import me.tongfei.progressbar.DelegatingProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.HeartbeatManagerOptions;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.core.execution.CheckpointingMode;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.pufferflow.avro.OptOut;
import org.pufferflow.jobs.config.KafkaConfig;
import org.pufferflow.jobs.io.kafka.AvroTopicReader;
import org.pufferflow.jobs.io.kafka.KafkaPreflight;
import org.pufferflow.jobs.kafka.EmbeddedKafka;
import org.pufferflow.jobs.config.ExecutionConfig;
import org.pufferflow.jobs.pipeline.Assembled;
import org.pufferflow.jobs.pipeline.ExecutionSettings;
import org.pufferflow.jobs.pipeline.JobAssembly;
import org.pufferflow.jobs.pipeline.ProgressCounters;
import org.pufferflow.jobs.io.OutputKind;

/**
 * Runs the demo's pipelines (docs/cli.md, 'demo'): starts the embedded Kafka broker, creates every topic, writes the
 * opt-outs, assembles all pipelines into one Flink job on a local cluster with {@value #SLOTS} slots (each pipeline
 * bounded at the end offsets of its feed plan), feeds the plans over the given duration while a progress bar shows
 * records fed and processed, and then reads every output topic back as a {@code read_committed} consumer until the
 * expected counts are reached ({@link DemoPipeline#expected}) or {@link #READ_TIMEOUT} passes.
 */
@Internal
public final class DemoRun {

  static final int SLOTS = 2;
  static final int PARTITIONS = 2;
  static final Duration READ_TIMEOUT = Duration.ofSeconds(60);
  /** Checkpoints commit the outputs' transactions: often, so the outputs appear while the demo runs. */
  static final Duration CHECKPOINT_INTERVAL = Duration.ofSeconds(1);

  private DemoRun() {}

  /** Runs {@code pipelines} for about {@code seconds} and returns what each output topic holds. */
  public static List<DemoPipeline.Outputs> run(List<DemoPipeline> pipelines, int seconds, PrintStream err)
      throws Exception {
    Path checkpoints = Files.createTempDirectory("pufferflow-demo-checkpoints-");
    try (EmbeddedKafka kafka = EmbeddedKafka.start()) {
      String servers = kafka.bootstrapServers();
      createTopics(kafka, pipelines);
      writeOptOuts(servers, pipelines);
      Configuration flink = ExecutionSettings.localConfiguration(ExecutionConfig.UNSET, checkpoints);
      flink.set(RestartStrategyOptions.RESTART_STRATEGY, "none"); // a failure ends the demo with its cause
      flink.set(HeartbeatManagerOptions.HEARTBEAT_INTERVAL, Duration.ofSeconds(1)); // fresher progress counts
      StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(SLOTS, flink);
      ExecutionSettings.applyLocal(env, ExecutionConfig.UNSET);
      env.setParallelism(SLOTS);
      env.enableCheckpointing(CHECKPOINT_INTERVAL.toMillis(), CheckpointingMode.EXACTLY_ONCE);
      Map<DemoPipeline, Assembled> assembled = new HashMap<>();
      for (DemoPipeline p : pipelines) {
        Map<TopicPartition, Long> end = new HashMap<>();
        for (int i = 0; i < p.plan().partitions(); i++) {
          end.put(new TopicPartition(p.plan().topic(), i), p.plan().endOffset(i));
        }
        assembled.put(p, JobAssembly.builder(p.config()).bootstrapServers(servers).id(p.id())
            .boundedAt(OffsetsInitializer.offsets(end)).build(env));
      }
      List<FeedPlan> plans = pipelines.stream().map(DemoPipeline::plan).toList();
      long total = plans.stream().mapToLong(FeedPlan::totalRecords).sum();
      err.printf("Kafka at %s; feeding %,d records over %d s into %d pipelines of one Flink job%n", servers, total,
          seconds, pipelines.size());
      JobClient job = env.executeAsync("pufferflow demo");
      DemoFeeder feeder = new DemoFeeder(servers, plans, seconds * 1000L);
      Thread feed = new Thread(feeder, "demo-feeder");
      feed.setDaemon(true);
      feed.start();
      awaitWithProgress(job, feeder, total, assembled.values(), err);
      feed.join(TimeUnit.SECONDS.toMillis(10));
      if (feeder.failure() != null) {
        throw new IllegalStateException("feeding the demo input failed: " + feeder.failure().getMessage(),
            feeder.failure());
      }
      List<DemoPipeline.Outputs> result = new ArrayList<>();
      for (DemoPipeline p : pipelines) {
        result.add(read(servers, p, assembled.get(p).outputs(), err));
      }
      return result;
    } finally {
      deleteRecursively(checkpoints);
    }
  }

  private static void deleteRecursively(Path dir) throws IOException {
    try (var files = Files.walk(dir)) {
      for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(f);
      }
    }
  }

  /**
   * Creates every topic of every pipeline once, with unlimited retention: a safeguard. Every record the demo writes
   * and the job publishes carries its publication time as Kafka timestamp (docs/configuration.md, 'Kafka record
   * timestamps'); when the outputs carried the synthetic event times (2026-01-01 onwards) instead, the broker's
   * default retention of 7 days deleted them at its next check, while the demo was still reading them.
   */
  static void createTopics(EmbeddedKafka kafka, List<DemoPipeline> pipelines) {
    Set<String> done = new LinkedHashSet<>();
    List<NewTopic> topics = new ArrayList<>();
    for (DemoPipeline p : pipelines) {
      KafkaConfig k = p.config().kafka();
      List<String> names = new ArrayList<>();
      names.add(k.inputTopic());
      if (p.config().readsOptOuts()) {
        names.add(k.optOutTopic());
      }
      for (OutputKind kind : OutputKind.all()) {
        names.add(kind.topic(k));
      }
      if (done.add(k.ledgerStoreTopic())) { // the durable ledger keeps its latest entries: compacted, no retention
        topics.add(new NewTopic(k.ledgerStoreTopic(), 1, (short) 1).configs(KafkaPreflight.LEDGER_STORE_CONFIG));
      }
      for (String name : names) {
        if (done.add(name)) {
          topics.add(new NewTopic(name, name.equals(k.inputTopic()) ? PARTITIONS : 1, (short) 1)
              .configs(Map.of(TopicConfig.RETENTION_MS_CONFIG, "-1", TopicConfig.RETENTION_BYTES_CONFIG, "-1")));
        }
      }
    }
    kafka.createTopics(topics);
  }

  /** Writes every plan's opt-outs (Avro) before the job starts, so the redaction sees them before the records. */
  private static void writeOptOuts(String servers, List<DemoPipeline> pipelines) throws Exception {
    Properties p = new Properties();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, servers);
    p.put(ProducerConfig.ACKS_CONFIG, "all");
    try (KafkaProducer<String, byte[]> producer =
        new KafkaProducer<>(p, new StringSerializer(), new ByteArraySerializer())) {
      for (DemoPipeline pipeline : pipelines) {
        for (OptOut o : pipeline.plan().optOuts()) {
          producer.send(new ProducerRecord<>(pipeline.config().kafka().optOutTopic(), o.getSubjectId(),
              avro(o))).get(30, TimeUnit.SECONDS);
        }
      }
    }
  }

  /** Plain Avro binary (no single-object header), as the job's Avro deserializers read it. */
  static byte[] avro(OptOut o) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    BinaryEncoder e = EncoderFactory.get().binaryEncoder(bytes, null);
    new SpecificDatumWriter<>(OptOut.class).write(o, e);
    e.flush();
    return bytes.toByteArray();
  }

  private static void awaitWithProgress(JobClient job, DemoFeeder feeder, long total,
      java.util.Collection<Assembled> pipelines, PrintStream err) throws Exception {
    CompletableFuture<JobExecutionResult> done = job.getJobExecutionResult();
    try (ProgressBar bar = new ProgressBarBuilder().setTaskName("demo").setInitialMax(total)
        .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(250).setUnit(" rec", 1)
        .setConsumer(new DelegatingProgressBarConsumer(s -> {
          err.print('\r');
          err.print(s);
          err.flush();
        }, 100))
        .build()) {
      while (!done.isDone()) {
        bar.stepTo(feeder.sent());
        Long processed = processed(job, pipelines);
        bar.setExtraMessage(processed == null ? "" : String.format(" processed %,d", processed));
        if (feeder.failure() != null) {
          job.cancel();
        }
        try {
          done.get(300, TimeUnit.MILLISECONDS);
        } catch (TimeoutException ignored) {
          // keep polling
        }
      }
      JobExecutionResult result = done.get();
      bar.stepTo(feeder.sent());
      bar.setExtraMessage(String.format(" processed %,d, job finished",
          read(result.getAllAccumulatorResults(), pipelines)));
    }
    err.println();
  }

  /** Input records read by the pipelines so far, or null while unknown. */
  private static Long processed(JobClient job, java.util.Collection<Assembled> pipelines) {
    try {
      return read(job.getAccumulators().get(200, TimeUnit.MILLISECONDS), pipelines);
    } catch (Exception e) {
      return null;
    }
  }

  private static long read(Map<String, Object> accumulators, java.util.Collection<Assembled> pipelines) {
    long n = 0;
    for (Assembled a : pipelines) {
      n += ProgressCounters.of(accumulators, a.id(), List.of()).get(ProgressCounters.READ);
    }
    return n;
  }

  private static DemoPipeline.Outputs read(String servers, DemoPipeline p, Set<OutputKind> kinds, PrintStream err)
      throws IOException {
    Map<OutputKind, List<? extends SpecificRecord>> records = new java.util.LinkedHashMap<>();
    for (OutputKind kind : kinds) {
      long expected = p.expected(kind);
      List<? extends SpecificRecord> r = AvroTopicReader.readAll(servers, kind.topic(p.config().kafka()),
          kind.recordClass(), expected, READ_TIMEOUT);
      records.put(kind, r);
      err.printf("  %-10s %-18s %,7d records (expected %s)%n", p.id(), kind.label(), r.size(),
          DemoReport.expectedCount(kind, expected));
    }
    return new DemoPipeline.Outputs(p, records);
  }
}
