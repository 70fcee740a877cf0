package org.pufferflow.tools.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.flink.annotation.Internal;
import org.pufferflow.chain.TransitionEstimator;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.jobs.cli.CliJson;
import org.pufferflow.jobs.cli.UsageException;
import org.pufferflow.tools.learn.AmpdsTraces;
import org.pufferflow.tools.learn.ConsoleProgress;
import org.pufferflow.tools.learn.CsvTraces;
import org.pufferflow.tools.learn.GeolifeTraces;
import org.pufferflow.tools.learn.GridSpec;
import org.pufferflow.tools.learn.LearnedModel;
import org.pufferflow.tools.learn.ModelYaml;
import org.pufferflow.tools.learn.TraceSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code pufferflow learn} (docs/learn.md): fits a Markov model to public traces — the add-λ maximum-likelihood
 * transition matrix, π, π_min, both eigen-gaps, reversibility — prints the summary, warns on stderr when the chain
 * is not ergodic or states are rarely visited, and writes the model file a job's {@code model.modelFile} reads.
 */
@Internal
@Command(
    name = "learn",
    mixinStandardHelpOptions = true,
    usageHelpAutoWidth = true,
    sortOptions = false,
    header = "Learn a Markov model from public traces and write it as a model file.",
    description = "Learn a Markov model (transition matrix, stationary distribution, eigen-gaps) from public"
        + " traces and write it as a model file, which a job configuration names in its model section as"
        + " `modelFile` (docs/learn.md).",
    footerHeading = "%n",
    footer = {
      "Examples:",
      "  pufferflow learn --input traces.csv --tick-millis 300000 --out model.yaml",
      "  pufferflow learn --format ampds --input meter.csv --levels 5,50 \\",
      "      --out meter.yaml",
      "  pufferflow learn --format geolife --input geolife/ \\",
      "      --bbox 39.83,39.99,116.27,116.49 --cell-meters 1000 --out beijing.yaml",
      "Warnings go to stderr; --json prints one JSON object on stdout."
    })
public final class LearnCommand implements Callable<Integer> {

  /** Default tick of the GeoLife and AMPds formats: one minute. */
  static final long DEFAULT_TICK_MILLIS = 60_000L;

  @Spec CommandSpec spec;

  @Option(names = "--input", required = true, paramLabel = "PATH",
      description = "The traces: a CSV file (csv, ampds) or a .plt file or directory of them (geolife).")
  Path input;

  @Option(names = "--format", defaultValue = "csv", paramLabel = "csv|geolife|ampds",
      description = "Input format (default csv: subject,time,state with time in epoch ms).")
  String format;

  @Option(names = "--tick-millis", paramLabel = "MS",
      description = "Tick length in ms (required for csv; default 60000 for geolife and ampds).")
  Long tickMillis;

  @Option(names = "--states", split = ",", paramLabel = "LABEL",
      description = "csv: the state labels in order (default: in order of first appearance).")
  List<String> states;

  @Option(names = "--bbox", split = ",", paramLabel = "DEG",
      description = "geolife: the box minLat,maxLat,minLon,maxLon (the grid discretizer's keys, in that order).")
  double[] bbox;

  @Option(names = "--cell-meters", paramLabel = "M", description = "geolife: cells at most M metres on a side.")
  Double cellMeters;

  @Option(names = "--rows", paramLabel = "ROWS",
      description = "geolife: grid rows (with --cols, instead of --cell-meters).")
  Integer rows;

  @Option(names = "--cols", paramLabel = "COLS", description = "geolife: grid columns (with --rows).")
  Integer cols;

  @Option(names = "--levels", split = ",", paramLabel = "W",
      description = "ampds: ascending power thresholds; k thresholds give k+1 levels (level = #thresholds <= P).")
  double[] levels;

  @Option(names = "--column", paramLabel = "NAME", description = "ampds: the power column (default P, in W).")
  String column;

  @Option(names = "--smoothing", defaultValue = "0.01", paramLabel = "LAMBDA",
      description = "Add-λ smoothing of every transition count (>= 0, default ${DEFAULT-VALUE}); a value > 0 is"
          + " accepted up to 1000 states, use 0 for larger chains.")
  double smoothing;

  @Option(names = "--min-visits", defaultValue = "10", paramLabel = "K",
      description = "Warn about states observed in fewer than K ticks (default ${DEFAULT-VALUE}).")
  long minVisits;

  @Option(names = "--out", paramLabel = "FILE", description = "Write the model file here (else summary only).")
  Path out;

  @Option(names = "--json", description = "Print exactly one JSON object on stdout.")
  boolean json;

  @Override
  public Integer call() {
    PufferPreconditions.checkNonNegative("--smoothing", smoothing);
    PufferPreconditions.checkAtLeast("--min-visits", minVisits, 0);
    TraceSet traces;
    GridSpec grid = null;
    try (ConsoleProgress progress = new ConsoleProgress(System.err, ConsoleProgress.DEFAULT_MIN_BYTES)) {
      switch (format) {
        case "csv" -> {
          onlyWith("geolife", "--bbox", bbox, "--cell-meters", cellMeters, "--rows", rows, "--cols", cols);
          onlyWith("ampds", "--levels", levels, "--column", column);
          if (tickMillis == null) {
            throw new UsageException("--tick-millis is required with --format csv");
          }
          traces = CsvTraces.read(input, tick(), states, progress);
        }
        case "geolife" -> {
          onlyWith("csv", "--states", states);
          onlyWith("ampds", "--levels", levels, "--column", column);
          grid = grid();
          traces = GeolifeTraces.read(input, grid, tick(), progress);
        }
        case "ampds" -> {
          onlyWith("csv", "--states", states);
          onlyWith("geolife", "--bbox", bbox, "--cell-meters", cellMeters, "--rows", rows, "--cols", cols);
          if (levels == null) {
            throw new UsageException("--levels is required with --format ampds (e.g. --levels 5,50)");
          }
          traces = AmpdsTraces.read(input, levels, column == null ? AmpdsTraces.DEFAULT_COLUMN : column, tick(),
              progress);
        }
        default -> throw new UsageException("--format = " + format + ": expected one of csv, geolife, ampds");
      }
    }
    if (smoothing > 0 && traces.numStates() > TransitionEstimator.DENSE_SMOOTHING_MAX_STATES) {
      throw new UsageException("--smoothing " + smoothing + " with " + traces.numStates() + " states: a smoothing > 0"
          + " makes every one of the N x N entries positive (a dense matrix), built only up to "
          + TransitionEstimator.DENSE_SMOOTHING_MAX_STATES + " states; use --smoothing 0 (stored sparsely)");
    }
    LearnedModel model = LearnedModel.fit(traces, smoothing, minVisits);
    if (out != null) {
      ModelYaml.write(model, traces.tickMillis(), comments(traces, grid), out);
    }
    PrintWriter err = spec.commandLine().getErr();
    for (String w : model.warnings()) {
      err.println("WARNING: " + w);
    }
    err.flush();
    PrintWriter w = spec.commandLine().getOut();
    if (json) {
      w.println(CliJson.write(LearnSummary.json(traces, model, grid, out)));
    } else {
      LearnSummary.print(w, traces, model, grid, out);
    }
    w.flush();
    return 0;
  }

  private long tick() {
    long t = tickMillis == null ? DEFAULT_TICK_MILLIS : tickMillis;
    return PufferPreconditions.checkAtLeast("--tick-millis", t, 1);
  }

  private GridSpec grid() {
    if (bbox == null) {
      throw new UsageException("--bbox minLat,maxLat,minLon,maxLon is required with --format geolife");
    }
    if (bbox.length != 4) {
      throw new UsageException("--bbox = " + Arrays.toString(bbox) + ": expected 4 values minLat,maxLat,minLon,maxLon");
    }
    boolean bySize = cellMeters != null;
    boolean byCount = rows != null || cols != null;
    if (bySize == byCount) {
      throw new UsageException(bySize ? "--cell-meters and --rows/--cols are exclusive, give one"
          : "give --cell-meters M or --rows R --cols C with --format geolife");
    }
    if (bySize) {
      return GridSpec.ofCellSize(bbox[0], bbox[1], bbox[2], bbox[3], cellMeters);
    }
    if (rows == null || cols == null) {
      throw new UsageException(rows == null ? "--rows is required with --cols" : "--cols is required with --rows");
    }
    return new GridSpec(bbox[0], bbox[1], bbox[2], bbox[3], rows, cols);
  }

  /** Rejects options of another format: pairs of (option name, value or null). */
  private void onlyWith(String owner, Object... namesAndValues) {
    for (int i = 0; i < namesAndValues.length; i += 2) {
      if (namesAndValues[i + 1] != null) {
        throw new UsageException(namesAndValues[i] + " applies only to --format " + owner + ", not " + format);
      }
    }
  }

  private List<String> comments(TraceSet traces, GridSpec grid) {
    List<String> c = new ArrayList<>();
    c.add("Markov model learned by `pufferflow learn` from public traces (format " + format + ", input "
        + input.getFileName() + ").");
    c.add(traces.numStates() + " states, " + traces.subjects().size() + " subjects, " + traces.ticks() + " ticks ("
        + (traces.ticks() - traces.observedTicks()) + " gaps), " + traces.transitions() + " transitions counted;"
        + " add-lambda smoothing " + smoothing + ".");
    c.add("A job reads `states` and `transition` (model.modelFile); the other keys document the fit.");
    c.add("Use it with time.tickMillis: " + traces.tickMillis() + ".");
    if (grid != null) {
      c.add("Cells are numbered like the grid discretizer: discretizer: {type: grid, minLat: " + grid.minLat()
          + ", maxLat: " + grid.maxLat() + ", minLon: " + grid.minLon() + ", maxLon: " + grid.maxLon() + ", rows: "
          + grid.rows() + ", cols: " + grid.cols() + "}");
    }
    if (levels != null) {
      c.add("Levels are those of the bins discretizer with thresholds: " + Arrays.toString(levels) + ".");
    }
    return c;
  }
}
