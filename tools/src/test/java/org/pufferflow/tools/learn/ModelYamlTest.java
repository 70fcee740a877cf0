package org.pufferflow.tools.learn;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.ModelConfig;

/** {@link ModelYaml}: numbers and labels survive the trip through the job's configuration loader exactly. */
class ModelYamlTest {

  @TempDir Path dir;

  @Property(tries = 1000)
  void numbersReadBackToTheSameDoubleInPlainNotation(@ForAll double v) {
    if (!Double.isFinite(v)) {
      return;
    }
    String s = ModelYaml.number(v);
    assertThat(s).doesNotContainIgnoringCase("e").contains(".");
    assertThat(Double.parseDouble(s)).isEqualTo(v);
  }

  @Test
  void awkwardLabelsLoadThroughTheConfigLoader() throws IOException {
    List<String> labels = List.of("a: b", "#x", "\"quoted\"", "back\\slash", "ünï", "- dash", "[1]");
    int n = labels.size();
    int[] seq = new int[3 * n];
    for (int i = 0; i < seq.length; i++) {
      seq[i] = (i * 3) % n;
    }
    Map<String, int[]> subjects = new LinkedHashMap<>();
    subjects.put("s", seq);
    LearnedModel m = LearnedModel.fit(new TraceSet(labels, 1000, subjects, null, seq.length, 0), 0.3, 0);
    ModelYaml.write(m, 1000, List.of("comment: with # and \"quotes\"", "second\nline"), dir.resolve("m.yaml"));
    ModelConfig loaded = loadThroughAJob("m.yaml");
    assertThat(loaded.states()).isEqualTo(labels);
    assertThat(loaded.transition().toArray()).isDeepEqualTo(m.transitionRows());
  }

  /** The model of a minimal job whose model.modelFile is {@code file} in {@link #dir}. */
  private ModelConfig loadThroughAJob(String file) throws IOException {
    Files.writeString(dir.resolve("job.yaml"), """
        kafka: {bootstrapServers: localhost:9092}
        time: {tickMillis: 1000}
        model: {modelFile: %s}
        discretizer: {type: categorical}
        """.formatted(file));
    return ConfigLoader.load(dir.resolve("job.yaml")).model();
  }

  /** A lazy walk on a side × side grid visited by 4 walkers (deterministic), unsmoothed: a sparse chain. */
  private static TraceSet gridWalk(int side, int length) {
    return LearnData.lazyGridWalk(side, 4, length, 4, 11);
  }

  @Test
  void aSparseChainIsWrittenInSparseRowsAndLoadsToTheSameMatrix() throws IOException {
    LearnedModel m = LearnedModel.fit(gridWalk(6, 3000), 0, 0);
    assertThat(ModelYaml.isSparse(m.transition())).isTrue();
    String text = ModelYaml.render(m, 1000, List.of());
    assertThat(text).contains("transition:\n  sparse:\n    - {to: [");
    Files.writeString(dir.resolve("m.yaml"), text);
    assertThat(loadThroughAJob("m.yaml").transition().toArray()).isDeepEqualTo(m.transitionRows());
  }

  @Test
  void aDenseChainKeepsDenseRows() {
    LearnedModel m = LearnedModel.fit(gridWalk(3, 500), 0.5, 0); // smoothing fills every entry
    assertThat(ModelYaml.isSparse(m.transition())).isFalse();
    assertThat(ModelYaml.render(m, 1000, List.of())).doesNotContain("sparse");
  }

  @Test
  void aModelFileAboveTheParsersDefaultLimitLoads() throws IOException {
    // dense rows of 1,000 states: about 4 million characters, more than the 3 MiB default of the YAML parser
    int n = 1000;
    StringBuilder y = new StringBuilder("states: [");
    for (int i = 0; i < n; i++) {
      y.append(i == 0 ? "" : ", ").append("\"s").append(i).append('"');
    }
    y.append("]\ntransition:\n");
    for (int i = 0; i < n; i++) {
      // row i: all mass on state i + 1 (mod n), a cycle (the loader checks shape and sums only)
      StringBuilder row = new StringBuilder("  - [");
      for (int j = 0; j < n; j++) {
        row.append(j == 0 ? "" : ", ").append(j == (i + 1) % n ? "1.0" : "0.000");
      }
      y.append(row).append("]\n");
    }
    assertThat(y.length()).isGreaterThan(3 * 1024 * 1024);
    Files.writeString(dir.resolve("big.yaml"), y);
    double[][] p = loadThroughAJob("big.yaml").transition().toArray();
    assertThat(p).hasNumberOfRows(n);
    assertThat(p[n - 1][0]).isEqualTo(1.0);
    assertThat(p[3][4]).isEqualTo(1.0);
  }
}
