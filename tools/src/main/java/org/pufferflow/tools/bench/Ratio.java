package org.pufferflow.tools.bench;

import java.util.List;
import org.apache.flink.annotation.Internal;
import org.pufferflow.common.PufferPreconditions;

/**
 * A ratio a benchmark reports: its spread over the runs (each run's ratio is taken within one round, the two jobs
 * measured one right after the other) and, when the runs cannot support it, why ({@link Trust}). A ratio with a
 * reason is printed as the reason, never as a number.
 *
 * @param spread min/median/max of the per-round ratios
 * @param untrusted why the runs do not support the ratio; empty when they do
 */
@Internal
public record Ratio(Spread spread, List<String> untrusted) {

  public Ratio {
    PufferPreconditions.checkNotNull("spread", spread);
    untrusted = List.copyOf(untrusted);
  }

  public boolean trusted() {
    return untrusted.isEmpty();
  }

  /** One line for the text output: the median and range, or why there is no number. */
  public String describe() {
    if (!trusted()) {
      return "not reported: " + String.join("; ", untrusted);
    }
    return String.format("%.2f (min %.2f, max %.2f over %d runs)", spread.median(), spread.min(), spread.max(),
        spread.runs());
  }
}
