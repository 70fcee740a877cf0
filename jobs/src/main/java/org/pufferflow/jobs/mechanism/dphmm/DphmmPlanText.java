package org.pufferflow.jobs.mechanism.dphmm;

import static org.pufferflow.jobs.plan.PlanNumbers.near;
import static org.pufferflow.jobs.plan.PlanNumbers.up;
import static org.pufferflow.jobs.plan.PlanText.f;
import static org.pufferflow.jobs.plan.PlanText.row;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.pufferflow.jobs.cli.CliJson;
import org.pufferflow.jobs.mechanism.MechanismPlan;
import org.pufferflow.jobs.mechanism.PlanContext;
import org.pufferflow.jobs.plan.BudgetPlan;
import org.pufferflow.jobs.plan.ConstraintCost;
import org.pufferflow.jobs.plan.DphmmOutlook;
import org.pufferflow.jobs.plan.JobPlanner;
import org.pufferflow.jobs.plan.PlanText;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.dphmm.DphmmNoise;

/** The plan of a {@code dphmm} section: {@link JobPlanner#dphmm}'s outlook in words, table, JSON and warnings. */
final class DphmmPlanText {

  private DphmmPlanText() {}

  static MechanismPlan plan(DphmmConfig c, PlanContext context) {
    DphmmOutlook d = JobPlanner.dphmm(c);
    BudgetPlan b = c.budget() == null ? null
        : BudgetPlan.of("dphmm", "release", c.budget(), c.epsilon(), 1, 0, context.tickMillis());
    List<String> warnings = warnings(d);
    if (b != null) {
      warnings.addAll(b.warnings(""));
    }
    return new MechanismPlan("dphmm", d, b, summary(c, d, b, context), warnings, json(d), table(d, b), TERMS, true);
  }

  private static final List<String> TERMS = List.of(
      "policy graph: the pairs of states that must stay indistinguishable (dphmm.policyGraph);"
          + " constraint set: the states the adversary's belief allows at a tick (dphmm.constraint).",
      "DoP (degree of protection): how many states a state is hidden among, itself included.",
      "repair: edges the plan adds to the policy graph so that no state is revealed.",
      "cost for any two states: the Theorem 6.3 bound of the DPHMM paper, epsilon x the largest gauge"
          + " distance between two states of the constraint set, for the sets the plan evaluates.",
      "expected distance: the mean Euclidean distance between a release and the true value.");

  private static String summary(DphmmConfig c, DphmmOutlook d, BudgetPlan b, PlanContext context) {
    String pairs = c.policyGraph().isComplete() ? "any two states"
        : "two states joined in the policy graph (" + c.policyGraph().edgeCount() + " pairs)";
    String among = "among the states the configured constraint (dphmm.constraint) leaves possible at that tick";
    return f("dphmm: from one release (one tick, %s) an adversary who knows the model cannot tell which of %s the"
        + " subject is in, %s, better than odds changed by e^epsilon, epsilon = %s per release (any two of those"
        + " states, over the sets planned: up to %s). Releases add up (Theorem 7.2 of the DPHMM paper): %s",
        PlanText.duration(context.tickMillis()), pairs, among, up(d.epsilon()), up(d.costMax()),
        b == null ? "no budget is configured, so nothing caps what a subject spends." : b.inWords());
  }

  private static List<String> table(DphmmOutlook d, BudgetPlan b) {
    List<String> t = new ArrayList<>();
    t.add(f("dphmm (%s noise, %d states, a query of %d number%s)", d.noise().configName(), d.states(),
        d.queryDimension(), d.queryDimension() == 1 ? "" : "s"));
    t.add(row("epsilon per release", up(d.epsilon())));
    t.add(row("constraint set C_t", d.droppedPriorMass() == 0
        ? d.constraint() + ", exact: every state of positive prior"
        : d.constraint() + ", a relaxation: up to delta = " + up(d.droppedPriorMass()) + " of prior mass per release"
            + " may lie outside C_t; over T releases the true state is outside C_t at some release with"
            + " probability at most T times delta, and is then released as its nearest state of C_t"
            + " (docs/dphmm.md, 'The constraint C_t')"));
    int sets = d.evaluated().size();
    t.add(row("cost for any two states", up(d.costMin()) + " .. " + up(d.costMax()) + (sets == 1
        ? " (1 constraint set: all states)"
        : " (" + sets + " constraint sets: all states, initial, rows of the chain)")));
    t.add(row("states revealed before repair", states(d.exposedBefore())));
    int[] dop = d.dop();
    int lo = Arrays.stream(dop).min().orElse(0);
    int hi = Arrays.stream(dop).max().orElse(0);
    t.add(row("DoP after repair", (lo == hi ? String.valueOf(lo) : lo + " to " + hi) + " states"));
    t.add(row("edges added by repair", d.addedEdges().isEmpty() ? "none" : String.valueOf(d.addedEdges().size())));
    t.add(row("states revealed after repair", states(d.exposedAfter())));
    t.add(row("noise shape", d.hullDimension() + "-dimensional, measure " + near(d.hullVolume())));
    if (d.noise() == DphmmNoise.LAPLACE) {
      t.add(row("Laplace scale per coordinate", near(d.laplaceScale())));
    }
    t.add(row("expected distance", near(d.expectedL2Error()) + " (largest distance between two states "
        + near(d.queryDiameter()) + ")"));
    if (b == null) {
      t.add(row("budget", "none configured"));
    } else {
      t.addAll(b.rows());
    }
    return t;
  }

  private static String states(int[] s) {
    if (s.length == 0) {
      return "none";
    }
    return s.length <= 16 ? s.length + " " + Arrays.toString(s) : s.length + " (--json lists them)";
  }

  private static List<String> warnings(DphmmOutlook d) {
    List<String> w = new ArrayList<>();
    if (d.expectedL2Error() > d.queryDiameter()) {
      w.add(f("dphmm: the expected error %s of one release exceeds the query's range %s (largest distance between"
          + " two states' values); raise dphmm.epsilon or coarsen the state space",
          near(d.expectedL2Error()), near(d.queryDiameter())));
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
          d.evaluated().size(), c.name(), Arrays.toString(c.exposedAfter())));
    }
    if (!unbounded.isEmpty()) {
      w.add(f("dphmm.fullSpan: the Theorem 6.3 cost is unbounded under %d of the %d constraint sets evaluated"
          + " (first '%s': a difference lies off the sensitivity hull's span); set dphmm.fullSpan true",
          unbounded.size(), d.evaluated().size(), unbounded.get(0).name()));
    }
    return w;
  }

  private static ObjectNode json(DphmmOutlook d) {
    ObjectNode o = CliJson.object();
    o.set("epsilon", CliJson.number(d.epsilon()));
    o.put("mechanism", d.noise().configName());
    o.put("states", d.states());
    o.put("queryDimension", d.queryDimension());
    o.put("constraint", d.constraint());
    o.set("droppedPriorMass", CliJson.number(d.droppedPriorMass()));
    ObjectNode full = CliJson.object();
    full.set("exposed", CliJson.intVector(d.exposedBefore()));
    full.set("dop", CliJson.intVector(d.dop()));
    full.set("addedEdges", CliJson.intMatrix(d.addedEdges()));
    full.set("exposedAfterRepair", CliJson.intVector(d.exposedAfter()));
    full.put("hullDimension", d.hullDimension());
    full.set("hullVolume", CliJson.number(d.hullVolume()));
    full.set("constrainedDpMultiplier", CliJson.number(d.fullSpace().multiplier()));
    full.set("l1Sensitivity", CliJson.number(d.l1Sensitivity()));
    o.set("fullStateSpace", full);
    ObjectNode cost = CliJson.object();
    cost.set("min", CliJson.number(d.costMin()));
    cost.set("max", CliJson.number(d.costMax()));
    ArrayNode sets = CliJson.array();
    for (ConstraintCost c : d.evaluated()) {
      ObjectNode s = CliJson.object();
      s.put("name", c.name());
      s.set("constraint", CliJson.intVector(c.constraint()));
      s.set("multiplier", CliJson.number(c.multiplier()));
      s.set("cost", CliJson.number(c.cost()));
      sets.add(s);
    }
    cost.set("sets", sets);
    o.set("constrainedDpCost", cost);
    ObjectNode err = CliJson.object();
    err.set("kNorm", nullable(d.expectedGaugeError()));
    err.set("laplaceScale", nullable(d.laplaceScale()));
    err.set("l2", CliJson.number(d.expectedL2Error()));
    err.set("queryRange", CliJson.number(d.queryDiameter()));
    o.set("expectedError", err);
    return o;
  }

  private static JsonNode nullable(double v) {
    return Double.isNaN(v) ? JsonNodeFactory.instance.nullNode() : CliJson.number(v);
  }
}
