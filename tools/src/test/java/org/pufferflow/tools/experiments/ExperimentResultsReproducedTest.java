package org.pufferflow.tools.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Rerunning a fast experiment at full size writes exactly the CSV files committed in docs/experiment-results/ (the
 * numbers docs/experiments.md states are checked against those files by {@link ExperimentsDocNumbersTest}). The
 * slower experiments (mqm-fig2, mqm-ampds, the DPHMM ones) are not rerun here.
 */
class ExperimentResultsReproducedTest {

  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"composition", "composition-counterexample", "redaction-fig3", "redaction-fig4",
      "redaction-examples", "wasserstein-vs-mqm", "mqm-theta-grid"})
  void rerunWritesTheCommittedCsv(String name) throws Exception {
    Experiment e = Experiments.byName(name).orElseThrow();
    List<Path> files = e.run(dir, ExperimentProgress.silent());
    Path committed = ExperimentsDocNumbersTest.root().resolve("docs/experiment-results");
    int csvs = 0;
    for (Path f : files) {
      if (f.toString().endsWith(".csv")) {
        csvs++;
        Path c = committed.resolve(f.getFileName().toString());
        assertTrue(Files.exists(c), c + " is not committed");
        assertEquals(Files.readString(c), Files.readString(f), f.getFileName() + " differs from the committed file");
      }
    }
    assertTrue(csvs > 0);
  }
}
