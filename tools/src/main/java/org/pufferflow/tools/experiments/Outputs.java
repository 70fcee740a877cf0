package org.pufferflow.tools.experiments;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.pufferflow.tools.chart.Chart;

/** The files one experiment run writes into its output directory, in the order written. */
final class Outputs {

  private final Path dir;
  private final List<Path> written = new ArrayList<>();

  Outputs(Path dir) throws IOException {
    this.dir = Files.createDirectories(dir);
  }

  /** Writes {@code NAME.csv}. */
  Path csv(String name, Table table) throws IOException {
    Path f = dir.resolve(name + ".csv");
    table.write(f);
    written.add(f);
    return f;
  }

  /** Writes {@code NAME.png}. */
  Path png(String name, Chart chart) throws IOException {
    Path f = dir.resolve(name + ".png");
    chart.write(f);
    written.add(f);
    return f;
  }

  List<Path> files() {
    return List.copyOf(written);
  }
}
