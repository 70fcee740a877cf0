package org.pufferflow.jobs.plan;

import static org.pufferflow.jobs.plan.PlanNumbers.down;
import static org.pufferflow.jobs.plan.PlanNumbers.up;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.pufferflow.mechanism.dphmm.DphmmConfig;

/**
 * One plain-language sentence per configured mechanism of a plan (docs/cli.md, "plan --config"): what an adversary
 * who knows the model cannot tell apart, over which time span, with which ε, and what a day of data spends. Every ε
 * is rounded up ({@link PlanNumbers#up}); the numbers are the plan's own, so they agree with {@code --json}.
 */
final class PlanSummary {

  private PlanSummary() {}

  static List<String> of(PlanInputs in, DphmmOutlook d, DailySpend ds, MqmOutlook m, DailySpend ms,
      RedactionOutlook r) {
    List<String> s = new ArrayList<>();
    String tick = duration(in.tickMillis());
    if (d != null) {
      s.add(dphmm(in.dphmm(), d, ds, tick));
    }
    if (m != null) {
      s.add(mqm(m, ms, in.tickMillis(), tick));
    }
    if (r != null) {
      s.add(redaction(r, tick));
    }
    return s;
  }

  private static String dphmm(DphmmConfig c, DphmmOutlook d, DailySpend ds, String tick) {
    String pairs = c.policyGraph().isComplete() ? "any two states"
        : "two states joined in the policy graph (" + c.policyGraph().edgeCount() + " pairs)";
    String among = "among the states the configured constraint (dphmm.constraint) leaves possible at that tick";
    return f("dphmm: from one release (one tick, %s) an adversary who knows the model cannot tell which of %s the"
        + " subject is in, %s, better than odds changed by e^epsilon, epsilon = %s per release (any two of those"
        + " states, over the sets planned: up to %s). Releases add up (Theorem 7.2 of the DPHMM paper): %s",
        tick, pairs, among, up(d.epsilon()), up(d.costMax()), spend(ds));
  }

  private static String mqm(MqmOutlook m, DailySpend ms, long tickMillis, String tick) {
    return f("mqm: from all window histograms together (windows of %,d ticks = %s, one every %,d ticks) an adversary"
        + " who knows the model cannot tell which state the subject was in at any one tick (%s) better than odds"
        + " changed by e^epsilon, epsilon = %s per tick (all windows accounted). The ledger charges epsilon %s per"
        + " window: %s", m.window(), duration(m.window() * tickMillis), m.slide(), tick,
        up(Math.max(m.epsilon(), m.perPointEpsilonSteadyState())), up(m.epsilon()), spend(ms));
  }

  private static String redaction(RedactionOutlook r, String tick) {
    String reach = r.leftFullyRedacted() ? "every record before it and the " + r.reach() + " after it"
        : f("the %d records before it and the %d after it", r.holdBackRequired(), r.reach());
    return f("redaction (%s): from all released records an adversary who knows the model cannot tell which of its"
        + " two values a private (opted-out) record had (one tick, %s) better than odds changed by e^epsilon,"
        + " epsilon = %s per private record (exact leakage %s); %s may be redacted for it. No budget: each private"
        + " record gets its own epsilon.", r.mechanism(), tick, up(r.epsilon()), up(r.leakage()), reach);
  }

  /** What a day and the total budget spend, in words. */
  private static String spend(DailySpend s) {
    if (s == null) {
      return "no budget is configured, so nothing caps what a subject spends.";
    }
    return f("a subject observed at every tick spends at most epsilon %s per day (%,d %s%s of %s), and the total"
        + " budget lasts %s days of data.", up(s.epsilonPerDay()), s.releasesPerDay(), s.unit(),
        s.releasesPerDay() == 1 ? "" : "s", up(s.epsilonPerRelease()), down(s.daysOfData()));
  }

  /** A duration in words: "1 minute", "15 minutes", "6 hours", "1 day". */
  static String duration(long millis) {
    long[] units = {86_400_000L, 3_600_000L, 60_000L, 1_000L, 1L};
    String[] names = {"day", "hour", "minute", "second", "millisecond"};
    for (int i = 0; i < units.length; i++) {
      if (millis % units[i] == 0) {
        long n = millis / units[i];
        return n + " " + names[i] + (n == 1 ? "" : "s");
      }
    }
    return millis + " milliseconds";
  }

  private static String f(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }
}
