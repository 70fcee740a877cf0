package org.pufferflow.jobs.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import org.pufferflow.jobs.mechanism.MechanismPlan;
import org.pufferflow.jobs.plan.JobPlan;
import org.pufferflow.jobs.plan.PlanText;

/**
 * The output of {@code pufferflow plan --config} (docs/cli.md, "plan --config"). Text: the plain-language summary
 * per mechanism, then each mechanism's table in rounded numbers (ε and costs rounded up), the warnings and the terms
 * used. JSON ({@link #toJson}): one object with a key per enabled mechanism (its section), {@code budgets},
 * {@code summary} and {@code warnings}; CliJson conventions: "inf" for +∞, null for "none".
 */
final class PlanConfigText {

  /** Where the terms are explained at length. */
  static final String TERMS_DOC = "docs/choosing-parameters.md#reading-the-planning-commands";

  private PlanConfigText() {}

  static ObjectNode toJson(JobPlan p) {
    ObjectNode o = CliJson.object();
    ObjectNode budgets = CliJson.object();
    for (MechanismPlan m : p.mechanisms()) {
      o.set(m.section(), m.json());
      if (m.budget() != null) {
        budgets.set(m.section(), m.budget().json());
      }
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

  static void print(PrintWriter w, JobPlan p) {
    w.println();
    w.println("In words:");
    for (String s : p.summary()) {
      PlanText.wrap(w, "  ", "    ", s);
    }
    List<String> terms = new ArrayList<>();
    boolean budgets = false;
    for (MechanismPlan m : p.mechanisms()) {
      w.println();
      m.table().forEach(w::println);
      terms.addAll(m.terms());
      budgets |= m.budget() != null;
    }
    w.println();
    w.println(p.warnings().isEmpty() ? "No warnings." : "Warnings:");
    for (String s : p.warnings()) {
      PlanText.wrap(w, "  - ", "    ", s);
    }
    w.println();
    w.println("Terms (more in " + TERMS_DOC + "):");
    PlanText.wrap(w, "  ", "    ", "epsilon: a release changes an adversary's odds between two protected alternatives"
        + " by at most a factor e^epsilon (e^1 = 2.7, e^4 = 55); a day's epsilon is the sum over its releases (an"
        + " upper bound the ledger enforces). Every epsilon here is rounded up; --json prints the exact values.");
    if (budgets) {
      terms.add("period: the budget's period (budget.periodTicks), else a day for a release and the window for a"
          + " window histogram; days of data: how long the total budget lasts for a subject observed at every"
          + " tick.");
    }
    for (String t : terms) {
      PlanText.wrap(w, "  ", "    ", t);
    }
  }
}
