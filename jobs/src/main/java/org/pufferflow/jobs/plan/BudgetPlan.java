package org.pufferflow.jobs.plan;

import static org.pufferflow.jobs.plan.PlanNumbers.down;
import static org.pufferflow.jobs.plan.PlanNumbers.up;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.annotation.PublicEvolving;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.jobs.cli.CliJson;

/**
 * How long a mechanism's {@code budget} lasts and what it spends per day, with its table rows, JSON and warnings
 * (docs/cli.md, "plan --config"): the one budget plan of every mechanism that charges a ledger.
 *
 * @param section the mechanism's section, e.g. {@code dphmm}: the warnings name {@code <section>.budget}
 * @param horizon how many charges the budget pays for
 * @param spend the budget in words (per release, period and day)
 */
@PublicEvolving
public record BudgetPlan(String section, BudgetHorizon horizon, DailySpend spend) {

  /** A budget that lasts fewer releases than this is reported. */
  public static final long FEW_RELEASES = 100;

  /**
   * The plan of {@code policy} charged {@code epsilon} per {@code unit} ({@code release}, {@code window}), one charge
   * every {@code interval} ticks, over a natural period of {@code periodTicks} (0: the budget's period, else a day).
   */
  public static BudgetPlan of(String section, String unit, LedgerPolicy policy, double epsilon, int interval,
      long periodTicks, long tickMillis) {
    PufferPreconditions.checkNotNull("section", section);
    BudgetHorizon h = JobPlanner.budget(policy, epsilon, interval);
    return new BudgetPlan(section, h, DailySpend.of(unit, h, tickMillis, interval, periodTicks));
  }

  /** The table rows of the budget, formatted as {@link PlanText#row}. */
  public List<String> rows() {
    BudgetHorizon b = horizon;
    DailySpend s = spend;
    String unit = s.unit();
    List<String> rows = new ArrayList<>();
    rows.add(PlanText.row("epsilon per day (at most)", PlanText.f("%s (%,d %s%s a day, %,d ticks)",
        up(s.epsilonPerDay()), s.releasesPerDay(), unit, s.releasesPerDay() == 1 ? "" : "s", s.ticksPerDay())));
    rows.add(PlanText.row("epsilon per period (at most)", up(s.epsilonPerPeriod())
        + PlanText.f(" per %,d ticks", s.periodTicks())
        + (b.hasPeriod() ? PlanText.f(" (budget.perPeriod %s per %,d ticks pays for %,d of %,d %ss)",
            up(b.perPeriod()), b.periodTicks(), b.releasesPerPeriod(), b.releasesWantedPerPeriod(), unit) : "")));
    rows.add(PlanText.row("total budget", PlanText.f("%s: %,d %ss = %s days of data", up(b.total()),
        b.releasesUntilExhaustion(), unit, down(s.daysOfData()))));
    return rows;
  }

  /** The warnings of the budget: few releases, a period cap that binds, more than a meaningful ε per day. */
  public List<String> warnings(String knobs) {
    List<String> w = new ArrayList<>();
    BudgetHorizon b = horizon;
    String what = spend.unit() + "s";
    if (b.releasesUntilExhaustion() < FEW_RELEASES) {
      w.add(PlanText.f("%s.budget: a subject's total budget %s is exhausted after %d %s of epsilon %s; raise"
          + " %s.budget.total", section, PlanNumbers.near(b.total()), b.releasesUntilExhaustion(), what,
          up(b.epsilonPerRelease()), section));
    }
    if (b.hasPeriod() && b.releasesPerPeriod() < b.releasesWantedPerPeriod()) {
      w.add(PlanText.f("%s.budget.perPeriod: %s pays for %d of the %d %s a subject observed at every tick gets per"
          + " %d ticks; raise %s.budget.perPeriod", section, PlanNumbers.near(b.perPeriod()),
          b.releasesPerPeriod(), b.releasesWantedPerPeriod(), what, b.periodTicks(), section));
    }
    DailySpend s = spend;
    if (s.beyondMeaningful()) {
      w.add(PlanText.f("%s.budget: a subject observed at every tick can spend epsilon %s in a day (%,d %ss of %s),"
          + " more than the %s per day that docs/choosing-parameters.md calls meaningful; lower %s.epsilon, cap"
          + " the day with %s.budget.perPeriod and periodTicks, or release less often (time.tickMillis%s)",
          section, up(s.epsilonPerDay()), s.releasesPerDay(), s.unit(), up(s.epsilonPerRelease()),
          up(s.meaningfulPerDay()), section, section, knobs));
    }
    return w;
  }

  /** The budget's JSON object under {@code budgets.<section>}. */
  public ObjectNode json() {
    BudgetHorizon b = horizon;
    DailySpend s = spend;
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

  /** The budget in words, for a mechanism's summary sentence. */
  public String inWords() {
    DailySpend s = spend;
    return PlanText.f("a subject observed at every tick spends at most epsilon %s per day (%,d %s%s of %s), and the"
        + " total budget lasts %s days of data.", up(s.epsilonPerDay()), s.releasesPerDay(), s.unit(),
        s.releasesPerDay() == 1 ? "" : "s", up(s.epsilonPerRelease()), down(s.daysOfData()));
  }
}
