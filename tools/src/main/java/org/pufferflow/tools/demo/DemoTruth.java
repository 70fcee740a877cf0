package org.pufferflow.tools.demo;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.avro.FleetHistogram;
import org.pufferflow.avro.WindowHistogram;

/**
 * The true quantities behind the demo's releases, computed from the feed plans' true traces (the demo is the data
 * owner; only its local report uses them): the true window histograms of a subject and of the fleet, and the errors
 * of the releases against them.
 */
final class DemoTruth {
  private DemoTruth() {}

  /** A subject's true histogram of each full window, by window start tick (windows by observation rank). */
  static Map<Long, double[]> windows(List<FeedPlan.TruePoint> points, int window, int slide, int states) {
    Map<Long, double[]> out = new TreeMap<>();
    for (int start = 0; start + window <= points.size(); start += slide) {
      double[] counts = new double[states];
      for (int i = start; i < start + window; i++) {
        counts[points.get(i).state()]++;
      }
      out.put(points.get(start).tick(), counts);
    }
    return out;
  }

  /** The true fleet histogram of each window: the sum of every subject's true window histogram. */
  static Map<Long, double[]> fleet(Map<String, List<FeedPlan.TruePoint>> truth, int window, int slide, int states) {
    Map<Long, double[]> out = new TreeMap<>();
    for (List<FeedPlan.TruePoint> points : truth.values()) {
      windows(points, window, slide, states).forEach((start, counts) -> {
        double[] sum = out.computeIfAbsent(start, s -> new double[states]);
        for (int k = 0; k < states; k++) {
          sum[k] += counts[k];
        }
      });
    }
    return out;
  }

  /** Mean absolute error per bin of the released fleet histograms against the truth of the same windows. */
  static double fleetMeanAbsError(List<FleetHistogram> released, Map<Long, double[]> truth) {
    double sum = 0;
    long n = 0;
    for (FleetHistogram f : released) {
      double[] t = truth.get(f.getWindowStartTick());
      for (int k = 0; t != null && k < t.length; k++) {
        sum += Math.abs(f.getNoisyCounts().get(k) - t[k]);
        n++;
      }
    }
    return n == 0 ? Double.NaN : sum / n;
  }

  /** Mean absolute error per bin of the subjects' released window histograms against their truth. */
  static double windowMeanAbsError(List<WindowHistogram> released, Map<String, List<FeedPlan.TruePoint>> truth,
      int window, int slide, int states) {
    Map<String, Map<Long, double[]>> bySubject = new TreeMap<>();
    double sum = 0;
    long n = 0;
    for (WindowHistogram h : released) {
      double[] t = bySubject.computeIfAbsent(h.getSubjectId(),
          s -> windows(truth.getOrDefault(s, List.of()), window, slide, states)).get(h.getWindowStartTick());
      for (int k = 0; t != null && k < t.length; k++) {
        sum += Math.abs(h.getNoisyCounts().get(k) - t[k]);
        n++;
      }
    }
    return n == 0 ? Double.NaN : sum / n;
  }

  /** Mean Euclidean distance between each DPHMM release and the query value of the true state at its tick. */
  static double dphmmMeanError(List<DphmmRelease> released, Map<String, List<FeedPlan.TruePoint>> truth,
      double[][] query) {
    Map<String, Map<Long, Integer>> states = new TreeMap<>();
    double sum = 0;
    long n = 0;
    for (DphmmRelease r : released) {
      Integer s = states.computeIfAbsent(r.getSubjectId(), id -> byTick(truth.getOrDefault(id, List.of())))
          .get(r.getTick());
      if (s == null) {
        continue;
      }
      double d = 0;
      for (int j = 0; j < query[s].length; j++) {
        double e = r.getValues().get(j) - query[s][j];
        d += e * e;
      }
      sum += Math.sqrt(d);
      n++;
    }
    return n == 0 ? Double.NaN : sum / n;
  }

  static Map<Long, Integer> byTick(List<FeedPlan.TruePoint> points) {
    Map<Long, Integer> m = new TreeMap<>();
    for (FeedPlan.TruePoint p : points) {
      m.put(p.tick(), p.state());
    }
    return m;
  }
}
