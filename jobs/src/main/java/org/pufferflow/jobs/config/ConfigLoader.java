package org.pufferflow.jobs.config;

import java.nio.file.Path;
import org.pufferflow.common.FileProblems;
import org.apache.flink.annotation.PublicEvolving;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.mechanism.redaction.RedactionPlan;
import org.pufferflow.operators.NoiseKeySource;
import org.pufferflow.operators.NoiseKeyUnavailableException;

/**
 * Loads a job's YAML configuration (docs/configuration.md) and validates it completely before anything starts.
 * Every invalid configuration yields a {@link ConfigException} whose one-line message names the offending path and
 * the reason, e.g. {@code model.transition[3]: row sums to 0.97, expected 1 (±1e-9)}.
 *
 * <p>Sections are read in document order (input, output, flink, kafka, time, model, discretizer, dphmm, mqm,
 * redaction, noise; {@code kafka} is required unless both input and output are files); within a
 * section, unknown keys are reported first, then the keys' types and shape in the order the reference lists them,
 * then what the mechanism's builder refuses (every range and consistency rule of its values, judged there once):
 * each enabled mechanism is built once from its spec
 * ({@link DphmmConfig}, {@link MqmWindowPlan}, {@link RedactionPlan}), so every precondition of a mechanism is an error at
 * load time, at the path of the offending key. The first problem found is reported.
 *
 * <p>{@link #load} and {@link #parse} do not read the secret key; {@link #loadForRun} also checks that the key
 * source can be read (what {@code pufferflow run} uses, so a missing key file or an unset variable stops the job at
 * start, exit 2, naming {@code noise.keyFile} or {@code noise.keyEnv}).
 */
@PublicEvolving
public final class ConfigLoader {

  private ConfigLoader() {}

  /** Loads {@code file}; relative paths inside it (modelFile, noise.keyFile) resolve against its directory. */
  public static JobConfig load(Path file) {
    Path absolute = file.toAbsolutePath().normalize();
    String text = YamlDocuments.read(absolute, null);
    return parse(text, absolute.getParent(), file.getFileName().toString());
  }

  /** {@link #load}, then {@link #checkNoiseKey}: the configuration of a job that is about to start. */
  public static JobConfig loadForRun(Path file) {
    JobConfig config = load(file);
    checkNoiseKey(config);
    return config;
  }

  /**
   * When a mechanism is enabled, reads the noise key once (and drops it), so that a missing or unreadable key file,
   * an unset variable or a too short key is a {@link ConfigException} at {@code noise.keyFile} or
   * {@code noise.keyEnv}. A key file that is missing or unreadable is named with its path as every file error is
   * ({@link FileProblems}: {@code noise.keyFile: /path/x: no such file}); otherwise the message never repeats the
   * path or the variable name.
   */
  public static void checkNoiseKey(JobConfig config) {
    NoiseKeySource noise = config.noise();
    if (noise == null || !config.anyMechanism()) {
      return;
    }
    if (noise.keyFile() != null) {
      Path keyFile = Path.of(noise.keyFile());
      String problem = FileProblems.problem(keyFile);
      if (problem != null) {
        throw new ConfigException(NoiseKeySource.KEY_FILE, keyFile + ": " + problem);
      }
    }
    try {
      noise.load();
    } catch (NoiseKeyUnavailableException e) {
      throw new ConfigException(noise.configKey(), e.reason());
    }
  }

  /** Parses {@code yaml}; relative paths inside it resolve against {@code baseDir}. */
  public static JobConfig parse(String yaml, Path baseDir) {
    return parse(yaml, baseDir, "(root)");
  }

  private static JobConfig parse(String yaml, Path baseDir, String documentName) {
    ConfigNode root = new ConfigNode(YamlDocuments.parse(yaml, documentName), "");
    if (root.optional("kafka") == null && root.optional("states") != null && root.optional("transition") != null) {
      throw new ConfigException("(root)", "this is a model file (states, transition), not a job configuration;"
          + " a job reads it through model.modelFile");
    }
    root.requireMapping(
        "kafka", "input", "output", "ledger", "flink", "time", "model", "discretizer", "dphmm", "mqm", "redaction",
        "noise");
    InputConfig input = IoSections.input(root.optional("input"), baseDir);
    OutputConfig output = IoSections.output(root.optional("output"), baseDir);
    String ledgerDir = IoSections.ledgerDir(root.optional("ledger"), baseDir);
    ExecutionConfig execution = IoSections.flink(root.optional("flink"), baseDir);
    boolean needsKafka = input.kafka() || output.kafka();
    KafkaConfig kafka = needsKafka || root.has("kafka") ? KafkaSection.read(root.required("kafka")) : null;
    TimeConfig time = TimeSection.read(root.required("time"));
    ModelSection.Parsed parsed = ModelSection.read(root.required("model").expectMapping(), baseDir);
    DiscretizerConfig discretizer = DiscretizerSection.read(root.required("discretizer"), parsed.states().size());
    ModelConfig model =
        parsed.withQuery(
            discretizer instanceof DiscretizerConfig.Grid grid
                ? grid.discretizer().cellCentres()
                : ModelSection.indexQuery(parsed.states().size()));
    ConfigNode d = root.optional("dphmm");
    DphmmConfig dphmm = d == null ? null : DphmmSection.read(d, model);
    ConfigNode q = root.optional("mqm");
    MqmWindowPlan mqm = q == null ? null : MqmSection.read(q, model);
    ConfigNode r = root.optional("redaction");
    RedactionPlan redaction = r == null ? null : RedactionSection.read(r, model);
    ConfigNode n = root.optional("noise");
    NoiseKeySource noise = n == null ? null : NoiseSection.read(n, baseDir);
    JobConfig config = new JobConfig(kafka, time, model, discretizer,
        dphmm, dphmm == null ? null : dphmm.budget(), mqm, mqm == null ? null : mqm.budget(),
        mqm != null && mqm.fleet(), redaction, noise, input, output, ledgerDir, execution,
        IngestObjects.of(time, model, discretizer));
    if (noise == null && config.anyMechanism()) {
      throw new ConfigException("noise", "missing required section (dphmm, mqm and redaction need a noise key)");
    }
    IoSections.checkLedger(config);
    if (input instanceof InputConfig.File f && f.optOutsPath() != null && redaction == null) {
      throw new ConfigException("input.optOuts", "opt-outs are read only by redaction; add a redaction section");
    }
    return config;
  }
}
