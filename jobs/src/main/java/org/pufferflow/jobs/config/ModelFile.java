package org.pufferflow.jobs.config;

import java.nio.file.Path;
import java.util.List;
import org.apache.flink.annotation.PublicEvolving;
import org.pufferflow.chain.TransitionMatrix;

/**
 * A model file (docs/configuration.md, 'Model files'), as {@code model.modelFile} and {@code plan mqm --chain-file}
 * read it: the {@code states} and the {@code transition} (dense or sparse rows; a sparse file never becomes an
 * N×N array) of a YAML mapping; other keys document the fit and are ignored. Any problem is a
 * {@link ConfigException} whose path starts with the option or key that named the file, e.g.
 * {@code model.modelFile(m.yaml).transition[0]: row sums to 0.9, expected 1 (±1e-9)}.
 */
@PublicEvolving
public record ModelFile(List<String> states, TransitionMatrix transition) {

  public ModelFile {
    states = List.copyOf(states);
  }

  /**
   * Reads {@code file}; {@code source} names what gave it (a YAML path such as {@code model.modelFile}, or a
   * command-line option) and {@code name} the file as given, so errors read {@code source(name).transition[3]: ...}.
   */
  public static ModelFile read(Path file, String source, String name) {
    String where = source + "(" + name + ")";
    ConfigNode root = new ConfigNode(YamlDocuments.parseModel(YamlDocuments.read(file, source), source), where);
    if (!root.isMapping()) {
      throw root.error("expected a mapping with states and transition");
    }
    List<String> states = ModelSection.states(root.required("states"));
    return new ModelFile(states, ChainChecks.readTransition(root.required("transition"), states.size()));
  }
}
