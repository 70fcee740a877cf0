package org.pufferflow.jobs.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.Locale;
import org.pufferflow.jobs.plan.BudgetHorizon;
import org.pufferflow.jobs.plan.ConstraintCost;
import org.pufferflow.jobs.plan.DphmmOutlook;
import org.pufferflow.jobs.plan.JobPlan;
import org.pufferflow.jobs.plan.MqmOutlook;
import org.pufferflow.jobs.plan.RedactionOutlook;
import org.pufferflow.mechanism.dphmm.DphmmNoise;

/**
 * The output of {@code pufferflow plan --config} (docs/cli.md, "plan --config"): one JSON object with a key per
 * configured mechanism ({@code dphmm}, {@code mqm}, {@code redaction}, as in the YAML), {@code budgets} and
 * {@code warnings}; or the same as short human-readable tables. CliJson conventions: "inf" for +∞, null for "none".
 */
final class PlanConfigReport {

  private PlanConfigReport() {}

  static ObjectNode toJson(JobPlan p) {
    ObjectNode o = CliJson.object();
    if (p.dphmm() != null) {
      o.set("dphmm", dphmm(p.dphmm()));
    }
    if (p.mqm() != null) {
      o.set("mqm", mqm(p.mqm()));
    }
    if (p.redaction() != null) {
      o.set("redaction", redaction(p.redaction()));
    }
    ObjectNode budgets = CliJson.object();
    if (p.dphmmBudget() != null) {
      budgets.set("dphmm", budget(p.dphmmBudget(), "release"));
    }
    if (p.mqmBudget() != null) {
      budgets.set("mqm", budget(p.mqmBudget(), "window"));
    }
    o.set("budgets", budgets);
    ArrayNode w = CliJson.array();
    p.warnings().forEach(w::add);
    o.set("warnings", w);
    return o;
  }

  private static ObjectNode dphmm(DphmmOutlook d) {
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

  private static ObjectNode mqm(MqmOutlook m) {
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

  private static ObjectNode redaction(RedactionOutlook r) {
    ObjectNode o = CliJson.object();
    o.put("mechanism", r.mechanism());
    o.set("epsilon", CliJson.number(r.epsilon()));
    o.set("split", pair(CliJson.number(r.splitLeft()), CliJson.number(r.splitRight())));
    o.put("leftFullyRedacted", r.leftFullyRedacted());
    o.set("dM", pair(count(r.dMLeft()), count(r.dMRight())));
    o.set("dS", pair(count(r.dSLeft()), count(r.dSRight())));
    ObjectNode hb = CliJson.object();
    hb.set("required", r.holdBackRequired() < 0 ? CliJson.number(Double.POSITIVE_INFINITY)
        : JsonNodeFactory.instance.numberNode(r.holdBackRequired()));
    hb.put("configured", r.holdBackConfigured());
    o.set("holdBack", hb);
    o.put("reach", r.reach());
    o.set("expectedRedactions", CliJson.number(r.expectedRedactions()));
    o.set("affectedRecords", r.affectedRecords() < 0 ? CliJson.number(Double.POSITIVE_INFINITY)
        : JsonNodeFactory.instance.numberNode(r.affectedRecords()));
    o.set("localUtility", CliJson.number(r.localUtility()));
    o.put("utilityRecords", r.utilityRecords());
    o.set("utility", CliJson.number(r.utility()));
    o.set("leakage", CliJson.number(r.leakage()));
    o.set("leakageSides", pair(CliJson.number(r.leakageLeft()), CliJson.number(r.leakageRight())));
    return o;
  }

  private static ObjectNode budget(BudgetHorizon b, String unit) {
    ObjectNode o = CliJson.object();
    o.put("unit", unit);
    o.set("epsilonPerRelease", CliJson.number(b.epsilonPerRelease()));
    o.set("total", CliJson.number(b.total()));
    o.put("releasesUntilExhaustion", b.releasesUntilExhaustion());
    o.put("countedByLedger", b.counted());
    o.put("budgetOverEpsilonFloor", b.ratioFloor());
    JsonNodeFactory j = JsonNodeFactory.instance;
    o.set("perPeriod", b.hasPeriod() ? CliJson.number(b.perPeriod()) : j.nullNode());
    o.set("periodTicks", b.hasPeriod() ? j.numberNode(b.periodTicks()) : j.nullNode());
    o.set("releasesPerPeriod", b.hasPeriod() ? j.numberNode(b.releasesPerPeriod()) : j.nullNode());
    o.set("releasesWantedPerPeriod", b.hasPeriod() ? j.numberNode(b.releasesWantedPerPeriod()) : j.nullNode());
    return o;
  }

  private static JsonNode nullable(double v) {
    return Double.isNaN(v) ? JsonNodeFactory.instance.nullNode() : CliJson.number(v);
  }

  private static JsonNode count(long v) {
    return v < 0 ? JsonNodeFactory.instance.nullNode() : JsonNodeFactory.instance.numberNode(v);
  }

  private static ObjectNode pair(JsonNode left, JsonNode right) {
    ObjectNode o = CliJson.object();
    o.set("left", left);
    o.set("right", right);
    return o;
  }

  /** The same content as short tables, one per mechanism, then the warnings. */
  static void printHuman(PrintWriter w, ObjectNode o) {
    if (o.has("dphmm")) {
      JsonNode d = o.get("dphmm");
      JsonNode full = d.get("fullStateSpace");
      JsonNode cost = d.get("constrainedDpCost");
      JsonNode err = d.get("expectedError");
      w.println("dphmm (" + d.get("mechanism").asText() + ", " + d.get("states") + " states, d = "
          + d.get("queryDimension") + ")");
      row(w, "epsilon per release", d.get("epsilon"));
      row(w, "constraint C_t", constraintLine(d));
      row(w, "exposed before repair", shortList(full.get("exposed")));
      row(w, "DoP after repair", shortList(full.get("dop")));
      row(w, "edges added", full.get("addedEdges"));
      row(w, "hull dimension / volume", full.get("hullDimension") + " / " + full.get("hullVolume"));
      row(w, "Thm 6.3 cost (min..max)", cost.get("min") + " .. " + cost.get("max") + "  over "
          + cost.get("sets").size() + " constraint sets (all states, initial, rows of M)");
      if (!err.get("kNorm").isNull()) {
        row(w, "E||Z-f||_K", err.get("kNorm"));
      }
      if (!err.get("laplaceScale").isNull()) {
        row(w, "Laplace scale", err.get("laplaceScale"));
      }
      row(w, "E||Z-f||_2 / range", err.get("l2") + " / " + err.get("queryRange"));
      budgetRows(w, o.get("budgets").get("dphmm"));
    }
    if (o.has("mqm")) {
      JsonNode m = o.get("mqm");
      JsonNode err = m.get("expectedError");
      w.println("mqm (" + m.get("mode").asText() + ", W = " + m.get("window") + ", S = " + m.get("slide") + ", k = "
          + m.get("bins") + ", " + m.get("output").asText() + ")");
      row(w, "target per-point epsilon", m.get("epsilon"));
      row(w, "sigma / group-DP sigma", m.get("sigma") + " / " + m.get("groupDpSigma"));
      row(w, "noise scale per bin", m.get("noiseScale"));
      row(w, "per-point eps start/steady", m.get("perPointEpsilon").get("start") + " / "
          + m.get("perPointEpsilon").get("steadyState"));
      row(w, "one window alone would need", m.get("singleWindowNoiseScale"));
      row(w, "E|noise| per bin / W/k", err.get("perBin") + " / " + err.get("meanCountPerBin"));
      row(w, "E L1 error of a window", err.get("windowL1"));
      row(w, "E error of a frequency", err.get("frequency"));
      budgetRows(w, o.get("budgets").get("mqm"));
    }
    if (o.has("redaction")) {
      JsonNode r = o.get("redaction");
      w.println("redaction (" + r.get("mechanism").asText() + ")");
      row(w, "epsilon (left + right)", r.get("epsilon") + " (" + r.get("split").get("left") + " + "
          + r.get("split").get("right") + ")");
      row(w, "dM / dS", r.get("dM") + " / " + r.get("dS"));
      row(w, "hold-back required/set", r.get("holdBack").get("required") + " / "
          + r.get("holdBack").get("configured"));
      row(w, "E redactions per opt-out", r.get("expectedRedactions"));
      row(w, "utility (1 opt-out a day)", r.get("utility") + "  (over " + r.get("utilityRecords") + " records; "
          + r.get("localUtility") + " over the " + r.get("affectedRecords") + " it can affect)");
      row(w, "exact leakage", r.get("leakage"));
    }
    w.println(o.get("warnings").isEmpty() ? "no warnings" : "warnings:");
    for (JsonNode s : o.get("warnings")) {
      w.println("  - " + s.asText());
    }
  }

  /** A list as is, or its size, minimum and maximum when it is too long for one line. */
  private static String shortList(JsonNode a) {
    if (a.size() <= 32) {
      return a.toString();
    }
    int lo = Integer.MAX_VALUE;
    int hi = Integer.MIN_VALUE;
    for (JsonNode x : a) {
      lo = Math.min(lo, x.asInt());
      hi = Math.max(hi, x.asInt());
    }
    return a.size() + " entries, min " + lo + ", max " + hi + " (--json lists them)";
  }

  private static void budgetRows(PrintWriter w, JsonNode b) {
    row(w, b.get("unit").asText() + "s until exhaustion", b.get("releasesUntilExhaustion") + "  (budget "
        + b.get("total") + ")");
    if (!b.get("perPeriod").isNull()) {
      row(w, b.get("unit").asText() + "s per period", b.get("releasesPerPeriod") + " of "
          + b.get("releasesWantedPerPeriod") + " per " + b.get("periodTicks") + " ticks");
    }
  }

  /** The constraint, and for a truncated one the relaxation it costs (docs/dphmm.md, 'The constraint C_t'). */
  private static String constraintLine(JsonNode d) {
    String c = d.get("constraint").asText();
    double dropped = d.get("droppedPriorMass").asDouble();
    return dropped == 0 ? c + " (exact: every state of positive prior)"
        : c + " (relaxation: up to delta = " + d.get("droppedPriorMass") + " of prior mass per release outside"
            + " C_t; over T releases the true state is outside C_t at some release with probability <= T*delta,"
            + " and is then released as its nearest state of C_t)";
  }

  private static void row(PrintWriter w, String label, Object value) {
    w.println(String.format(Locale.ROOT, "  %-28s %s", label, value));
  }
}
