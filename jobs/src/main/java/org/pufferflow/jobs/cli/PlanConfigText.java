package org.pufferflow.jobs.cli;

import static org.pufferflow.jobs.plan.PlanNumbers.down;
import static org.pufferflow.jobs.plan.PlanNumbers.near;
import static org.pufferflow.jobs.plan.PlanNumbers.up;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.pufferflow.jobs.plan.BudgetHorizon;
import org.pufferflow.jobs.plan.DailySpend;
import org.pufferflow.jobs.plan.DphmmOutlook;
import org.pufferflow.jobs.plan.JobPlan;
import org.pufferflow.jobs.plan.MqmOutlook;
import org.pufferflow.jobs.plan.RedactionOutlook;
import org.pufferflow.mechanism.dphmm.DphmmNoise;

/**
 * The text output of {@code pufferflow plan --config} (docs/cli.md, "plan --config"): the plain-language summary
 * per mechanism, then one short table per mechanism in rounded numbers (ε and costs rounded up), the budgets in
 * words, the warnings and the terms used. Machine output is {@code --json} only ({@link PlanConfigReport}).
 */
final class PlanConfigText {

  /** Where the terms are explained at length. */
  static final String TERMS_DOC = "docs/choosing-parameters.md#reading-the-planning-commands";
  private static final int WIDTH = 100;

  private PlanConfigText() {}

  static void print(PrintWriter w, JobPlan p) {
    w.println();
    w.println("In words:");
    for (String s : p.summary()) {
      wrap(w, "  ", "    ", s);
    }
    List<String> terms = new ArrayList<>();
    if (p.dphmm() != null) {
      dphmm(w, p.dphmm(), p.dphmmBudget(), p.dphmmSpend());
      terms.add("policy graph: the pairs of states that must stay indistinguishable (dphmm.policyGraph);"
          + " constraint set: the states the adversary's belief allows at a tick (dphmm.constraint).");
      terms.add("DoP (degree of protection): how many states a state is hidden among, itself included.");
      terms.add("repair: edges the plan adds to the policy graph so that no state is revealed.");
      terms.add("cost for any two states: the Theorem 6.3 bound of the DPHMM paper, epsilon x the largest gauge"
          + " distance between two states of the constraint set, for the sets the plan evaluates.");
      terms.add("expected distance: the mean Euclidean distance between a release and the true value.");
    }
    if (p.mqm() != null) {
      mqm(w, p.mqm(), p.mqmBudget(), p.mqmSpend());
      terms.add("sigma_max: the Markov Quilt Mechanism's scale for one window; group DP: the scale W/epsilon that"
          + " ignores the model.");
      terms.add("noise scale per bin: the discrete Laplace scale every window is released at.");
    }
    if (p.redaction() != null) {
      redaction(w, p.redaction());
      terms.add("dM, dS: records closer than dM ticks to a private record are always redacted, from dS ticks on"
          + " always released; hold-back: ticks a record waits so that a later opt-out can still redact it.");
      terms.add("utility: the expected fraction of records released; leakage: the exact privacy loss of a private"
          + " record, at most epsilon.");
    }
    w.println();
    w.println(p.warnings().isEmpty() ? "No warnings." : "Warnings:");
    for (String s : p.warnings()) {
      wrap(w, "  - ", "    ", s);
    }
    w.println();
    w.println("Terms (more in " + TERMS_DOC + "):");
    wrap(w, "  ", "    ", "epsilon: a release changes an adversary's odds between two protected alternatives by at"
        + " most a factor e^epsilon (e^1 = 2.7, e^4 = 55); a day's epsilon is the sum over its releases (an upper"
        + " bound the ledger enforces). Every epsilon here is rounded up; --json prints the exact values.");
    if (p.dphmmBudget() != null || p.mqmBudget() != null) {
      terms.add("period: the budget's period (budget.periodTicks), else a day for DPHMM and the window for MQM;"
          + " days of data: how long the total budget lasts for a subject observed at every tick.");
    }
    for (String t : terms) {
      wrap(w, "  ", "    ", t);
    }
  }

  private static void dphmm(PrintWriter w, DphmmOutlook d, BudgetHorizon b, DailySpend s) {
    w.println();
    w.println(f("dphmm (%s noise, %d states, a query of %d number%s)", d.noise().configName(), d.states(),
        d.queryDimension(), d.queryDimension() == 1 ? "" : "s"));
    row(w, "epsilon per release", up(d.epsilon()));
    row(w, "constraint set C_t", d.droppedPriorMass() == 0
        ? d.constraint() + ", exact: every state of positive prior"
        : d.constraint() + ", a relaxation: up to delta = " + up(d.droppedPriorMass()) + " of prior mass per release"
            + " may lie outside C_t; over T releases the true state is outside C_t at some release with"
            + " probability at most T times delta, and is then released as its nearest state of C_t"
            + " (docs/dphmm.md, 'The constraint C_t')");
    int sets = d.evaluated().size();
    row(w, "cost for any two states", up(d.costMin()) + " .. " + up(d.costMax()) + (sets == 1
        ? " (1 constraint set: all states)" : " (" + sets + " constraint sets: all states, initial, rows of the chain)"));
    row(w, "states revealed before repair", states(d.exposedBefore()));
    int[] dop = d.dop();
    int lo = Arrays.stream(dop).min().orElse(0);
    int hi = Arrays.stream(dop).max().orElse(0);
    row(w, "DoP after repair", (lo == hi ? String.valueOf(lo) : lo + " to " + hi) + " states");
    row(w, "edges added by repair", d.addedEdges().isEmpty() ? "none" : String.valueOf(d.addedEdges().size()));
    row(w, "states revealed after repair", states(d.exposedAfter()));
    row(w, "noise shape", d.hullDimension() + "-dimensional, measure " + near(d.hullVolume()));
    if (d.noise() == DphmmNoise.LAPLACE) {
      row(w, "Laplace scale per coordinate", near(d.laplaceScale()));
    }
    row(w, "expected distance", near(d.expectedL2Error()) + " (largest distance between two states "
        + near(d.queryDiameter()) + ")");
    budget(w, b, s);
  }

  private static void mqm(PrintWriter w, MqmOutlook m, BudgetHorizon b, DailySpend s) {
    w.println();
    w.println(f("mqm (%s, window W = %d ticks, slide S = %d, %d bins, %s)", m.mode().cliName(), m.window(),
        m.slide(), m.bins(), m.frequencies() ? "frequencies" : "counts"));
    row(w, "epsilon per tick (target)", up(m.epsilon()));
    row(w, "epsilon per tick, start/steady", up(m.perPointEpsilonStart()) + " / "
        + up(m.perPointEpsilonSteadyState()));
    row(w, "sigma_max / group DP", near(m.sigma()) + " / " + near(m.groupDpSigma())
        + (m.groupDpFallback() ? " (no Markov quilt beats group DP)" : ""));
    row(w, "noise scale per bin", near(m.noiseScale()) + " (one window alone would need "
        + near(m.singleWindowNoiseScale()) + ")");
    row(w, "expected error per bin", near(m.expectedAbsNoisePerBin()) + " (mean count per bin W/k = "
        + near(m.meanCountPerBin()) + ")");
    row(w, "expected L1 error of a window", near(m.expectedWindowL1Error()));
    row(w, "expected error of a frequency", near(m.expectedFrequencyError()));
    budget(w, b, s);
  }

  private static void redaction(PrintWriter w, RedactionOutlook r) {
    w.println();
    w.println("redaction (" + r.mechanism() + ")");
    row(w, "epsilon (left + right)", up(r.epsilon()) + " (" + up(r.splitLeft()) + " + " + up(r.splitRight()) + ")");
    if (r.leftFullyRedacted()) {
      row(w, "records before a private one", "all redacted");
    } else {
      row(w, "always redacted before/after", "closer than " + r.dMLeft() + " / " + r.dMRight() + " ticks (dM)");
      row(w, "released from", r.dSLeft() + " / " + r.dSRight() + " ticks on (dS)");
    }
    row(w, "hold-back required / set", (r.holdBackRequired() < 0 ? "unbounded" : String.valueOf(r.holdBackRequired()))
        + " / " + r.holdBackConfigured() + " ticks");
    row(w, "expected redactions per opt-out", near(r.expectedRedactions()));
    row(w, "utility (one opt-out a day)", near(r.utility()) + " of " + r.utilityRecords() + " records ("
        + near(r.localUtility()) + " of the " + (r.affectedRecords() < 0 ? "unbounded" : r.affectedRecords())
        + " it can affect)");
    row(w, "exact leakage (left, right)", up(r.leakage()) + " (" + up(r.leakageLeft()) + ", "
        + up(r.leakageRight()) + ")");
  }

  private static void budget(PrintWriter w, BudgetHorizon b, DailySpend s) {
    if (b == null) {
      row(w, "budget", "none configured");
      return;
    }
    String unit = s.unit();
    row(w, "epsilon per day (at most)", f("%s (%,d %s%s a day, %,d ticks)", up(s.epsilonPerDay()),
        s.releasesPerDay(), unit, s.releasesPerDay() == 1 ? "" : "s", s.ticksPerDay()));
    row(w, "epsilon per period (at most)", up(s.epsilonPerPeriod()) + f(" per %,d ticks", s.periodTicks())
        + (b.hasPeriod() ? f(" (budget.perPeriod %s per %,d ticks pays for %,d of %,d %ss)", up(b.perPeriod()),
            b.periodTicks(), b.releasesPerPeriod(), b.releasesWantedPerPeriod(), unit) : ""));
    row(w, "total budget", f("%s: %,d %ss = %s days of data", up(b.total()), b.releasesUntilExhaustion(), unit,
        down(s.daysOfData())));
  }

  private static String states(int[] s) {
    if (s.length == 0) {
      return "none";
    }
    return s.length <= 16 ? s.length + " " + Arrays.toString(s) : s.length + " (--json lists them)";
  }

  private static void row(PrintWriter w, String label, String value) {
    w.println(f("  %-32s %s", label, value));
  }

  /** {@code text} wrapped at {@link #WIDTH} columns, the first line after {@code first}, the rest after {@code next}. */
  static void wrap(PrintWriter w, String first, String next, String text) {
    StringBuilder line = new StringBuilder(first);
    int start = first.length();
    for (String word : text.split(" ")) {
      if (line.length() > start && line.length() + 1 + word.length() > WIDTH) {
        w.println(line);
        line = new StringBuilder(next);
        start = next.length();
      } else if (line.length() > start) {
        line.append(' ');
      }
      line.append(word);
    }
    w.println(line);
  }

  private static String f(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }
}
