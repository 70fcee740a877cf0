package org.pufferflow.jobs.config;

import java.nio.file.Files;
import java.nio.file.Path;
import org.pufferflow.common.FileProblems;
import java.util.List;

/**
 * Reads the {@code input}, {@code output} and {@code flink} sections (docs/configuration.md, 'input', 'output',
 * 'flink'). Files named here are checked at load time: an input file must be a readable regular file, an output
 * directory must not be an existing regular file.
 */
final class IoSections {

  private IoSections() {}

  static InputConfig input(ConfigNode s, Path baseDir) {
    if (s == null) {
      return new InputConfig.KafkaTopic();
    }
    s.requireMapping("file", "format", "optOuts");
    ConfigNode fileNode = s.required("file");
    String file = readableFile(fileNode, baseDir);
    ConfigNode formatNode = s.required("format");
    InputConfig.Format format =
        formatNode.asChoice(List.of(InputConfig.Format.values()), InputConfig.Format::configName);
    ConfigNode optOuts = s.optional("optOuts");
    return new InputConfig.File(file, format, optOuts == null ? null : readableFile(optOuts, baseDir));
  }

  static OutputConfig output(ConfigNode s, Path baseDir) {
    if (s == null) {
      return new OutputConfig.KafkaTopics();
    }
    s.requireMapping("dir", "format");
    ConfigNode dirNode = s.required("dir");
    Path dir = baseDir.resolve(nonBlank(dirNode)).toAbsolutePath().normalize();
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw dirNode.error(dir + " exists and is not a directory");
    }
    return new OutputConfig.Directory(dir.toString(), s.required("format").asChoice(
        List.of(OutputConfig.Format.values()), OutputConfig.Format::configName));
  }

  /** The {@code ledger} section's {@code dir} as an absolute path, or null without the section. */
  static String ledgerDir(ConfigNode s, Path baseDir) {
    if (s == null) {
      return null;
    }
    s.requireMapping("dir");
    ConfigNode dirNode = s.required("dir");
    Path dir = baseDir.resolve(nonBlank(dirNode)).toAbsolutePath().normalize();
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw dirNode.error(dir + " exists and is not a directory");
    }
    return dir.toString();
  }

  /**
   * The durable ledger's rules (docs/privacy-noise.md, 'The durable ledger'): file output with a mechanism needs
   * {@code ledger.dir}; Kafka output keeps its ledger in {@code kafka.ledgerStoreTopic} and takes no directory.
   */
  static void checkLedger(JobConfig config) {
    boolean files = config.output() instanceof OutputConfig.Directory;
    if (files && config.anyMechanism() && config.ledgerDir() == null) {
      throw new ConfigException("ledger.dir", "required: a job with a mechanism writing"
          + " files keeps each subject's spend and released ticks in a directory every run of the deployment"
          + " shares; name it (ledger: {dir: DIR})");
    }
    if (!files && config.ledgerDir() != null) {
      throw new ConfigException("ledger.dir", "only for file output; a job writing Kafka keeps its ledger in the"
          + " compacted topic kafka.ledgerStoreTopic");
    }
    if (files && config.ledgerDir() != null) {
      Path ledger = Path.of(config.ledgerDir());
      Path out = Path.of(((OutputConfig.Directory) config.output()).dir());
      if (ledger.startsWith(out) || out.startsWith(ledger)) {
        throw new ConfigException("ledger.dir", ledger + " lies inside output.dir or contains it: the ledger"
            + " outlives each run's outputs, so keep the two apart");
      }
    }
  }

  static ExecutionConfig flink(ConfigNode s, Path baseDir) {
    if (s == null) {
      return ExecutionConfig.UNSET;
    }
    s.requireMapping(
        "parallelism", "checkpointIntervalMillis", "stateBackend", "incrementalCheckpoints", "checkpointDir",
        "restartAttempts");
    Integer parallelism = null;
    ConfigNode p = s.optional("parallelism");
    if (p != null) {
      parallelism = p.asInt();
      if (parallelism < 1 || parallelism > 32_768) {
        throw p.error("must lie in [1, 32768], got " + parallelism);
      }
    }
    Long interval = null;
    ConfigNode c = s.optional("checkpointIntervalMillis");
    if (c != null) {
      interval = c.asLong();
      if (interval < 10) {
        throw c.error("must be >= 10 (milliseconds), got " + interval);
      }
    }
    ConfigNode b = s.optional("stateBackend");
    ExecutionConfig.StateBackend backend = b == null ? null : b.asChoice(
        List.of(ExecutionConfig.StateBackend.values()), ExecutionConfig.StateBackend::configName);
    Boolean incremental = null;
    ConfigNode i = s.optional("incrementalCheckpoints");
    if (i != null) {
      incremental = i.asBoolean();
      if (incremental && backend != ExecutionConfig.StateBackend.ROCKSDB) {
        throw i.error("incremental checkpoints need stateBackend: rocksdb");
      }
    }
    String dir = null;
    ConfigNode d = s.optional("checkpointDir");
    if (d != null) {
      String text = nonBlank(d);
      dir = text.contains("://") ? text : baseDir.resolve(text).toAbsolutePath().normalize().toUri().toString();
    }
    Integer restarts = null;
    ConfigNode r = s.optional("restartAttempts");
    if (r != null) {
      restarts = r.asInt();
      if (restarts < 0 || restarts > 1000) {
        throw r.error("must lie in [0, 1000], got " + restarts);
      }
    }
    return new ExecutionConfig(parallelism, interval, backend, incremental, dir, restarts);
  }

  private static String readableFile(ConfigNode node, Path baseDir) {
    Path f = baseDir.resolve(nonBlank(node)).toAbsolutePath().normalize();
    String problem = FileProblems.problem(f);
    if (problem != null) {
      throw node.error(f + ": " + problem);
    }
    return f.toString();
  }

  private static String nonBlank(ConfigNode node) {
    String s = node.asString();
    if (s.isBlank()) {
      throw node.error("must not be blank");
    }
    return s;
  }
}
