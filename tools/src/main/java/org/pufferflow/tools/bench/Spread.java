package org.pufferflow.tools.bench;

import java.util.Arrays;
import org.apache.flink.annotation.Internal;
import org.pufferflow.common.PufferPreconditions;

/**
 * The minimum, median and maximum of one quantity over the repeated runs of a benchmark (docs/benchmarks.md, 'How the
 * bench commands measure'). The median of an even number of runs is the mean of the two middle ones.
 */
@Internal
public record Spread(double min, double median, double max, int runs) {

  public Spread {
    PufferPreconditions.checkArgument(runs >= 1, "runs = %s: must be >= 1", runs);
    PufferPreconditions.checkArgument(min <= median && median <= max, "min <= median <= max: %s, %s, %s", min,
        median, max);
  }

  /** The spread of {@code values} (at least one, none NaN). */
  public static Spread of(double... values) {
    PufferPreconditions.checkArgument(values.length > 0, "values: at least one");
    double[] v = values.clone();
    Arrays.sort(v);
    PufferPreconditions.checkArgument(!Double.isNaN(v[v.length - 1]), "values: NaN");
    int n = v.length;
    double median = n % 2 == 1 ? v[n / 2] : midpoint(v[n / 2 - 1], v[n / 2]);
    return new Spread(v[0], median, v[n - 1], n);
  }

  /**
   * The mean of {@code lo} ≤ {@code hi}, within [lo, hi] for every pair of doubles: halved before adding, since
   * (lo + hi) / 2 overflows to infinity near ±Double.MAX_VALUE; 0 between the two infinities.
   */
  static double midpoint(double lo, double hi) {
    if (lo == hi) {
      return lo;
    }
    double m = lo / 2 + hi / 2;
    return Double.isNaN(m) ? 0 : Math.min(hi, Math.max(lo, m));
  }

  /** (max − min) ÷ median: how far apart the runs were, relative to their middle; 0 for one run. */
  public double relativeRange() {
    return median == 0 ? Double.POSITIVE_INFINITY : (max - min) / Math.abs(median);
  }
}
