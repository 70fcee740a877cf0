package org.pufferflow.tools.bench;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.annotation.Internal;

/**
 * When the runs of a benchmark support the ratio they measure (docs/benchmarks.md, 'How the bench commands
 * measure'). A ratio is withheld, with the reason, when
 * <ul>
 *   <li>fewer than {@value #MIN_RUNS} runs were made: one or two runs cannot show how much the machine moved them;</li>
 *   <li>a timed run was shorter than {@value #MIN_SECONDS} s or than {@value #SPAN_FRACTION} of the asked duration:
 *       start-up, JIT compilation and Flink's per-job work weigh on so short a span;</li>
 *   <li>the per-run ratios lie further apart than {@value #MAX_RELATIVE_RANGE} of their median: the machine was too
 *       busy for a figure of two significant digits;</li>
 *   <li>the measured job came out more than {@value #IMPLAUSIBLE} times as fast as a baseline that does strictly
 *       less work (a pass-through, the bare mechanism): a disturbed baseline, not a fast mechanism.</li>
 * </ul>
 */
@Internal
public final class Trust {

  static final int MIN_RUNS = 3;
  static final double MIN_SECONDS = 1.0;
  static final double SPAN_FRACTION = 0.7;
  static final double MAX_RELATIVE_RANGE = 0.25;
  static final double IMPLAUSIBLE = 1.1;

  private Trust() {}

  /**
   * The ratio of the per-round {@code ratios}, judged.
   *
   * @param askedSeconds the duration each timed run was asked to last
   * @param spans the timed spans (seconds) of the runs the ratios were computed from
   * @param boundedByOne the baseline does strictly less work than the measured job, so a ratio above 1 is noise
   */
  public static Ratio judge(double[] ratios, double askedSeconds, double[] spans, boolean boundedByOne) {
    Spread spread = Spread.of(ratios);
    List<String> why = new ArrayList<>();
    if (spread.runs() < MIN_RUNS) {
      why.add(String.format("%d run%s (at least %d are needed to see the noise; --runs)", spread.runs(),
          spread.runs() == 1 ? "" : "s", MIN_RUNS));
    }
    double shortest = Double.POSITIVE_INFINITY;
    for (double s : spans) {
      shortest = Math.min(shortest, s);
    }
    double needed = Math.max(MIN_SECONDS, SPAN_FRACTION * askedSeconds);
    if (shortest < needed) {
      why.add(String.format("a timed run lasted %.2f s (at least %.1f s are needed; --seconds)", shortest, needed));
    }
    if (spread.runs() >= 2 && spread.relativeRange() > MAX_RELATIVE_RANGE) {
      why.add(String.format("too noisy: the runs gave %.2f to %.2f (more than %.0f%% apart; a busy machine)",
          spread.min(), spread.max(), 100 * MAX_RELATIVE_RANGE));
    }
    if (boundedByOne && spread.median() > IMPLAUSIBLE) {
      why.add(String.format("implausible: %.2f times as fast as a baseline that does less work (a disturbed "
          + "baseline)", spread.median()));
    }
    return new Ratio(spread, why);
  }
}
