package org.pufferflow.tools.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import me.tongfei.progressbar.DelegatingProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.apache.flink.annotation.Internal;
import org.pufferflow.jobs.cli.UsageException;
import org.pufferflow.tools.experiments.Experiment;
import org.pufferflow.tools.experiments.ExperimentProgress;
import org.pufferflow.tools.experiments.Experiments;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code pufferflow experiment NAME --out DIR}: reproduces one figure family of the source papers, writing a CSV
 * and a PNG per panel into DIR (docs/experiments.md), with a progress bar on stderr; {@code pufferflow experiment
 * list} names every experiment with a one-line description.
 */
@Internal
@Command(
    name = "experiment",
    mixinStandardHelpOptions = true,
    usageHelpAutoWidth = true,
    description = {
      "Reproduce a figure of the source papers: writes one CSV and one PNG per panel into --out DIR"
          + " (docs/experiments.md). `pufferflow experiment list` names them.",
      ""
    },
    footerHeading = "%n",
    footer = {"Examples:", "  pufferflow experiment list", "  pufferflow experiment mqm-fig2 --out out/fig2"})
public final class ExperimentCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "NAME", description = "An experiment name, or `list`.")
  String name;

  @Option(names = "--out", paramLabel = "DIR", description = "Output directory (created if needed).")
  Path out;

  @Option(names = "--quick", description = "Smaller grids and fewer Monte-Carlo runs (a smoke run).")
  boolean quick;

  @Override
  public Integer call() throws IOException {
    PrintWriter w = spec.commandLine().getOut();
    if (name.equals("list")) {
      if (out != null) {
        throw new UsageException("--out: not used by `experiment list`");
      }
      for (Experiment e : Experiments.all(quick)) {
        w.printf("%-20s %s%n", e.name(), e.description());
      }
      w.flush();
      return 0;
    }
    Experiment e = Experiments.byName(name, quick).orElseThrow(() -> new UsageException(
        "NAME = " + name + ": unknown experiment; one of list, "
            + Experiments.all().stream().map(Experiment::name).collect(Collectors.joining(", "))));
    if (out == null) {
      throw new UsageException("--out: required (the directory to write the CSV and PNG files into)");
    }
    PrintWriter err = spec.commandLine().getErr();
    List<Path> files;
    try (BarProgress progress = new BarProgress(err)) {
      files = e.run(out, progress);
    } catch (UncheckedIOException ex) {
      throw ex.getCause();
    }
    for (Path f : files) {
      w.println(f);
    }
    w.flush();
    return 0;
  }

  /** An {@link ExperimentProgress} drawn as a text progress bar on the command's stderr. */
  static final class BarProgress implements ExperimentProgress, AutoCloseable {
    private final PrintWriter err;
    private ProgressBar bar;

    BarProgress(PrintWriter err) {
      this.err = err;
    }

    @Override
    public void start(String task, long total) {
      close();
      bar = new ProgressBarBuilder().setTaskName(task).setInitialMax(total).setStyle(ProgressBarStyle.ASCII)
          .setUpdateIntervalMillis(200)
          .setConsumer(new DelegatingProgressBarConsumer(s -> {
            err.print('\r');
            err.print(s);
            err.flush();
          }, 100))
          .build();
    }

    @Override
    public void step(long steps) {
      if (bar != null) {
        bar.stepBy(steps);
      }
    }

    @Override
    public void close() {
      if (bar != null) {
        bar.close();
        bar = null;
        err.println();
        err.flush();
      }
    }
  }
}
