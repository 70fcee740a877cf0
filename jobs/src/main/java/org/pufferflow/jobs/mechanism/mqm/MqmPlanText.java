package org.pufferflow.jobs.mechanism.mqm;

import static org.pufferflow.jobs.plan.PlanNumbers.near;
import static org.pufferflow.jobs.plan.PlanNumbers.up;
import static org.pufferflow.jobs.plan.PlanText.f;
import static org.pufferflow.jobs.plan.PlanText.row;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.pufferflow.jobs.cli.CliJson;
import org.pufferflow.jobs.mechanism.MechanismPlan;
import org.pufferflow.jobs.mechanism.PlanContext;
import org.pufferflow.jobs.plan.BudgetPlan;
import org.pufferflow.jobs.plan.JobPlanner;
import org.pufferflow.jobs.plan.MqmOutlook;
import org.pufferflow.jobs.plan.PlanText;
import org.pufferflow.mechanism.mqm.MqmOutput;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;

/** The plan of an {@code mqm} section: {@link JobPlanner#mqm}'s outlook in words, table, JSON and warnings. */
final class MqmPlanText {

  private MqmPlanText() {}

  private static final List<String> TERMS = List.of(
      "sigma_max: the Markov Quilt Mechanism's scale for one window; group DP: the scale W/epsilon that"
          + " ignores the model.",
      "noise scale per bin: the discrete Laplace scale every window is released at.");

  static MechanismPlan plan(MqmWindowPlan plan, PlanContext context) {
    MqmOutlook m = JobPlanner.mqm(plan, context.model().numStates(), plan.output() == MqmOutput.FREQUENCIES);
    BudgetPlan b = plan.budget() == null ? null : BudgetPlan.of("mqm", "window", plan.budget(),
        plan.targetEpsilon(), plan.slide(), plan.window(), context.tickMillis());
    List<String> warnings = warnings(m);
    if (b != null) {
      warnings.addAll(b.warnings(", mqm.slide"));
    }
    return new MechanismPlan("mqm", m, b, summary(m, b, context.tickMillis()), warnings, json(m), table(m, b, plan),
        TERMS, true);
  }

  private static String summary(MqmOutlook m, BudgetPlan b, long tickMillis) {
    return f("mqm: from all window histograms together (windows of %,d ticks = %s, one every %,d ticks) an adversary"
        + " who knows the model cannot tell which state the subject was in at any one tick (%s) better than odds"
        + " changed by e^epsilon, epsilon = %s per tick (all windows accounted). The ledger charges epsilon %s per"
        + " window: %s", m.window(), PlanText.duration(m.window() * tickMillis), m.slide(),
        PlanText.duration(tickMillis), up(Math.max(m.epsilon(), m.perPointEpsilonSteadyState())), up(m.epsilon()),
        b == null ? "no budget is configured, so nothing caps what a subject spends." : b.inWords());
  }

  private static List<String> table(MqmOutlook m, BudgetPlan b, MqmWindowPlan plan) {
    List<String> t = new ArrayList<>();
    t.add(f("mqm (%s, window W = %d ticks, slide S = %d, %d bins, %s)", m.mode().cliName(), m.window(),
        m.slide(), m.bins(), m.frequencies() ? "frequencies" : "counts"));
    t.add(row("epsilon per tick (target)", up(m.epsilon())));
    t.add(row("epsilon per tick, start/steady", up(m.perPointEpsilonStart()) + " / "
        + up(m.perPointEpsilonSteadyState())));
    t.add(row("sigma_max / group DP", near(m.sigma()) + " / " + near(m.groupDpSigma())
        + (m.groupDpFallback() ? " (no Markov quilt beats group DP)" : "")));
    t.add(row("noise scale per bin", near(m.noiseScale()) + " (one window alone would need "
        + near(m.singleWindowNoiseScale()) + ")"));
    t.add(row("expected error per bin", near(m.expectedAbsNoisePerBin()) + " (mean count per bin W/k = "
        + near(m.meanCountPerBin()) + ")"));
    t.add(row("expected L1 error of a window", near(m.expectedWindowL1Error())));
    t.add(row("expected error of a frequency", near(m.expectedFrequencyError())));
    if (plan.fleet()) {
      t.add(row("fleet histogram", "published (mqm.fleet): a sum per window, at no privacy cost"));
    }
    if (b == null) {
      t.add(row("budget", "none configured"));
    } else {
      t.addAll(b.rows());
    }
    return t;
  }

  private static List<String> warnings(MqmOutlook m) {
    List<String> w = new ArrayList<>();
    if (m.noiseScale() > m.meanCountPerBin()) {
      w.add(f("mqm: the noise scale per bin %s exceeds the window's mean count per bin W/k = %s; raise mqm.epsilon"
          + " or mqm.window", near(m.noiseScale()), near(m.meanCountPerBin())));
    }
    if (m.perPointEpsilonSteadyState() > m.epsilon() * (1 + 1e-12)) {
      String knob = m.slide() < m.window()
          ? f("overlapping windows (W = %d, S = %d) are the cause; raise mqm.slide to mqm.window", m.window(),
              m.slide())
          : m.groupDpFallback()
              ? "no Markov quilt beats the group-DP scale for so short a window; raise mqm.window"
              : "raise mqm.window";
      w.add(f("mqm.epsilon: each time point costs %s in steady state (all windows accounted), more than"
          + " mqm.epsilon = %s; %s", up(m.perPointEpsilonSteadyState()), up(m.epsilon()), knob));
    }
    return w;
  }

  private static ObjectNode json(MqmOutlook m) {
    ObjectNode o = CliJson.object();
    o.put("mode", m.mode().cliName());
    o.put("window", m.window());
    o.put("slide", m.slide());
    o.set("epsilon", CliJson.number(m.epsilon()));
    o.set("sensitivity", CliJson.number(m.sensitivity()));
    o.put("bins", m.bins());
    o.put("output", m.frequencies() ? "frequencies" : "counts");
    o.set("sigma", CliJson.number(m.sigma()));
    o.set("noiseScale", CliJson.number(m.noiseScale()));
    o.set("groupDpSigma", CliJson.number(m.groupDpSigma()));
    o.put("groupDpFallback", m.groupDpFallback());
    ObjectNode quilt = CliJson.object();
    quilt.set("a", CliJson.optionalInt(m.quilt().leftOrNull()));
    quilt.set("b", CliJson.optionalInt(m.quilt().rightOrNull()));
    quilt.put("node", m.quilt().node());
    o.set("quilt", quilt);
    ObjectNode pp = CliJson.object();
    pp.set("start", CliJson.number(m.perPointEpsilonStart()));
    pp.put("startPositions", m.positionsChecked());
    pp.set("steadyState", CliJson.number(m.perPointEpsilonSteadyState()));
    o.set("perPointEpsilon", pp);
    o.set("singleWindowNoiseScale", CliJson.number(m.singleWindowNoiseScale()));
    ObjectNode err = CliJson.object();
    err.set("meanCountPerBin", CliJson.number(m.meanCountPerBin()));
    err.set("perBin", CliJson.number(m.expectedAbsNoisePerBin()));
    err.set("windowL1", CliJson.number(m.expectedWindowL1Error()));
    err.set("frequency", CliJson.number(m.expectedFrequencyError()));
    o.set("expectedError", err);
    return o;
  }
}
