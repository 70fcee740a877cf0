package org.pufferflow.tools.experiments;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.pufferflow.tools.chart.Chart;
import org.pufferflow.tools.learn.AmpdsTraces;
import org.pufferflow.tools.learn.LearnedModel;
import org.pufferflow.tools.learn.ReadProgress;
import org.pufferflow.tools.learn.TraceSet;
import org.pufferflow.mechanism.mqm.FiniteChainClass;
import org.pufferflow.mechanism.mqm.MqmCalibration;
import org.pufferflow.mechanism.mqm.MqmMode;
import org.pufferflow.mechanism.mqm.WindowHistogramRelease;
import org.pufferflow.noise.DiscreteLaplace;
import org.pufferflow.noise.KeyedRandom;

/**
 * {@code mqm-ampds}: the slides' "Preliminary Experiments" on electricity data ("Pufferfish Privacy Mechanisms for
 * Correlated Data": L1 error of the released histogram, MQM 0.019) on the shipped AMPds2 bedroom sub-meter sample
 * (docs/experiments.md, 'mqm-ampds'; data licence in {@code data/README.md} of the resources).
 *
 * <p>Readings are levelled by the thresholds [5, 50] W into 3 states on 15-minute ticks ({@link AmpdsTraces}, the
 * latest reading of a tick wins), and a chain is fitted to them ({@link LearnedModel}, add-0.01 MLE) — as the
 * authors' code does; note that a model fitted to the very data it protects is outside the Pufferfish guarantee
 * (docs/mqm.md): this reproduces the experiment, it is not a deployment recipe. Then (a) the whole series as one
 * histogram (T = all ticks) at several ε, and (b) one histogram per day (T = 96, tumbling) at ε = 1, each released
 * with MQMExact (any initial law), MQMApprox (general bound) and group DP (σ = T/ε), the count histogram with
 * discrete Laplace noise of scale 2σ from {@link KeyedRandom} under the public {@link ExperimentKeys experiment
 * key}; L1 error Σ_c |noisy_c − count_c| / T, averaged over repetitions.
 */
final class MqmAmpdsExperiment implements Experiment {

  static final String RESOURCE = "/data/ampds2/Electricity_B1E-11-P.csv.gz";
  static final String CONTEXT = "experiment/mqm-ampds";
  static final double[] THRESHOLDS = {5, 50};
  static final long TICK_MILLIS = 15 * 60_000L;
  /** The add-λ smoothing of the bedroom model (as examples/models/bedroom.yaml). */
  public static final double SMOOTHING = 0.01;
  static final int DAY = 96;
  static final MqmMode[] MODES = {MqmMode.EXACT_ANY_INITIAL, MqmMode.APPROX_GENERAL};

  private final boolean quick;

  MqmAmpdsExperiment(boolean quick) {
    this.quick = quick;
  }

  @Override
  public String name() {
    return "mqm-ampds";
  }

  @Override
  public String description() {
    return "Slides' electricity experiment on the AMPds2 bedroom meter sample: L1 error of MQMExact, MQMApprox and"
        + " group DP histograms (whole series and per day)";
  }

  int runs() {
    return 20;
  }

  double[] epsilons() {
    return quick ? new double[] {1} : new double[] {0.1, 0.2, 0.5, 1, 2, 5, 10};
  }

  int days() {
    return quick ? 3 : Integer.MAX_VALUE;
  }

  /** The shipped sample, levelled on 15-minute ticks. */
  /** The shipped AMPds2 bedroom sample as 15-minute power levels (P < 5, 5 ≤ P < 50, P ≥ 50 W). */
  public static TraceSet traces() {
    try (InputStream in = MqmAmpdsExperiment.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("resource " + RESOURCE + " missing from the class path");
      }
      Path tmp = Files.createTempFile("Electricity_B1E-11-", ".csv");
      try {
        Files.copy(new GZIPInputStream(in), tmp, StandardCopyOption.REPLACE_EXISTING);
        return AmpdsTraces.read(tmp, THRESHOLDS, AmpdsTraces.DEFAULT_COLUMN, TICK_MILLIS, ReadProgress.NONE);
      } finally {
        Files.deleteIfExists(tmp);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public List<Path> run(Path outDir, ExperimentProgress progress) throws IOException {
    Outputs out = new Outputs(outDir);
    TraceSet traces = traces();
    LearnedModel model = LearnedModel.fit(traces, SMOOTHING);
    Map.Entry<String, int[]> subject = traces.subjects().entrySet().iterator().next();
    int[] series = subject.getValue();
    int k = model.numStates();
    int days = Math.min(days(), observedDays(series, k));
    progress.start(name(), (long) epsilons().length + days);
    Table m = new Table("state", "label", "visits", "stationary", "p_to_0", "p_to_1", "p_to_2");
    for (int s = 0; s < k; s++) {
      double[] row = model.transitionRows()[s];
      m.add(s, model.labels().get(s).replace("<=", " le ").replace("<", " lt ").replace(">=", " ge "),
          model.visits()[s], model.stationary()[s], row[0], row[1], row[2]);
    }
    out.csv("mqm-ampds-model", m);

    KeyedRandom random = ExperimentKeys.random();
    FiniteChainClass cls = FiniteChainClass.of(model.transitionRows());
    int[] counts = histogram(series, 0, series.length, k);
    int total = sum(counts);
    Table a = new Table("epsilon", "T", "method", "sigma", "beta", "expected_l1", "expected_l1_discrete", "mc_runs",
        "mc_l1_mean", "mc_l1_se");
    Chart ca = new Chart("AMPds2 bedroom meter, one histogram of " + total + " ticks (15 min), 3 power levels",
        "epsilon (log scale)", "mean L1 error of the relative frequencies over 20 releases (log scale)")
        .logX().logY();
    List<List<Double>> ys = new ArrayList<>();
    for (int i = 0; i < MODES.length + 1; i++) {
      ys.add(new ArrayList<>());
    }
    List<Double> xs = new ArrayList<>();
    for (double eps : epsilons()) {
      xs.add(eps);
      for (int i = 0; i <= MODES.length; i++) {
        double sigma;
        double beta;
        if (i < MODES.length) {
          MqmCalibration c = MqmCalibration.builder().chainClass(cls).mode(MODES[i]).epsilon(eps)
              .windowLength(total).sensitivity(2).build();
          sigma = c.sigmaMax();
          beta = c.noiseScale();
        } else {
          sigma = total / eps;
          beta = Math.nextUp(2 * sigma);
        }
        String method = i < MODES.length ? "mqm-" + MODES[i].cliName() : "group-dp";
        double[] mc = monteCarlo(random, "series/" + method + "/eps=" + eps, counts, total, beta);
        a.add(eps, total, method, sigma, beta, k * 2 * sigma / total,
            MqmThetaGridExperiment.expectedDiscreteL1(beta, k, total), runs(), mc[0], mc[1]);
        ys.get(i).add(mc[0]);
      }
      progress.step(1);
    }
    for (int i = 0; i <= MODES.length; i++) {
      ca.add(Chart.Series.line(i < MODES.length ? "MQM " + MODES[i].cliName() : "group DP", xs, ys.get(i)));
    }
    out.csv("mqm-ampds-series", a);
    out.png("mqm-ampds-series", ca);

    Table b = new Table("day", "T", "epsilon", "method", "sigma", "expected_l1_discrete", "mc_runs", "mc_l1_mean",
        "mc_l1_se");
    Chart cb = new Chart("AMPds2 bedroom meter, one histogram per day (T = 96), epsilon = 1",
        "day", "mean L1 error of the day's relative frequencies").roundedYRange();
    List<List<Double>> yd = new ArrayList<>();
    List<Double> xd = new ArrayList<>();
    double[] sigmas = new double[MODES.length + 1];
    double[] betas = new double[MODES.length + 1];
    for (int i = 0; i <= MODES.length; i++) {
      yd.add(new ArrayList<>());
      if (i < MODES.length) {
        MqmCalibration c = MqmCalibration.builder().chainClass(cls).mode(MODES[i]).epsilon(1).windowLength(DAY)
            .sensitivity(2).build();
        sigmas[i] = c.sigmaMax();
        betas[i] = c.noiseScale();
      } else {
        sigmas[i] = DAY;
        betas[i] = Math.nextUp(2.0 * DAY);
      }
    }
    for (int d = 0; d < days; d++) {
      int[] day = histogram(series, d * DAY, (d + 1) * DAY, k);
      xd.add((double) (d + 1));
      for (int i = 0; i <= MODES.length; i++) {
        String method = i < MODES.length ? "mqm-" + MODES[i].cliName() : "group-dp";
        double[] mc = monteCarlo(random, "day=" + (d + 1) + "/" + method, day, DAY, betas[i]);
        b.add(d + 1, DAY, 1, method, sigmas[i], MqmThetaGridExperiment.expectedDiscreteL1(betas[i], k, DAY), runs(),
            mc[0], mc[1]);
        yd.get(i).add(mc[0]);
      }
      progress.step(1);
    }
    for (int i = 0; i <= MODES.length; i++) {
      cb.add(Chart.Series.line(i < MODES.length ? "MQM " + MODES[i].cliName() : "group DP", xd, yd.get(i))
          .drawn(Chart.Look.MARKED_LINE));
    }
    out.csv("mqm-ampds-daily", b);
    out.png("mqm-ampds-daily", cb);
    return out.files();
  }

  /** Mean and standard error of the L1 error of {@link #runs} releases of {@code counts} at per-bin scale β. */
  private double[] monteCarlo(KeyedRandom random, String context, int[] counts, int length, double beta) {
    double sum = 0;
    double sumSq = 0;
    for (int r = 0; r < runs(); r++) {
      random.reset(CONTEXT, context, r);
      long abs = 0;
      for (int c = 0; c < counts.length; c++) {
        abs += Math.abs(DiscreteLaplace.sample(random, beta));
      }
      double l1 = abs / (double) length;
      sum += l1;
      sumSq += l1 * l1;
    }
    double mean = sum / runs();
    double var = Math.max(0, (sumSq - runs() * mean * mean) / (runs() - 1));
    return new double[] {mean, Math.sqrt(var / runs())};
  }

  /** Counts of the observed states of ticks [from, to); gaps are skipped. */
  static int[] histogram(int[] series, int from, int to, int k) {
    int[] h = new int[k];
    for (int t = from; t < to; t++) {
      if (series[t] != TraceSet.GAP) {
        h[series[t]]++;
      }
    }
    return h;
  }

  /** Whole days of 96 ticks without a gap, counted from the first tick (a day with a gap ends the count). */
  static int observedDays(int[] series, int k) {
    int d = 0;
    while ((d + 1) * DAY <= series.length && sum(histogram(series, d * DAY, (d + 1) * DAY, k)) == DAY) {
      d++;
    }
    return d;
  }

  private static int sum(int[] h) {
    int s = 0;
    for (int v : h) {
      s += v;
    }
    return s;
  }
}
