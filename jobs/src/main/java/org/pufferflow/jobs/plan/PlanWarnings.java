package org.pufferflow.jobs.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The warnings of a plan (docs/cli.md, "plan --config"): where the expected error exceeds the signal, where a
 * protection or a budget falls short. Each sentence starts with the configuration key it concerns and names the
 * knob that helps. Thresholds are public constants.
 */
final class PlanWarnings {

  /** A budget that lasts fewer releases than this is reported. */
  public static final long FEW_RELEASES = 100;
  /** A redaction utility below this is reported. */
  public static final double LOW_UTILITY = 0.5;

  private PlanWarnings() {}

  /** The warnings of the given outlooks; any of them may be null (not configured). */
  static List<String> of(DphmmOutlook d, BudgetHorizon db, DailySpend ds, MqmOutlook m, BudgetHorizon mb,
      DailySpend ms, RedactionOutlook r) {
    List<String> w = new ArrayList<>();
    if (d != null) {
      dphmm(w, d);
      budget(w, "dphmm", "releases", db);
      perDay(w, "dphmm", ds);
    }
    if (m != null) {
      mqm(w, m);
      budget(w, "mqm", "windows", mb);
      perDay(w, "mqm", ms);
    }
    if (r != null) {
      redaction(w, r);
    }
    if (d != null && m != null) {
      w.add("dphmm, mqm: both publish the same subjects' states, and no theorem composes a DPHMM release with an MQM"
          + " histogram under correlation (docs/index.md, 'Assumptions'), so neither guarantee covers"
          + " the pair; run them on different subjects or keep one of the two sections");
    }
    return w;
  }

  private static void dphmm(List<String> w, DphmmOutlook d) {
    if (d.expectedL2Error() > d.queryDiameter()) {
      w.add(f("dphmm: the expected error %s of one release exceeds the query's range %s (largest distance between"
          + " two states' values); raise dphmm.epsilon or coarsen the state space",
          PlanNumbers.near(d.expectedL2Error()), PlanNumbers.near(d.queryDiameter())));
    }
    List<ConstraintCost> exposed = new ArrayList<>();
    List<ConstraintCost> unbounded = new ArrayList<>();
    for (ConstraintCost c : d.evaluated()) {
      if (c.exposedAfter().length > 0) {
        exposed.add(c);
      }
      if (c.cost() == Double.POSITIVE_INFINITY) {
        unbounded.add(c);
      }
    }
    if (!exposed.isEmpty()) {
      ConstraintCost c = exposed.get(0);
      w.add(f("dphmm.policyGraph: states stay exposed after repair under %d of the %d constraint sets evaluated"
          + " (under '%s': states %s); use dphmm.repair strict or add edges to the policy graph", exposed.size(),
          d.evaluated().size(), c.name(), java.util.Arrays.toString(c.exposedAfter())));
    }
    if (!unbounded.isEmpty()) {
      w.add(f("dphmm.fullSpan: the Theorem 6.3 cost is unbounded under %d of the %d constraint sets evaluated"
          + " (first '%s': a difference lies off the sensitivity hull's span); set dphmm.fullSpan true",
          unbounded.size(), d.evaluated().size(), unbounded.get(0).name()));
    }
  }

  private static void mqm(List<String> w, MqmOutlook m) {
    if (m.noiseScale() > m.meanCountPerBin()) {
      w.add(f("mqm: the noise scale per bin %s exceeds the window's mean count per bin W/k = %s; raise mqm.epsilon"
          + " or mqm.window", PlanNumbers.near(m.noiseScale()), PlanNumbers.near(m.meanCountPerBin())));
    }
    if (m.perPointEpsilonSteadyState() > m.epsilon() * (1 + 1e-12)) {
      String knob = m.slide() < m.window()
          ? f("overlapping windows (W = %d, S = %d) are the cause; raise mqm.slide to mqm.window", m.window(),
              m.slide())
          : m.groupDpFallback()
              ? "no Markov quilt beats the group-DP scale for so short a window; raise mqm.window"
              : "raise mqm.window";
      w.add(f("mqm.epsilon: each time point costs %s in steady state (all windows accounted), more than"
          + " mqm.epsilon = %s; %s", PlanNumbers.up(m.perPointEpsilonSteadyState()), PlanNumbers.up(m.epsilon()),
          knob));
    }
  }

  private static void budget(List<String> w, String section, String what, BudgetHorizon b) {
    if (b == null) {
      return;
    }
    if (b.releasesUntilExhaustion() < FEW_RELEASES) {
      w.add(f("%s.budget: a subject's total budget %s is exhausted after %d %s of epsilon %s; raise"
          + " %s.budget.total", section, PlanNumbers.near(b.total()), b.releasesUntilExhaustion(), what,
          PlanNumbers.up(b.epsilonPerRelease()), section));
    }
    if (b.hasPeriod() && b.releasesPerPeriod() < b.releasesWantedPerPeriod()) {
      w.add(f("%s.budget.perPeriod: %s pays for %d of the %d %s a subject observed at every tick gets per %d"
          + " ticks; raise %s.budget.perPeriod", section, PlanNumbers.near(b.perPeriod()), b.releasesPerPeriod(),
          b.releasesWantedPerPeriod(), what, b.periodTicks(), section));
    }
  }

  private static void perDay(List<String> w, String section, DailySpend s) {
    if (s == null || !s.beyondMeaningful()) {
      return;
    }
    w.add(f("%s.budget: a subject observed at every tick can spend epsilon %s in a day (%,d %ss of %s), more than"
        + " the %s per day that docs/choosing-parameters.md calls meaningful; lower %s.epsilon, cap the day with"
        + " %s.budget.perPeriod and periodTicks, or release less often (time.tickMillis%s)", section,
        PlanNumbers.up(s.epsilonPerDay()), s.releasesPerDay(), s.unit(), PlanNumbers.up(s.epsilonPerRelease()),
        PlanNumbers.up(s.meaningfulPerDay()), section, section, "mqm".equals(section) ? ", mqm.slide" : ""));
  }

  private static void redaction(List<String> w, RedactionOutlook r) {
    if (r.utility() < LOW_UTILITY) {
      w.add(f("redaction: utility %s is below %s with one private record per day (%d records);"
          + " raise redaction.epsilon%s", PlanNumbers.near(r.utility()), PlanNumbers.near(LOW_UTILITY),
          r.utilityRecords(),
          r.leftFullyRedacted() ? " or use redaction.split half" : ""));
    }
    if (r.leftFullyRedacted()) {
      w.add("redaction.split: all records before a private one are redacted, which needs every opt-out before the"
          + " records it protects; use redaction.split half or auto");
    } else if (r.holdBackConfigured() < r.holdBackRequired()) {
      w.add(f("redaction.holdBackTicks: %d ticks is less than the %d the left side's bands need, so an opt-out"
          + " arriving later cannot redact all the records it should; raise redaction.holdBackTicks to %d",
          r.holdBackConfigured(), r.holdBackRequired(), r.holdBackRequired()));
    }
  }

  private static String f(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }
}
