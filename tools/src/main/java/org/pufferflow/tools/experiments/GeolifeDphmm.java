package org.pufferflow.tools.experiments;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.tools.learn.GeolifeTraces;
import org.pufferflow.tools.learn.GridSpec;
import org.pufferflow.tools.learn.LearnedModel;
import org.pufferflow.tools.learn.ReadProgress;
import org.pufferflow.tools.learn.TraceSet;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.policy.PolicyGraph;
import org.pufferflow.policy.StateQuery;

/**
 * The DPHMM experiments' location model (docs/experiments.md, 'DPHMM on GeoLife'): the shipped GeoLife sample
 * ({@code data/geolife/README.md} of the resources) read on a grid over a box of Beijing ({@link #BOX_MIN_LAT}…) at
 * one-minute ticks, a chain fitted to it with λ = 0 ({@link LearnedModel}: maximum likelihood; a row never left
 * keeps a self-loop, so the matrix stays as sparse as the data), p0 = the empirical distribution of visited ticks,
 * and the query f = cell centre in kilometres east and north of the box's south-west corner (so the utility radius
 * and the error are in km). As in the paper, the model is learned from the data the sequences come from: the true
 * sequences are {@link #sequences drawn} from the learned chain with the keyed generator under the public
 * {@link ExperimentKeys experiment key}, so that the adversary's model is exactly right.
 *
 * <p>Immutable after construction.
 */
final class GeolifeDphmm {

  static final String RESOURCE_DIR = "/data/geolife/";
  static final double BOX_MIN_LAT = 39.93;
  static final double BOX_MAX_LAT = 40.03;
  static final double BOX_MIN_LON = 116.28;
  static final double BOX_MAX_LON = 116.38;
  static final long TICK_MILLIS = 60_000L;
  static final String CONTEXT = "experiment/dphmm-geolife";

  private static final Map<Double, GeolifeDphmm> LOADED = new LinkedHashMap<>();
  private static final int LOADED_CAPACITY = 8;

  final double cellMeters;
  final GridSpec grid;
  final LearnedModel model;
  final TransitionMatrix transition;
  final double[] initial;
  final StateQuery query;
  final double[] flat;

  private GeolifeDphmm(double cellMeters) {
    this.cellMeters = cellMeters;
    this.grid = GridSpec.ofCellSize(BOX_MIN_LAT, BOX_MAX_LAT, BOX_MIN_LON, BOX_MAX_LON, cellMeters);
    TraceSet traces = traces(grid);
    this.model = LearnedModel.fit(traces, 0);
    this.transition = model.transition();
    long[] visits = model.visits();
    long total = 0;
    for (long v : visits) {
      total += v;
    }
    this.initial = new double[visits.length];
    for (int i = 0; i < visits.length; i++) {
      initial[i] = visits[i] / (double) total;
    }
    this.query = StateQuery.of("cell centre (km)", kilometres(grid));
    this.flat = new double[2 * grid.cells()];
    for (int i = 0; i < grid.cells(); i++) {
      flat[2 * i] = query.get(i, 0);
      flat[2 * i + 1] = query.get(i, 1);
    }
  }

  /** The model on cells of at most {@code cellMeters} (memoised: the sample is read once per cell size). */
  static synchronized GeolifeDphmm of(double cellMeters) {
    GeolifeDphmm m = LOADED.get(cellMeters);
    if (m == null) {
      if (LOADED.size() >= LOADED_CAPACITY) {
        LOADED.remove(LOADED.keySet().iterator().next());
      }
      m = new GeolifeDphmm(cellMeters);
      LOADED.put(cellMeters, m);
    }
    return m;
  }

  int states() {
    return grid.cells();
  }

  /** Cells with at least one observed tick. */
  int visitedStates() {
    int n = 0;
    for (long v : model.visits()) {
      n += v > 0 ? 1 : 0;
    }
    return n;
  }

  /** G_util(r): an edge iff the centres are at most r km apart. */
  PolicyGraph utilityGraph(double radiusKm) {
    return PolicyGraph.utility(query, radiusKm);
  }

  /** G_trs (θ = 0). */
  PolicyGraph transitionGraph() {
    return PolicyGraph.transition(transition, 0);
  }

  /**
   * {@code count} true sequences of {@code length} ticks drawn from the learned chain: s_0 ~ p0, s_t ~ M[s_{t−1}, ·],
   * by inversion of the cumulative row with one uniform per tick, context {@code (CONTEXT, "sequence", i)}.
   */
  int[][] sequences(int count, int length) {
    KeyedRandom random = ExperimentKeys.random();
    double[][] m = model.transitionRows(); // the experiments' cells: a few hundred states
    int[][] out = new int[count][length];
    for (int i = 0; i < count; i++) {
      random.reset(CONTEXT, "sequence", i);
      out[i][0] = draw(initial, random.nextDouble());
      for (int t = 1; t < length; t++) {
        out[i][t] = draw(m[out[i][t - 1]], random.nextDouble());
      }
    }
    return out;
  }

  /** The first index whose cumulative probability exceeds u (the last positive one if rounding leaves u above). */
  static int draw(double[] p, double u) {
    double cum = 0;
    int last = -1;
    for (int j = 0; j < p.length; j++) {
      if (p[j] > 0) {
        cum += p[j];
        last = j;
        if (u < cum) {
          return j;
        }
      }
    }
    return last;
  }

  /** Cell centres as {x east, y north} in km from the box's south-west corner (equirectangular, as GridSpec). */
  static double[][] kilometres(GridSpec grid) {
    double[][] centres = grid.centres();
    double kmPerDegree = GridSpec.EARTH_RADIUS_METERS * Math.PI / 180 / 1000;
    double cos = Math.cos(Math.toRadians((grid.minLat() + grid.maxLat()) / 2));
    double[][] km = new double[centres.length][];
    for (int i = 0; i < centres.length; i++) {
      km[i] = new double[] {
          (centres[i][1] - grid.minLon()) * kmPerDegree * cos, (centres[i][0] - grid.minLat()) * kmPerDegree};
    }
    return km;
  }

  /** The shipped trajectories on {@code grid}: extracted to a temporary directory, read, deleted. */
  static TraceSet traces(GridSpec grid) {
    try {
      Path tmp = Files.createTempDirectory("geolife-");
      try {
        for (String name : resourceNames()) {
          Path target = tmp.resolve(name.substring(0, name.indexOf('/'))).resolve("Trajectory")
              .resolve(name.substring(name.indexOf('/') + 1, name.length() - ".gz".length()));
          Files.createDirectories(target.getParent());
          try (InputStream in = open(RESOURCE_DIR + name)) {
            Files.copy(new GZIPInputStream(in), target);
          }
        }
        return GeolifeTraces.read(tmp, grid, TICK_MILLIS, ReadProgress.NONE);
      } finally {
        try (Stream<Path> walk = Files.walk(tmp)) {
          for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
            Files.deleteIfExists(p);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The entries of {@code files.txt}: {@code USER/NAME.plt.gz}. */
  static List<String> resourceNames() throws IOException {
    List<String> names = new ArrayList<>();
    try (BufferedReader r = new BufferedReader(
        new InputStreamReader(open(RESOURCE_DIR + "files.txt"), StandardCharsets.UTF_8))) {
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        if (!line.isBlank()) {
          names.add(line.trim());
        }
      }
    }
    return names;
  }

  private static InputStream open(String resource) {
    InputStream in = GeolifeDphmm.class.getResourceAsStream(resource);
    if (in == null) {
      throw new IllegalStateException("resource " + resource + " missing from the class path");
    }
    return in;
  }
}
