package org.pufferflow.jobs.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.pufferflow.jobs.plan.BudgetHorizon;
import org.pufferflow.jobs.plan.ConstraintCost;
import org.pufferflow.jobs.plan.DailySpend;
import org.pufferflow.jobs.plan.DphmmOutlook;
import org.pufferflow.jobs.plan.JobPlan;
import org.pufferflow.jobs.plan.MqmOutlook;
import org.pufferflow.jobs.plan.RedactionOutlook;

/**
 * The output of {@code pufferflow plan --config} (docs/cli.md, "plan --config"): one JSON object with a key per
 * configured mechanism ({@code dphmm}, {@code mqm}, {@code redaction}, as in the YAML), {@code budgets},
 * {@code summary} and {@code warnings}; the text output is {@link PlanConfigText}. CliJson conventions: "inf" for +∞, null for "none".
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
      budgets.set("dphmm", budget(p.dphmmBudget(), p.dphmmSpend()));
    }
    if (p.mqmBudget() != null) {
      budgets.set("mqm", budget(p.mqmBudget(), p.mqmSpend()));
    }
    o.set("budgets", budgets);
    ArrayNode summary = CliJson.array();
    p.summary().forEach(summary::add);
    o.set("summary", summary);
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

  private static ObjectNode budget(BudgetHorizon b, DailySpend s) {
    ObjectNode o = CliJson.object();
    o.put("unit", s.unit());
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
    ObjectNode words = CliJson.object();
    words.put("tickMillis", s.tickMillis());
    words.put("ticksPerDay", s.ticksPerDay());
    words.put("releasesPerDay", s.releasesPerDay());
    words.set("epsilonPerDay", CliJson.number(s.epsilonPerDay()));
    words.put("naturalPeriodTicks", s.periodTicks());
    words.set("epsilonPerPeriod", CliJson.number(s.epsilonPerPeriod()));
    words.set("daysOfData", CliJson.number(s.daysOfData()));
    words.set("meaningfulPerDay", CliJson.number(s.meaningfulPerDay()));
    words.put("beyondMeaningful", s.beyondMeaningful());
    o.set("spend", words);
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
}
