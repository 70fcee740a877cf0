package org.pufferflow.tools.experiments;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.annotation.Internal;

/**
 * One reproducible figure of a source paper ({@code pufferflow experiment NAME --out DIR}). An experiment is a
 * deterministic function of public inputs (shipped data samples, fixed seeds or the keyed generator with a fixed
 * test key): it writes one CSV per figure panel and one PNG plotting it, and returns the files written.
 *
 * <p>Caller's duties: {@code outDir} exists and is writable. Implementations must finish within 10 minutes on
 * 2 cores and report progress through {@code progress} (the CLI shows it as a progress bar).
 */
@Internal
public interface Experiment {

  /** The name used on the command line, e.g. {@code mqm-fig2}. */
  String name();

  /** One line: which paper, which figure, what is plotted. */
  String description();

  /** Runs the experiment and writes its CSV and PNG files into {@code outDir}; returns them in a stable order. */
  List<Path> run(Path outDir, ExperimentProgress progress) throws IOException;
}
