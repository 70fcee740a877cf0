package org.pufferflow.tools.experiments;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.pufferflow.tools.chart.Chart;
import org.pufferflow.mechanism.mqm.FiniteChainClass;
import org.pufferflow.mechanism.mqm.MqmCalibration;
import org.pufferflow.mechanism.mqm.MqmMode;
import org.pufferflow.mechanism.mqm.SlidingWindowAccountant;

/**
 * {@code composition}: how repeated MQM window releases on one series compose ("Composition Properties of
 * Inferential Privacy for Time-Series Data", Song and Chaudhuri, Theorem 3.7: MQM releases compose linearly, like
 * pure DP). For sliding windows (W, S), every window released with its own ε_w = 1 calibration, the per-time-point
 * loss of the project's {@link SlidingWindowAccountant} (docs/mqm.md) is plotted against the number m = ⌈W/S⌉ of
 * overlapping releases that cover a time point, next to the linear reading m·ε_w and the project's conservative
 * bound ({@link SlidingWindowAccountant#theorem37SteadyStateEpsilon()}: ε_w summed over every window touching the
 * combined quilt's nearby set, the project's extension of Theorem 3.7 to sub-window releases, not a number the paper
 * states); and the loss ε(t) at the stream start, where fewer windows cover t.
 *
 * <p>Chain: P = [[0.9, 0.1], [0.2, 0.8]] (k = 2), count histograms (L = 2). No randomness.
 */
final class CompositionExperiment implements Experiment {

  static final double[][] CHAIN = {{0.9, 0.1}, {0.2, 0.8}};
  static final double EPSILON = 1;

  private final boolean quick;

  CompositionExperiment(boolean quick) {
    this.quick = quick;
  }

  @Override
  public String name() {
    return "composition";
  }

  @Override
  public String description() {
    return "MQM composition (Song & Chaudhuri Thm 3.7): per-time-point loss of overlapping sliding-window releases"
        + " vs the number of releases covering a point, for W = 50, 100 and several slides S";
  }

  int[] windows() {
    return quick ? new int[] {100} : new int[] {50, 100};
  }

  int[] slides(int window) {
    List<Integer> s = new ArrayList<>();
    for (int m : quick ? new int[] {1, 2, 4, 10} : new int[] {1, 2, 4, 5, 10, 20, 25}) {
      if (window % m == 0) {
        s.add(window / m);
      }
    }
    return s.stream().mapToInt(Integer::intValue).toArray();
  }

  MqmMode[] modes() {
    return new MqmMode[] {MqmMode.APPROX_REVERSIBLE, MqmMode.EXACT};
  }

  int startWindow() {
    return 100;
  }

  int startSlide() {
    return 10;
  }

  static MqmCalibration calibration(MqmMode mode, int window, double epsilon) {
    return MqmCalibration.builder().chainClass(FiniteChainClass.of(CHAIN)).mode(mode).epsilon(epsilon)
        .windowLength(window).sensitivity(2).build();
  }

  @Override
  public List<Path> run(Path outDir, ExperimentProgress progress) throws IOException {
    Outputs out = new Outputs(outDir);
    long steps = (long) modes().length * 2 * startWindow();
    for (int w : windows()) {
      steps += (long) modes().length * slides(w).length;
    }
    progress.start(name(), steps);
    Table t = new Table("mode", "W", "S", "releases_covering_point", "epsilon_window", "noise_scale",
        "steady_state_epsilon", "linear_sum", "touching_windows_sum", "design_noise_scale",
        "design_steady_state_epsilon");
    Chart c = new Chart("Per-time-point loss of sliding MQM windows (each window epsilon_w = 1)",
        "releases covering a time point m = W/S", "steady-state loss per time point");
    List<Double> linX = new ArrayList<>();
    List<Double> linY = new ArrayList<>();
    for (MqmMode mode : modes()) {
      for (int w : windows()) {
        MqmCalibration cal = calibration(mode, w, EPSILON);
        List<Double> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        List<Double> thm = new ArrayList<>();
        for (int s : slides(w)) {
          int m = (w + s - 1) / s;
          SlidingWindowAccountant acc = SlidingWindowAccountant.of(cal, s, false);
          double ss = acc.steadyStateEpsilon();
          double t37 = acc.theorem37SteadyStateEpsilon();
          double design = SlidingWindowAccountant.designNoiseScale(cal, w, s);
          double designSs = SlidingWindowAccountant.withNoiseScale(cal, s, design).steadyStateEpsilon();
          t.add(mode.cliName(), w, s, m, EPSILON, cal.noiseScale(), ss, m * EPSILON, t37, design, designSs);
          x.add((double) m);
          y.add(ss);
          thm.add(t37);
          if (!linX.contains((double) m)) {
            linX.add((double) m);
            linY.add(m * EPSILON);
          }
          progress.step(1);
        }
        String label = "joint accountant, " + mode.cliName() + ", W = " + w;
        c.add(w == windows()[0] && windows().length > 1 ? Chart.Series.scatter(label, x, y)
            : Chart.Series.line(label, x, y));
        if (mode == MqmMode.APPROX_REVERSIBLE) {
          c.add(Chart.Series.line("project's bound: epsilon_w x windows touching the combined quilt's nearby set, "
              + mode.cliName() + ", W = " + w, x, thm).drawn(Chart.Look.DASHED));
        }
      }
    }
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < linX.size(); i++) {
      order.add(i);
    }
    order.sort((a, b) -> Double.compare(linX.get(a), linX.get(b)));
    List<Double> lx = new ArrayList<>();
    List<Double> ly = new ArrayList<>();
    for (int i : order) {
      lx.add(linX.get(i));
      ly.add(linY.get(i));
    }
    c.add(Chart.Series.line("linear m * epsilon_w", lx, ly));
    out.csv("composition", t);
    out.png("composition", c);
    streamStart(out, progress);
    return out.files();
  }

  /** ε(t) for t = 1..2W at the stream start (full windows only), with the number of windows covering t. */
  private void streamStart(Outputs out, ExperimentProgress progress) throws IOException {
    int w = startWindow();
    int s = startSlide();
    Table t = new Table("mode", "W", "S", "t", "windows_covering_t", "epsilon_t");
    Chart c = new Chart("Loss at the stream start, W = " + w + ", S = " + s + " (full windows, epsilon_w = 1)",
        "time point t", "loss epsilon(t) of time point t");
    for (MqmMode mode : modes()) {
      SlidingWindowAccountant acc = SlidingWindowAccountant.of(calibration(mode, w, EPSILON), s, false);
      List<Double> x = new ArrayList<>();
      List<Double> y = new ArrayList<>();
      for (int time = 1; time <= 2 * w; time++) {
        double e = acc.epsilonAt(time);
        t.add(mode.cliName(), w, s, time, windowsCovering(time, w, s), e);
        x.add((double) time);
        y.add(e);
        progress.step(1);
      }
      c.add(Chart.Series.line("joint accountant, " + mode.cliName(), x, y));
    }
    out.csv("composition-stream-start", t);
    out.png("composition-stream-start", c);
  }

  /** Number of full windows [e−W+1, e], e = W, W+S, …, that contain t. */
  static int windowsCovering(long t, int w, int s) {
    int n = 0;
    for (long e = w; e - w + 1 <= t; e += s) {
      if (t <= e) {
        n++;
      }
    }
    return n;
  }
}
