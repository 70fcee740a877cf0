package org.pufferflow.jobs.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.pufferflow.common.FileProblems;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.pufferflow.operators.state.IncompatibleSavepointException;
import org.pufferflow.jobs.config.ConfigException;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.ExecutionConfig;
import org.pufferflow.jobs.config.InputConfig;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.config.KafkaConfig;
import org.pufferflow.jobs.config.OutputConfig;
import org.pufferflow.jobs.io.file.FileInputs;
import org.pufferflow.jobs.io.file.FileOutputs;
import org.pufferflow.jobs.io.file.LedgerDirectory;
import org.pufferflow.jobs.io.kafka.CsvFeed;
import org.pufferflow.jobs.kafka.EmbeddedKafka;
import org.pufferflow.jobs.io.kafka.KafkaPreflight;
import org.pufferflow.jobs.io.kafka.GroupOffsets;
import org.pufferflow.jobs.io.kafka.TopicPlan;
import org.pufferflow.jobs.pipeline.Assembled;
import org.pufferflow.jobs.pipeline.ExecutionSettings;
import org.pufferflow.jobs.pipeline.JobAssembly;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code pufferflow run --config FILE.yaml} (docs/cli.md, 'run'): validates the configuration and the noise key
 * (exit 2, one line naming the path), checks the broker and its topics (exit 2 within 15 s), then runs the whole job
 * ({@link JobAssembly}): Kafka or file in, ingestion, the enabled mechanisms, Kafka (exactly-once) or files out.
 *
 * <p>Locally (the usual case) it runs on an in-JVM Flink cluster with the {@code flink} section's settings or their
 * defaults, prints a progress line every 5 s and, for a bounded run, a summary. Started by {@code flink run} on a
 * cluster it applies only what the {@code flink} section sets, submits the job and returns.
 */
@Internal
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    header = "Run the job of a YAML configuration: Kafka or file in, Kafka or files out.",
    description = {
      "Run the job a YAML configuration describes: read Observation records (Kafka",
      "topic, or a CSV/Avro file), validate and discretize them, run the enabled",
      "mechanisms (DPHMM, MQM + fleet histogram, redaction) and publish what they",
      "release (Kafka topics with exactly-once transactions, or one file per",
      "output). Invalid records go to the rejected output with a reason code.",
      "kafka.bootstrapServers: embedded starts an in-JVM Kafka broker, empty: give",
      "it the input with --feed FILE.csv, or feed it from another terminal",
      "(pufferflow feed). Progress every 5 s on stderr; docs/cli.md, 'run'."
    })
public final class RunCommand implements Callable<Integer> {

  @Option(names = "--config", required = true, paramLabel = "FILE", description = "Job configuration (YAML).")
  Path config;

  @Option(names = "--bounded",
      description = "Kafka input: process the input topic up to its current end, then exit (file input always ends)."
          + " With the embedded broker only together with --feed.")
  boolean bounded;

  @Option(names = "--feed", paramLabel = "FILE.csv",
      description = "kafka.bootstrapServers: embedded: once the broker is up, write this CSV into the input topic as"
          + " `pufferflow feed` does, then run. For another broker use `pufferflow feed`.")
  Path feed;

  @Option(names = "--from-savepoint", paramLabel = "PATH",
      description = "Local run: restore the job's state from this savepoint or retained checkpoint.")
  String fromSavepoint;

  @Spec CommandSpec spec;

  private final PrintStream err = System.err;
  /** Counted down when a local run has said how it ended: the JVM halts once the shutdown hooks are done. */
  private final java.util.concurrent.CountDownLatch stopReported = new java.util.concurrent.CountDownLatch(1);

  @Override
  public Integer call() throws Exception {
    JobConfig job = ConfigLoader.loadForRun(config);
    if (bounded && !job.input().kafka()) {
      throw new UsageException("--bounded: only for a Kafka input; input.file is read to its end anyway");
    }
    checkFeed(job);
    StreamExecutionEnvironment probe = StreamExecutionEnvironment.getExecutionEnvironment();
    return ExecutionSettings.onCluster(probe) ? submitToCluster(probe, job) : runLocally(job);
  }

  private int submitToCluster(StreamExecutionEnvironment env, JobConfig job) throws Exception {
    if (job.usesKafka() && job.kafka().embedded()) {
      throw new ConfigException("kafka.bootstrapServers", "embedded runs only locally; on a cluster name the broker");
    }
    if (!job.input().kafka() || !job.output().kafka()) {
      throw new ConfigException(job.input().kafka() ? "output" : "input",
          "file mode is for local runs (pufferflow run); on a cluster use the Kafka topics");
    }
    if (fromSavepoint != null) {
      throw new UsageException("--from-savepoint: on a cluster restore with flink run -s PATH");
    }
    int partitions = env.getParallelism() > 0 ? env.getParallelism() : 1;
    KafkaPreflight.prepare(job.kafka().bootstrapServers(), KafkaPreflight.TIMEOUT, TopicPlan.of(job),
        job.kafka().createTopics(), partitions);
    // flink run -s PATH: the client's configuration names the savepoint the job restores
    printStartingOffsets(job, job.kafka().bootstrapServers(),
        env.getConfiguration().getOptional(StateRecoveryOptions.SAVEPOINT_PATH).orElse(null));
    String note = ExecutionSettings.applyOnCluster(env, job.execution());
    if (note != null) {
      err.println("note: " + note);
    }
    JobAssembly.Builder b = JobAssembly.builder(job).bootstrapServers(job.kafka().bootstrapServers());
    if (bounded) {
      b.bounded(true);
    }
    b.build(env);
    JobClient client = env.executeAsync("pufferflow " + config.getFileName());
    out().println("submitted job " + client.getJobID());
    out().flush();
    return 0;
  }

  /** {@code --feed} needs a Kafka input on the embedded broker and a readable file; checked before anything starts. */
  private void checkFeed(JobConfig job) {
    if (feed == null) {
      return;
    }
    if (!job.input().kafka()) {
      throw new UsageException("--feed: only for a Kafka input on kafka.bootstrapServers: embedded; this"
          + " configuration reads input.file, which run reads by itself");
    }
    if (!job.kafka().embedded()) {
      throw new UsageException("--feed: only with kafka.bootstrapServers: embedded (an in-JVM broker that starts"
          + " empty); to write a CSV into the broker at " + job.kafka().bootstrapServers() + " use pufferflow feed"
          + " --config " + config + " --input " + feed);
    }
    FileProblems.checkReadable("--feed", feed);
  }

  private int runLocally(JobConfig job) throws Exception {
    ExecutionConfig exec = job.execution();
    if (bounded && job.kafka().embedded() && feed == null) {
      throw new UsageException("--bounded: the embedded broker starts empty, so a bounded run would read nothing;"
          + " give the input with --feed FILE.csv (or run unbounded and feed it from another terminal)");
    }
    int parallelism = exec.localParallelism();
    EmbeddedKafka broker = job.usesKafka() && job.kafka().embedded() ? EmbeddedKafka.start() : null;
    try {
      String bootstrap = job.usesKafka() ? prepareKafka(job, broker, parallelism) : null;
      printStartingOffsets(job, bootstrap, fromSavepoint);
      if (job.input() instanceof InputConfig.File f) {
        FileInputs.check(f);
      }
      if (job.output() instanceof OutputConfig.Directory dir) {
        Files.createDirectories(Path.of(dir.dir()));
        if (fromSavepoint == null) {
          FileOutputs.clearParts(dir); // parts of an earlier run that did not finish
        }
      }
      LedgerDirectory.Lock ledger = lockLedger(job);
      try {
        return runWithLedger(job, parallelism, bootstrap, broker, ledger);
      } finally {
        if (ledger != null) {
          ledger.close();
        }
      }
    } finally {
      if (broker != null) {
        broker.close();
      }
    }
  }

  /**
   * File output with {@code ledger.dir}: locks the directory for this run and completes or discards the commit of a
   * run that was interrupted (docs/privacy-noise.md, 'The durable ledger'); null otherwise.
   */
  private LedgerDirectory.Lock lockLedger(JobConfig job) {
    if (job.ledgerDir() == null || !(job.output() instanceof OutputConfig.Directory)) {
      return null;
    }
    LedgerDirectory.Lock ledger;
    try {
      ledger = LedgerDirectory.lock(Path.of(job.ledgerDir()));
    } catch (IllegalStateException e) {
      throw new UsageException(e.getMessage(), e);
    }
    try {
      String recovered = ledger.recover().summary();
      if (recovered != null) {
        err.println(recovered);
      }
      return ledger;
    } catch (IllegalStateException e) {
      ledger.close();
      throw new UsageException(e.getMessage(), e);
    }
  }

  private int runWithLedger(JobConfig job, int parallelism, String bootstrap, EmbeddedKafka broker,
      LedgerDirectory.Lock ledger) throws Exception {
    LocalCheckpoints local = LocalCheckpoints.create();
    if (broker != null) {
      local.notResumable("the embedded Kafka broker and its topics are gone with this run, so it cannot be"
          + " resumed; its checkpoints are removed");
    }
    try {
      int code = executeLocally(job, parallelism, bootstrap, local, ledger);
      if (code == 0) {
        local.finished();
      }
      return code;
    } finally {
      local.close(err);
      stopReported.countDown(); // after the line saying where the checkpoints are
    }
  }

  /** Runs the job on a local cluster with checkpoints in {@code local}; 0 when it finished, 130 when stopped. */
  private int executeLocally(JobConfig job, int parallelism, String bootstrap, LocalCheckpoints local,
      LedgerDirectory.Lock ledger) throws Exception {
    ExecutionConfig exec = job.execution();
    Path checkpoints = local.dir();
    Configuration conf = ExecutionSettings.localConfiguration(exec, checkpoints);
    LocalCheckpoints.retainOnCancellation(conf);
    if (fromSavepoint != null) {
      conf.set(StateRecoveryOptions.SAVEPOINT_PATH, fromSavepoint);
    }
    StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(parallelism, conf);
    ExecutionSettings.applyLocal(env, exec);
    JobAssembly.Builder b = JobAssembly.builder(job);
    if (bootstrap != null) {
      b.bootstrapServers(bootstrap);
    }
    // from a savepoint the restored splits keep the end offsets of the run that took it
    BoundedRead read = bounded && fromSavepoint == null ? BoundedRead.atEndOffsets(job, bootstrap) : null;
    if (read != null) {
      read.bound(b);
    } else if (bounded) {
      b.bounded(true);
    }
    Assembled assembled = b.build(env);
    err.println("running " + describe(job) + " (parallelism " + parallelism + ", checkpoints in " + checkpoints
        + "); progress every " + JobProgress.INTERVAL_MILLIS / 1000 + " s");
    JobClient client = env.executeAsync("pufferflow " + config.getFileName());
    java.util.concurrent.atomic.AtomicBoolean stopping = new java.util.concurrent.atomic.AtomicBoolean();
    Thread cancel = new Thread(() -> { // Ctrl-C (SIGINT/SIGTERM) of a running job
      stopping.set(true);
      client.cancel();
      try { // the JVM halts when the hooks are done: let the main thread say why first
        stopReported.await(30, java.util.concurrent.TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "pufferflow-cancel");
    Runtime.getRuntime().addShutdownHook(cancel);
    JobProgress progress = new JobProgress(err, assembled.id(), assembled.outputs());
    JobExecutionResult result;
    try {
      result = progress.await(client);
    } catch (java.util.concurrent.ExecutionException e) {
      if (stopping.get()) {
        err.println(job.output() instanceof OutputConfig.Directory
            ? "stopped: the job was cancelled; no output file was written and the ledger is unchanged (both are"
                + " written when a run finishes)"
            : "stopped: the job was cancelled; outputs up to the last completed checkpoint are committed");
        err.flush();
        return 130;
      }
      java.util.Optional<IncompatibleSavepointException> savepoint =
          org.apache.flink.util.ExceptionUtils.findThrowable(e, IncompatibleSavepointException.class);
      if (savepoint.isPresent()) {
        throw new JobFailedException(CommandLines.oneLine(savepoint.get().getMessage()));
      }
      throw new JobFailedException("the job failed: " + JobFailedException.rootCause(e));
    } finally {
      removeHook(cancel);
    }
    progress.summary(result);
    if (read != null) {
      read.commit(err);
    }
    if (job.output() instanceof OutputConfig.Directory dir) {
      for (Path p : FileOutputs.finish(dir, assembled.outputs(), ledger)) {
        out().println("wrote " + p);
      }
    }
    out().flush();
    return 0;
  }

  /**
   * Checks (and with the embedded broker or {@code kafka.createTopics} creates) the job's topics; returns the broker
   * address.
   */
  private String prepareKafka(JobConfig job, EmbeddedKafka broker, int parallelism) {
    KafkaConfig kafka = job.kafka();
    String bootstrap = broker != null ? broker.bootstrapServers() : kafka.bootstrapServers();
    List<String> created = KafkaPreflight.prepare(bootstrap, KafkaPreflight.TIMEOUT, TopicPlan.of(job),
        broker != null || kafka.createTopics(), parallelism);
    if (broker == null) {
      if (!created.isEmpty()) {
        err.println("created topics " + String.join(", ", created));
      }
      return bootstrap;
    }
    err.println("embedded Kafka broker at " + bootstrap + " (topics " + String.join(", ", created) + ")");
    if (feed != null) {
      try {
        err.println(CsvFeed.write(feed, job, bootstrap).summary(kafka.inputTopic()));
      } catch (java.io.IOException e) {
        throw new UsageException(FileProblems.describe("--feed", feed, FileProblems.problem(e)), e);
      }
    }
    if (job.input().kafka() && !bounded) {
      err.println("feed it from another terminal: ./pufferflow feed --config " + config + " --input FILE.csv"
          + " --bootstrap-servers " + bootstrap);
    }
    Runtime.getRuntime().addShutdownHook(new Thread(broker::close, "embedded-kafka-shutdown"));
    return bootstrap;
  }

  /**
   * One line per Kafka input topic (the opt-out topic too, with redaction): where the job starts reading
   * (docs/cli.md, 'run').
   */
  private void printStartingOffsets(JobConfig job, String bootstrap, String savepoint) {
    if (!job.input().kafka()) {
      return;
    }
    KafkaConfig kafka = job.kafka();
    List<String> topics = !job.readsOptOuts() ? List.of(kafka.inputTopic())
        : List.of(kafka.inputTopic(), kafka.optOutTopic());
    for (String topic : topics) {
      err.println(savepoint != null ? GroupOffsets.fromSavepoint(kafka.groupId(), topic, savepoint)
          : GroupOffsets.line(bootstrap, kafka.groupId(), topic, KafkaPreflight.TIMEOUT));
    }
  }

  private java.io.PrintWriter out() {
    return spec.commandLine().getOut();
  }

  private static void removeHook(Thread hook) {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // the JVM is exiting: the hook runs
    }
  }

  private static String describe(JobConfig job) {
    String in = job.input() instanceof InputConfig.File f ? f.path() : "topic " + job.kafka().inputTopic();
    String out = job.output() instanceof OutputConfig.Directory d ? d.dir() : "Kafka topics";
    return in + " → " + out;
  }
}
