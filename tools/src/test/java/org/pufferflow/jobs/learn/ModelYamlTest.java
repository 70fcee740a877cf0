package org.pufferflow.jobs.learn;

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
    Files.writeString(dir.resolve("job.yaml"), """
        kafka: {bootstrapServers: localhost:9092}
        time: {tickMillis: 1000}
        model: {modelFile: m.yaml}
        discretizer: {type: categorical}
        """);
    ModelConfig loaded = ConfigLoader.load(dir.resolve("job.yaml")).model();
    assertThat(loaded.states()).isEqualTo(labels);
    assertThat(loaded.transition()).isDeepEqualTo(m.transition());
  }
}
