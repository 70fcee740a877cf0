package org.pufferflow.jobs.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.flink.annotation.Internal;
import org.pufferflow.avro.Observation;
import org.pufferflow.avro.OptOut;
import org.pufferflow.common.FileProblems;
import org.pufferflow.common.InvalidParameterException;
import org.pufferflow.jobs.config.ConfigException;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.config.KafkaConfig;
import org.pufferflow.jobs.io.file.FileInputs;
import org.pufferflow.jobs.io.kafka.CsvFeed;
import org.pufferflow.jobs.io.kafka.KafkaPreflight;
import org.pufferflow.jobs.io.kafka.TopicPlan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code pufferflow feed --config job.yaml --input FILE.csv [--opt-outs FILE.csv] [--bootstrap-servers HOST:PORT]}
 * (docs/cli.md, 'feed'): writes a CSV file of observations into the job's Kafka input topic, one record per line, so
 * that {@code run} can be tried without writing a producer; and a CSV of opt-outs into its opt-out topic
 * ({@link CsvFeed}: the payload of each line, its key — the subject, or a deterministic stand-in for a line without one
 * — and the producer settings).
 *
 * <p>Invalid input is exit 2 with one line: a missing input file, a configuration whose input is a file, the
 * embedded broker without {@code --bootstrap-servers} (it lives in the {@code run} process, whose address only that
 * process knows), a broker that does not answer within {@link KafkaPreflight#TIMEOUT} or a missing input topic.
 */
@Internal
@Command(
    name = "feed",
    mixinStandardHelpOptions = true,
    header = "Write a CSV file of observations (or opt-outs) into the job's Kafka topics.",
    description = {
      "Write a CSV file into the Kafka input topic of a job configuration, one Observation record (Avro) per line:"
          + " columns subject,time,state (categorical), subject,time,reading (bins) or subject,time,lat,lon (grid),"
          + " time in epoch milliseconds, an optional header line starting with 'subject'. Malformed lines are sent"
          + " as they are (the job rejects them as UNDECODABLE). The key is the subject; a line without one is keyed"
          + " by the text before its first comma (or the whole line, or '(no subject)'), so every line's partition"
          + " is deterministic. --opt-outs FILE.csv writes opt-outs (columns subject,fromTick,toTick, the format of"
          + " the optOuts input) into the configuration's opt-out topic, each issued at the start of its fromTick,"
          + " in time for every tick it covers."
    })
public final class FeedCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(names = "--config", required = true, paramLabel = "FILE", description = "Job configuration (YAML).")
  Path config;

  @Option(names = "--input", paramLabel = "FILE.csv", description = "The observations (CSV).")
  Path input;

  @Option(names = "--opt-outs", paramLabel = "FILE.csv",
      description = "Opt-outs (CSV columns subject,fromTick,toTick) into the opt-out topic; needs a redaction section.")
  Path optOuts;

  @Option(names = "--bootstrap-servers", paramLabel = "HOST:PORT",
      description = "The Kafka broker; default kafka.bootstrapServers. Required when that is 'embedded': pass the"
          + " address `pufferflow run` printed.")
  String bootstrapServers;

  @Override
  public Integer call() throws IOException {
    if (input == null && optOuts == null) {
      throw new UsageException("--input: give the observations (--input FILE.csv), the opt-outs (--opt-outs"
          + " FILE.csv) or both");
    }
    requireFile("--input", input);
    requireFile("--opt-outs", optOuts);
    JobConfig job = ConfigLoader.load(config);
    if (!job.input().kafka()) {
      throw new ConfigException("input", "this configuration reads a file, not the Kafka input topic; feed writes"
          + " the topic (remove the input section, or run the file directly with `pufferflow run`)");
    }
    if (optOuts != null && !job.readsOptOuts()) {
      throw new UsageException("--opt-outs: this configuration has no redaction section, so no opt-out topic");
    }
    List<OptOut> list = null;
    if (optOuts != null) { // read strictly before anything is sent
      try {
        list = FileInputs.optOuts(optOuts);
      } catch (ConfigException e) {
        throw new UsageException("--opt-outs: " + optOuts + ": " + e.reason(), e);
      }
    }
    KafkaConfig kafka = job.kafka();
    String bootstrap = bootstrapServers != null ? bootstrapServers : kafka.bootstrapServers();
    if (bootstrap.isBlank() || KafkaConfig.EMBEDDED.equals(bootstrap)) {
      throw new UsageException("--bootstrap-servers: kafka.bootstrapServers is embedded, a broker inside the"
          + " `pufferflow run` process: pass the address it printed (embedded Kafka broker at HOST:PORT)");
    }
    Map<String, String> topics = new LinkedHashMap<>();
    Map<String, Class<? extends SpecificRecordBase>> types = new LinkedHashMap<>();
    if (input != null) {
      topics.put("kafka.inputTopic", kafka.inputTopic());
      types.put("kafka.inputTopic", Observation.class);
    }
    if (optOuts != null) {
      topics.put("kafka.optOutTopic", kafka.optOutTopic());
      types.put("kafka.optOutTopic", OptOut.class);
    }
    try {
      // the topics must exist (or are created, with kafka.createTopics) and hold records of their type
      KafkaPreflight.prepare(bootstrap, KafkaPreflight.TIMEOUT, new TopicPlan(topics, types), kafka.createTopics(),
          job.execution().localParallelism());
    } catch (InvalidParameterException e) {
      if (bootstrapServers != null && e.parameter().equals("kafka.bootstrapServers")) {
        throw new UsageException("--bootstrap-servers: " + e.reason(), e);
      }
      throw e;
    }
    PrintWriter out = spec.commandLine().getOut();
    if (optOuts != null) { // first: an opt-out fed with its observations is then read before them
      long n = CsvFeed.writeOptOuts(list, job, bootstrap);
      out.println("fed " + n + " opt-outs to " + kafka.optOutTopic());
    }
    if (input != null) {
      CsvFeed.Fed fed = CsvFeed.write(input, job, bootstrap);
      out.println(fed.summary(kafka.inputTopic()));
    }
    out.flush();
    return 0;
  }

  private static void requireFile(String option, Path file) {
    if (file != null) {
      FileProblems.checkReadable(option, file);
    }
  }
}
