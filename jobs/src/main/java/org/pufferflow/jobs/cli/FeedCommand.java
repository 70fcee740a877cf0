package org.pufferflow.jobs.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.pufferflow.common.FileProblems;
import java.util.concurrent.Callable;
import org.apache.flink.annotation.Internal;
import org.pufferflow.common.InvalidParameterException;
import org.pufferflow.jobs.config.ConfigException;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.config.KafkaConfig;
import org.pufferflow.jobs.io.kafka.CsvFeed;
import org.pufferflow.jobs.io.kafka.KafkaPreflight;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code pufferflow feed --config job.yaml --input FILE.csv [--bootstrap-servers HOST:PORT]} (docs/cli.md, 'feed'):
 * writes a CSV file of observations into the job's Kafka input topic, one record per line, so that {@code run} can
 * be tried without writing a producer ({@link CsvFeed}: the payload of each line, its key — the subject, or a
 * deterministic stand-in for a line without one — and the producer settings).
 *
 * <p>Invalid input is exit 2 with one line: a missing input file, a configuration whose input is a file, the
 * embedded broker without {@code --bootstrap-servers} (it lives in the {@code run} process, whose address only that
 * process knows), a broker that does not answer within {@link KafkaPreflight#TIMEOUT} or a missing input topic.
 */
@Internal
@Command(
    name = "feed",
    mixinStandardHelpOptions = true,
    header = "Write a CSV file of observations into the job's Kafka input topic.",
    description = {
      "Write a CSV file into the Kafka input topic of a job configuration, one Observation record (Avro) per line:"
          + " columns subject,time,state (categorical), subject,time,reading (bins) or subject,time,lat,lon (grid),"
          + " time in epoch milliseconds, an optional header line starting with 'subject'. Malformed lines are sent"
          + " as they are (the job rejects them as UNDECODABLE). The key is the subject; a line without one is keyed"
          + " by the text before its first comma (or the whole line, or '(no subject)'), so every line's partition"
          + " is deterministic."
    })
public final class FeedCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(names = "--config", required = true, paramLabel = "FILE", description = "Job configuration (YAML).")
  Path config;

  @Option(names = "--input", required = true, paramLabel = "FILE.csv", description = "The observations (CSV).")
  Path input;

  @Option(names = "--bootstrap-servers", paramLabel = "HOST:PORT",
      description = "The Kafka broker; default kafka.bootstrapServers. Required when that is 'embedded': pass the"
          + " address `pufferflow run` printed.")
  String bootstrapServers;

  @Override
  public Integer call() throws IOException {
    FileProblems.checkReadable("--input", input);
    JobConfig job = ConfigLoader.load(config);
    if (!job.input().kafka()) {
      throw new ConfigException("input", "this configuration reads a file, not the Kafka input topic; feed writes"
          + " the topic (remove the input section, or run the file directly with `pufferflow run`)");
    }
    KafkaConfig kafka = job.kafka();
    String bootstrap = bootstrapServers != null ? bootstrapServers : kafka.bootstrapServers();
    if (bootstrap.isBlank() || KafkaConfig.EMBEDDED.equals(bootstrap)) {
      throw new UsageException("--bootstrap-servers: kafka.bootstrapServers is embedded, a broker inside the"
          + " `pufferflow run` process: pass the address it printed (embedded Kafka broker at HOST:PORT)");
    }
    try {
      // the input topic must exist (or is created, with kafka.createTopics) and hold Observation records
      int partitions = job.execution().localParallelism();
      KafkaPreflight.prepare(bootstrap, KafkaPreflight.TIMEOUT, new org.pufferflow.jobs.io.kafka.TopicPlan(
          java.util.Map.of("kafka.inputTopic", kafka.inputTopic()),
          java.util.Map.of("kafka.inputTopic", org.pufferflow.avro.Observation.class)),
          kafka.createTopics(), partitions);
    } catch (InvalidParameterException e) {
      if (bootstrapServers != null && e.parameter().equals("kafka.bootstrapServers")) {
        throw new UsageException("--bootstrap-servers: " + e.reason(), e);
      }
      throw e;
    }
    CsvFeed.Fed fed = CsvFeed.write(input, job, bootstrap);
    PrintWriter out = spec.commandLine().getOut();
    out.println(fed.summary(kafka.inputTopic()));
    out.flush();
    return 0;
  }
}
