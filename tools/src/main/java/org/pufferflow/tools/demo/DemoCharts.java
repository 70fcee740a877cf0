package org.pufferflow.tools.demo;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.avro.FleetHistogram;
import org.pufferflow.avro.OptOut;
import org.pufferflow.avro.RedactedRecord;
import org.pufferflow.avro.WindowHistogram;
import org.pufferflow.ingest.ReasonCode;
import org.pufferflow.tools.chart.Chart;

/**
 * The demo report's PNG charts (drawn by the tools' {@link Chart}), each comparing what the job released with the
 * truth the demo knows as data owner. File names are public constants; every method writes one file into the given
 * directory.
 */
final class DemoCharts {
  static final String LATITUDE = "location-latitude.png";
  static final String LONGITUDE = "location-longitude.png";
  static final String METER = "meter-windows.png";
  static final String FLEET = "fleet-histogram.png";
  static final String REDACTION = "redaction.png";
  static final String BUDGET = "budget.png";
  static final String REJECTIONS = "rejections.png";

  private DemoCharts() {}

  /**
   * A true location trace (query value of the true cell per tick) against the subject's DPHMM releases over its
   * first {@code ticks} ticks: one chart per coordinate, {@code files.get(j)} for {@code axes.get(j)}.
   */
  static void location(Path dir, List<String> files, String subject, List<FeedPlan.TruePoint> truth,
      List<DphmmRelease> releases, double[][] query, List<String> axes, int ticks) throws IOException {
    long last = truth.isEmpty() ? 0 : truth.get(0).tick() + ticks - 1;
    for (int j = 0; j < axes.size(); j++) {
      Chart c = xy(subject + ": true " + axes.get(j) + " (cell centre) vs DPHMM releases, first " + ticks
          + " ticks", "tick", axes.get(j) + " (degrees)");
      List<Double> tx = new ArrayList<>();
      List<Double> ty = new ArrayList<>();
      for (FeedPlan.TruePoint p : truth) {
        if (p.tick() <= last) {
          tx.add((double) p.tick());
          ty.add(query[p.state()][j]);
        }
      }
      line(c, "true " + axes.get(j), tx, ty, colour(0));
      List<Double> rx = new ArrayList<>();
      List<Double> ry = new ArrayList<>();
      for (DphmmRelease r : releases) {
        if (r.getSubjectId().equals(subject) && r.getTick() <= last) {
          rx.add((double) r.getTick());
          ry.add(r.getValues().get(j));
        }
      }
      scatter(c, "released " + axes.get(j), rx, ry, colour(4));
      c.write(dir.resolve(files.get(j)));
    }
  }

  /** Released window histograms (markers) against the true ones (lines), one colour pair per state. */
  static void histograms(Path dir, String file, String title, Map<Long, double[]> truth,
      Map<Long, List<Double>> released, List<String> labels) throws IOException {
    Chart c = xy(title, "window start tick", "count");
    for (int k = 0; k < labels.size(); k++) {
      List<Double> tx = new ArrayList<>();
      List<Double> ty = new ArrayList<>();
      for (Map.Entry<Long, double[]> e : truth.entrySet()) {
        if (released.containsKey(e.getKey())) {
          tx.add((double) e.getKey());
          ty.add(e.getValue()[k]);
        }
      }
      line(c, "true " + labels.get(k), tx, ty, colour(k));
      List<Double> rx = new ArrayList<>();
      List<Double> ry = new ArrayList<>();
      for (Map.Entry<Long, List<Double>> e : released.entrySet()) {
        rx.add((double) e.getKey());
        ry.add(e.getValue().get(k));
      }
      scatter(c, "released " + labels.get(k), rx, ry, colour(k));
    }
    c.write(dir.resolve(file));
  }

  static Map<Long, List<Double>> byStart(List<WindowHistogram> hs, String subject) {
    Map<Long, List<Double>> m = new TreeMap<>();
    for (WindowHistogram h : hs) {
      if (h.getSubjectId().equals(subject)) {
        m.put(h.getWindowStartTick(), h.getNoisyCounts());
      }
    }
    return m;
  }

  static Map<Long, List<Double>> fleetByStart(List<FleetHistogram> fs) {
    Map<Long, List<Double>> m = new TreeMap<>();
    for (FleetHistogram f : fs) {
      m.put(f.getWindowStartTick(), f.getNoisyCounts());
    }
    return m;
  }

  /** One subject's presence around its opt-out: true value, released value, redacted ticks, opted-out ticks. */
  static void redaction(Path dir, String subject, List<FeedPlan.TruePoint> truth, List<RedactedRecord> records,
      OptOut optOut, int margin) throws IOException {
    long lo = optOut.getFromTick() - margin;
    long hi = optOut.getToTick() + margin;
    Chart c = xy("Redaction of " + subject + " around its opt-out of ticks " + optOut.getFromTick() + ".."
        + optOut.getToTick(), "tick", "presence (0 = out, 1 = in)");
    List<Double> tx = new ArrayList<>();
    List<Double> ty = new ArrayList<>();
    for (FeedPlan.TruePoint p : truth) {
      if (p.tick() >= lo && p.tick() <= hi) {
        tx.add((double) p.tick());
        ty.add((double) p.state());
      }
    }
    line(c, "true value", tx, ty);
    List<Double> rx = new ArrayList<>();
    List<Double> ry = new ArrayList<>();
    List<Double> dx = new ArrayList<>();
    List<Double> dy = new ArrayList<>();
    for (RedactedRecord r : records) {
      if (r.getSubjectId().equals(subject) && r.getTick() >= lo && r.getTick() <= hi) {
        if (r.getValue() == null) {
          dx.add((double) r.getTick());
          dy.add(-0.25);
        } else {
          rx.add((double) r.getTick());
          ry.add(r.getValue() + 0.05);
        }
      }
    }
    scatter(c, "released value", rx, ry);
    scatter(c, "redacted (shown at -0.25)", dx, dy);
    List<Double> ox = new ArrayList<>();
    List<Double> oy = new ArrayList<>();
    for (long t = optOut.getFromTick(); t <= optOut.getToTick(); t++) {
      ox.add((double) t);
      oy.add(1.3);
    }
    scatter(c, "opted out (shown at 1.3)", ox, oy);
    c.write(dir.resolve(REDACTION));
  }

  /**
   * Cumulative DPHMM ε over the releases' ticks. When every person's curve is the same (one release per tick, the
   * same ε each), one line stands for all of them; otherwise the range over people at each tick: the least and the
   * most spent so far. Returns whether the curves were identical.
   */
  static boolean budget(Path dir, List<DphmmRelease> releases) throws IOException {
    Map<String, TreeMap<Long, Double>> by = new TreeMap<>();
    for (DphmmRelease r : releases) {
      by.computeIfAbsent(r.getSubjectId(), s -> new TreeMap<>()).put(r.getTick(), r.getCumulativeEpsilon());
    }
    boolean identical = by.values().stream().distinct().count() <= 1;
    Chart c = xy("Privacy budget spent: cumulative DPHMM ε of " + by.size() + " people", "tick", "cumulative ε");
    if (identical && !by.isEmpty()) {
      TreeMap<Long, Double> m = by.values().iterator().next();
      line(c, "each of the " + by.size() + " people (identical curves)", ticks(m.keySet()),
          new ArrayList<>(m.values()), colour(0));
    } else if (!identical) {
      TreeMap<Long, double[]> range = new TreeMap<>();
      for (TreeMap<Long, Double> m : by.values()) {
        m.forEach((t, e) -> range.merge(t, new double[] {e, e},
            (a, b) -> new double[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])}));
      }
      List<Double> lo = new ArrayList<>();
      List<Double> hi = new ArrayList<>();
      range.values().forEach(v -> {
        lo.add(v[0]);
        hi.add(v[1]);
      });
      line(c, "most spent by one person", ticks(range.keySet()), hi, colour(2));
      line(c, "least spent by one person", ticks(range.keySet()), lo, colour(0));
    }
    c.write(dir.resolve(BUDGET));
    return identical;
  }

  private static List<Double> ticks(Set<Long> ticks) {
    List<Double> x = new ArrayList<>(ticks.size());
    ticks.forEach(t -> x.add((double) t));
    return x;
  }

  /** Rejected records by reason: expected from the feed plans vs read back from the rejected topics. */
  static void rejections(Path dir, Map<ReasonCode, Integer> expected, Map<ReasonCode, Integer> observed)
      throws IOException {
    Set<ReasonCode> reasons = new TreeSet<>(expected.keySet());
    reasons.addAll(observed.keySet());
    List<String> names = new ArrayList<>();
    List<Integer> e = new ArrayList<>();
    List<Integer> o = new ArrayList<>();
    for (ReasonCode r : reasons) {
      names.add(r.name());
      e.add(expected.getOrDefault(r, 0));
      o.add(observed.getOrDefault(r, 0));
    }
    if (names.isEmpty()) {
      names.add("none");
      e.add(0);
      o.add(0);
    }
    Map<String, List<Integer>> bars = new LinkedHashMap<>();
    bars.put("expected (feed plan)", e);
    bars.put("observed (rejected topics)", o);
    Chart.writeBars(dir.resolve(REJECTIONS), "Rejected records by reason", "reason", "records", 35, names, bars);
  }

  private static Chart xy(String title, String x, String y) {
    return new Chart(title, x, y).compactLegend().roundedYRange();
  }

  private static final Color[] COLOURS = {new Color(0x1f77b4), new Color(0x2ca02c), new Color(0xd62728),
      new Color(0x9467bd), new Color(0xff7f0e)};

  /** The colour of state (or series pair) {@code k}: a true line and its releases share it. */
  static Color colour(int k) {
    return COLOURS[k % COLOURS.length];
  }

  private static void line(Chart c, String name, List<Double> x, List<Double> y) {
    line(c, name, x, y, null);
  }

  /** Adds a line (nothing when empty) in {@code colour} (null = the chart's next colour). */
  private static void line(Chart c, String name, List<Double> x, List<Double> y, Color colour) {
    if (!x.isEmpty()) {
      c.add(Chart.Series.line(name, x, y).in(colour));
    }
  }

  private static void scatter(Chart c, String name, List<Double> x, List<Double> y) {
    scatter(c, name, x, y, null);
  }

  /** Adds markers without a line (nothing when empty) in {@code colour} (null = the chart's next colour). */
  private static void scatter(Chart c, String name, List<Double> x, List<Double> y, Color colour) {
    if (!x.isEmpty()) {
      c.add(Chart.Series.scatter(name, x, y).in(colour));
    }
  }
}
