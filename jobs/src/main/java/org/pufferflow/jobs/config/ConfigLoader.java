package org.pufferflow.jobs.config;

import java.nio.file.Path;

/**
 * Loads a job's YAML configuration (design.md §5, config-contract.md) and validates it completely before anything
 * starts. Every invalid configuration yields a {@link ConfigException} whose one-line message names the offending
 * path and the reason, e.g. {@code model.transition[3]: row sums to 0.97, expected 1 (±1e-9)}.
 *
 * <p>Sections are read in document order of the contract (kafka, time, model, discretizer, dphmm, mqm, redaction,
 * noise); within a section, unknown keys are reported first, then the keys in the order the contract lists them.
 * The first problem found is reported.
 */
public final class ConfigLoader {

  private ConfigLoader() {}

  /** Loads {@code file}; relative paths inside it (modelFile, noise.keyFile) resolve against its directory. */
  public static JobConfig load(Path file) {
    Path absolute = file.toAbsolutePath().normalize();
    String text = YamlDocuments.read(absolute, file.toString());
    return parse(text, absolute.getParent(), file.getFileName().toString());
  }

  /** Parses {@code yaml}; relative paths inside it resolve against {@code baseDir}. */
  public static JobConfig parse(String yaml, Path baseDir) {
    return parse(yaml, baseDir, "(root)");
  }

  private static JobConfig parse(String yaml, Path baseDir, String documentName) {
    ConfigNode root = new ConfigNode(YamlDocuments.parse(yaml, documentName), "");
    root.requireMapping("kafka", "time", "model", "discretizer", "dphmm", "mqm", "redaction", "noise");
    KafkaConfig kafka = KafkaSection.read(root.required("kafka"));
    TimeConfig time = TimeSection.read(root.required("time"));
    ModelSection.Parsed parsed = ModelSection.read(root.required("model").expectMapping(), baseDir);
    DiscretizerConfig discretizer = DiscretizerSection.read(root.required("discretizer"), parsed.states().size());
    ModelConfig model =
        parsed.withQuery(
            discretizer instanceof DiscretizerConfig.Grid grid
                ? DiscretizerSection.cellCentres(grid)
                : ModelSection.indexQuery(parsed.states().size()));
    ConfigNode d = root.optional("dphmm");
    DphmmConfig dphmm = d == null ? null : DphmmSection.read(d, model);
    ConfigNode q = root.optional("mqm");
    MqmConfig mqm = q == null ? null : MqmSection.read(q, model);
    ConfigNode r = root.optional("redaction");
    RedactionConfig redaction = r == null ? null : RedactionSection.read(r, model);
    ConfigNode n = root.optional("noise");
    NoiseConfig noise = n == null ? null : NoiseSection.read(n, baseDir);
    JobConfig config = new JobConfig(kafka, time, model, discretizer, dphmm, mqm, redaction, noise);
    if (noise == null && config.anyMechanism()) {
      throw new ConfigException("noise", "missing required section (dphmm, mqm and redaction need a noise key)");
    }
    return config;
  }
}
