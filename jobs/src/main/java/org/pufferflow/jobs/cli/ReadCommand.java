package org.pufferflow.jobs.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.apache.flink.annotation.Internal;
import org.pufferflow.common.InvalidParameterException;
import org.pufferflow.jobs.config.ConfigException;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.config.KafkaConfig;
import org.pufferflow.jobs.config.OutputConfig;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.jobs.io.file.FileOutputs;
import org.pufferflow.jobs.io.file.OutputRecords;
import org.pufferflow.jobs.io.kafka.KafkaPreflight;
import org.pufferflow.jobs.io.kafka.OutputTopicReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code pufferflow read --config FILE [OUTPUT...]} (docs/cli.md, 'read'): prints what a job published — its Kafka
 * output topics, read as a {@code read_committed} consumer ({@link OutputTopicReader}), or the files of
 * {@code output.dir} ({@link OutputRecords}) — one JSON object per line, the JSON of file mode's {@code jsonl} files
 * (with several outputs wrapped as {@code {"output": NAME, "record": {...}}});
 * with {@code --summary} one JSON object with the record count of each output and per subject (per reason for the
 * rejected output).
 *
 * <p>Invalid input is exit 2 with one line: an unknown output name, {@code --follow} on files, a missing output file,
 * the embedded broker without {@code --bootstrap-servers}, a malformed or unresolvable broker address, a broker that
 * does not answer within {@link KafkaPreflight#TIMEOUT}, a missing topic or a record of another type.
 */
@Internal
@Command(
    name = "read",
    mixinStandardHelpOptions = true,
    header = "Print what a job published: its output topics or files, as JSON lines.",
    description = {
      "Read the outputs of a job configuration and print one JSON object per",
      "record, as output.format: jsonl writes it. Kafka: the output topics, read",
      "as a read_committed consumer from the beginning up to their end offsets at",
      "start (--follow: from the end, then every new record until Ctrl-C). Files:",
      "the merged files in output.dir (jsonl or avro). Reading several outputs,",
      "each line is {\"output\": NAME, \"record\": {...}}. --summary prints one",
      "JSON object instead: records per output and per subject. docs/cli.md, 'read'."
    })
public final class ReadCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(names = "--config", required = true, paramLabel = "FILE", description = "Job configuration (YAML).")
  Path config;

  @Parameters(paramLabel = "OUTPUT", arity = "0..*",
      description = "Outputs to read (default: every output of the configuration): dphmm-releases,"
          + " window-histograms, fleet-histograms, redacted-records, ledger-events, rejected.")
  List<String> outputs = new ArrayList<>();

  @Option(names = "--from-beginning",
      description = "With --follow: start at the beginning of the topics, not at their end. Without --follow a"
          + " read always starts at the beginning.")
  boolean fromBeginning;

  @Option(names = "--follow", description = "Kafka: keep reading new records until interrupted (Ctrl-C).")
  boolean follow;

  @Option(names = "--max", paramLabel = "N", description = "Stop after N records (all outputs together).")
  Long max;

  @Option(names = "--summary", description = "Print the record counts per output and per subject instead.")
  boolean summary;

  @Option(names = "--bootstrap-servers", paramLabel = "HOST:PORT",
      description = "The Kafka broker; default kafka.bootstrapServers. Required when that is 'embedded': pass the"
          + " address `pufferflow run` printed.")
  String bootstrapServers;

  private final Map<OutputKind, Counts> counts = new LinkedHashMap<>();
  private PrintWriter out;
  private boolean tagged;

  /** One output's records, in all and per group (subject or reason). */
  private static final class Counts {
    long records;
    final Map<String, Long> byGroup = new TreeMap<>();
  }

  @Override
  public Integer call() throws IOException {
    if (max != null && max < 1) {
      throw new UsageException("--max: " + max + ": must be >= 1");
    }
    JobConfig job = ConfigLoader.load(config);
    Set<OutputKind> kinds = kinds(job);
    tagged = kinds.size() > 1;
    kinds.forEach(k -> counts.put(k, new Counts()));
    out = spec.commandLine().getOut();
    long limit = max == null ? Long.MAX_VALUE : max;
    if (job.output() instanceof OutputConfig.Directory dir) {
      readFiles(dir, kinds, limit);
    } else {
      readTopics(job, kinds, limit);
    }
    if (summary) {
      out.println(summaryJson().toString());
    }
    out.flush();
    return 0;
  }

  /** The outputs named (by {@link OutputKind#fileStem()}), or all of {@code job}'s. */
  private Set<OutputKind> kinds(JobConfig job) {
    Set<OutputKind> available = OutputKind.of(job);
    if (outputs.isEmpty()) {
      return available;
    }
    Set<OutputKind> chosen = new LinkedHashSet<>();
    for (String name : outputs) {
      OutputKind k = available.stream().filter(a -> a.fileStem().equals(name)).findFirst().orElseThrow(() ->
          new UsageException("OUTPUT: '" + name + "' is not an output of this configuration; its outputs: "
              + String.join(", ", available.stream().map(OutputKind::fileStem).toList())));
      chosen.add(k);
    }
    return chosen;
  }

  private void readFiles(OutputConfig.Directory dir, Set<OutputKind> kinds, long limit) throws IOException {
    if (follow) {
      throw new UsageException("--follow: this configuration writes files to output.dir, complete when the run"
          + " ends; --follow is for Kafka topics");
    }
    if (bootstrapServers != null) {
      throw new UsageException("--bootstrap-servers: this configuration writes files to output.dir, not Kafka");
    }
    for (OutputKind k : kinds) {
      Path file = FileOutputs.fileOf(dir, k);
      if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
        throw new ConfigException("output.dir", file + " is not a readable file (a local run writes it when it"
            + " finishes)");
      }
    }
    long[] read = {0};
    for (OutputKind k : kinds) {
      if (read[0] >= limit) {
        return;
      }
      try {
        OutputRecords.readFile(dir, k, summary, (kind, json, group) -> accept(kind, json, group, ++read[0] < limit));
      } catch (IOException e) {
        throw new ConfigException("output.dir", FileOutputs.fileOf(dir, k) + " cannot be read as "
            + k.fileStem() + " (" + e.getClass().getSimpleName() + ")");
      }
    }
  }

  private void readTopics(JobConfig job, Set<OutputKind> kinds, long limit) throws IOException {
    KafkaConfig kafka = job.kafka();
    String bootstrap = bootstrapServers != null ? bootstrapServers : kafka.bootstrapServers();
    if (bootstrap.isBlank() || KafkaConfig.EMBEDDED.equals(bootstrap)) {
      throw new UsageException("--bootstrap-servers: kafka.bootstrapServers is embedded, a broker inside the"
          + " `pufferflow run` process: pass the address it printed (embedded Kafka broker at HOST:PORT)");
    }
    List<String> check = new ArrayList<>();
    Map<String, OutputKind> topics = new LinkedHashMap<>();
    for (OutputKind k : kinds) {
      check.add(k.topicKey().substring("kafka.".length()));
      check.add(k.topic(kafka));
      topics.put(k.topic(kafka), k);
    }
    try {
      KafkaPreflight.check(bootstrap, KafkaPreflight.TIMEOUT, check);
    } catch (InvalidParameterException e) {
      if (bootstrapServers != null && e.parameter().equals("kafka.bootstrapServers")) {
        throw new UsageException("--bootstrap-servers: " + e.reason(), e);
      }
      throw e;
    }
    OutputTopicReader.Start start = fromBeginning || !follow
        ? OutputTopicReader.Start.BEGINNING : OutputTopicReader.Start.END;
    boolean quiet = OutputTopicReader.read(bootstrap, topics, start, follow, limit, summary,
        (kind, json, group) -> accept(kind, json, group, true));
    if (quiet) {
      System.err.println("note: no record for " + OutputTopicReader.QUIET.toSeconds() + " s before the end"
          + " offsets (an open transaction?): stopped with what was read");
    }
  }

  /** Prints or counts one record; returns {@code more}. */
  private boolean accept(OutputKind kind, String json, String group, boolean more) {
    Counts c = counts.get(kind);
    c.records++;
    if (summary) {
      if (group != null) {
        c.byGroup.merge(group, 1L, Long::sum);
      }
    } else {
      out.println(tagged ? "{\"output\":\"" + kind.fileStem() + "\",\"record\":" + json + "}" : json);
      if (follow) {
        out.flush();
      }
    }
    return more;
  }

  private ObjectNode summaryJson() {
    ObjectNode root = CliJson.object();
    ObjectNode outs = root.putObject("outputs");
    counts.forEach((kind, c) -> {
      ObjectNode o = outs.putObject(kind.fileStem());
      o.put("records", c.records);
      if (kind.groupedBy() != null) {
        ObjectNode g = o.putObject(kind.groupedBy());
        c.byGroup.forEach(g::put);
      }
    });
    return root;
  }
}
