package org.pufferflow.jobs.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.config.KafkaConfig;
import org.pufferflow.jobs.kafka.EmbeddedKafka;
import org.pufferflow.jobs.kafka.KafkaPreflight;
import org.pufferflow.jobs.pipeline.IngestStreams;
import org.pufferflow.jobs.pipeline.LocalFlink;
import org.pufferflow.jobs.pipeline.PipelineBuilder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code pufferflow run --config FILE.yaml} (docs/cli.md): validates the configuration (exit 2 with a
 * one-line message naming the path on any error), then runs the streaming job: Kafka in, Kafka out. With
 * {@code kafka.bootstrapServers: embedded} it first starts the in-JVM broker and creates the input and rejected
 * topics, and prints the broker address so producers can reach it.
 *
 * <p>Unbounded by default (it runs until stopped, resuming from the consumer group's committed offsets);
 * {@code --bounded} reads the input topic up to its current end and exits when everything is processed and
 * committed, i.e. offline publishing of a dataset that is already in Kafka.
 */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    header = "Run the streaming job of a YAML configuration: Kafka in, Kafka out.",
    description = {
      "Run the streaming job described by a YAML configuration: read Observation records (Avro) from the input topic,",
      "validate and discretize them, and publish; invalid records go to the rejected topic with a reason code.",
      "kafka.bootstrapServers: embedded starts an in-JVM Kafka broker on 127.0.0.1."
    })
public final class RunCommand implements Callable<Integer> {

  @Option(names = "--config", required = true, paramLabel = "FILE", description = "Job configuration (YAML).")
  Path config;

  @Option(names = "--bounded", description = "Process the input topic up to its current end, then exit.")
  boolean bounded;

  @Option(names = "--parallelism", paramLabel = "P", defaultValue = "2",
      description = "Parallelism of a local run (default: ${DEFAULT-VALUE}); ignored on a cluster.")
  int parallelism;

  @Option(names = "--checkpoint-interval", paramLabel = "MS", defaultValue = "5000",
      description = "Checkpoint interval in milliseconds (default: ${DEFAULT-VALUE}); rejected records become"
          + " visible to read_committed consumers at each checkpoint.")
  long checkpointMillis;

  @Override
  public Integer call() throws Exception {
    JobConfig job = ConfigLoader.loadForRun(config);
    if (parallelism < 1) {
      throw new UsageException("--parallelism: must be >= 1, got " + parallelism);
    }
    if (checkpointMillis < 10) {
      throw new UsageException("--checkpoint-interval: must be >= 10 ms, got " + checkpointMillis);
    }
    KafkaConfig kafka = job.kafka();
    EmbeddedKafka broker = null;
    try {
      String bootstrap = kafka.bootstrapServers();
      if (kafka.embedded()) {
        broker = EmbeddedKafka.start();
        broker.createTopics(parallelism, kafka.inputTopic(), kafka.rejectedTopic());
        bootstrap = broker.bootstrapServers();
        System.err.println("embedded Kafka broker at " + bootstrap + " (topics " + kafka.inputTopic() + ", "
            + kafka.rejectedTopic() + ")");
        EmbeddedKafka closing = broker;
        Runtime.getRuntime().addShutdownHook(new Thread(closing::close, "embedded-kafka-shutdown"));
      } else {
        KafkaPreflight.check(bootstrap, KafkaPreflight.TIMEOUT,
            List.of("inputTopic", kafka.inputTopic(), "rejectedTopic", kafka.rejectedTopic()));
      }
      if (job.anyMechanism()) {
        System.err.println("note: this build runs the ingestion half; the dphmm/mqm/redaction sections are validated"
            + " and will be attached by the mechanism operators");
      }
      StreamExecutionEnvironment env =
          StreamExecutionEnvironment.getExecutionEnvironment(LocalFlink.loopbackConfiguration());
      env.setParallelism(parallelism);
      IngestStreams streams = new PipelineBuilder(job, bootstrap).bounded(bounded)
          .checkpointInterval(Duration.ofMillis(checkpointMillis)).build(env);
      streams.observations().sinkTo(new DiscardingSink<>()).name("accepted observations").uid("accepted-sink");
      env.execute("pufferflow " + config.getFileName());
      return 0;
    } finally {
      if (broker != null) {
        broker.close();
      }
    }
  }
}
