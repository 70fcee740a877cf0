package org.pufferflow.jobs.mechanism.redaction;

import static org.pufferflow.jobs.plan.PlanNumbers.near;
import static org.pufferflow.jobs.plan.PlanNumbers.up;
import static org.pufferflow.jobs.plan.PlanText.f;
import static org.pufferflow.jobs.plan.PlanText.row;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.pufferflow.jobs.cli.CliJson;
import org.pufferflow.jobs.mechanism.MechanismPlan;
import org.pufferflow.jobs.mechanism.PlanContext;
import org.pufferflow.jobs.plan.JobPlanner;
import org.pufferflow.jobs.plan.PlanText;
import org.pufferflow.jobs.plan.RedactionOutlook;
import org.pufferflow.mechanism.redaction.RedactionPlan;

/** The plan of a {@code redaction} section: {@link JobPlanner#redaction}'s outlook in words, table, JSON, warnings. */
final class RedactionPlanText {

  /** A redaction utility below this is reported. */
  static final double LOW_UTILITY = 0.5;

  private static final List<String> TERMS = List.of(
      "dM, dS: records closer than dM ticks to a private record are always redacted, from dS ticks on"
          + " always released; hold-back: ticks a record waits so that a later opt-out can still redact it.",
      "utility: the expected fraction of records released; leakage: the exact privacy loss of a private"
          + " record, at most epsilon.");

  private RedactionPlanText() {}

  static MechanismPlan plan(RedactionPlan plan, PlanContext context) {
    RedactionOutlook r = JobPlanner.redaction(plan, plan.mechanism().configName(),
        (int) Math.min(Integer.MAX_VALUE, plan.holdBackTicks()), context.ticksPerDay());
    return new MechanismPlan("redaction", r, null, summary(r, context.tickMillis()), warnings(r), json(r), table(r),
        TERMS, false);
  }

  private static String summary(RedactionOutlook r, long tickMillis) {
    String reach = r.leftFullyRedacted() ? "every record before it and the " + r.reach() + " after it"
        : f("the %d records before it and the %d after it", r.holdBackRequired(), r.reach());
    return f("redaction (%s): from all released records an adversary who knows the model cannot tell which of its"
        + " two values a private (opted-out) record had (one tick, %s) better than odds changed by e^epsilon,"
        + " epsilon = %s per private record (exact leakage %s); %s may be redacted for it. No budget: each private"
        + " record gets its own epsilon.", r.mechanism(), PlanText.duration(tickMillis), up(r.epsilon()),
        up(r.leakage()), reach);
  }

  private static List<String> table(RedactionOutlook r) {
    List<String> t = new ArrayList<>();
    t.add("redaction (" + r.mechanism() + ")");
    t.add(row("epsilon (left + right)", up(r.epsilon()) + " (" + up(r.splitLeft()) + " + " + up(r.splitRight())
        + ")"));
    if (r.leftFullyRedacted()) {
      t.add(row("records before a private one", "all redacted"));
    } else {
      t.add(row("always redacted before/after", "closer than " + r.dMLeft() + " / " + r.dMRight() + " ticks (dM)"));
      t.add(row("released from", r.dSLeft() + " / " + r.dSRight() + " ticks on (dS)"));
    }
    t.add(row("hold-back required / set", (r.holdBackRequired() < 0 ? "unbounded"
        : String.valueOf(r.holdBackRequired())) + " / " + r.holdBackConfigured() + " ticks"));
    t.add(row("expected redactions per opt-out", near(r.expectedRedactions())));
    t.add(row("utility (one opt-out a day)", near(r.utility()) + " of " + r.utilityRecords() + " records ("
        + near(r.localUtility()) + " of the " + (r.affectedRecords() < 0 ? "unbounded" : r.affectedRecords())
        + " it can affect)"));
    t.add(row("exact leakage (left, right)", up(r.leakage()) + " (" + up(r.leakageLeft()) + ", "
        + up(r.leakageRight()) + ")"));
    return t;
  }

  private static List<String> warnings(RedactionOutlook r) {
    List<String> w = new ArrayList<>();
    if (r.utility() < LOW_UTILITY) {
      w.add(f("redaction: utility %s is below %s with one private record per day (%d records);"
          + " raise redaction.epsilon%s", near(r.utility()), near(LOW_UTILITY), r.utilityRecords(),
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
    return w;
  }

  private static ObjectNode json(RedactionOutlook r) {
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
