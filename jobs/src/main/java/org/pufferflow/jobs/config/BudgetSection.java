package org.pufferflow.jobs.config;

import java.util.Map;
import org.pufferflow.accounting.LedgerPolicy;

/** Reads a mechanism's {@code budget} mapping into a {@link LedgerPolicy} (validated by the ledger's builder). */
final class BudgetSection {

  private BudgetSection() {}

  static LedgerPolicy read(ConfigNode b) {
    b.requireMapping("total", "perPeriod", "periodTicks");
    double total = Checks.positive(b.required("total"));
    ConfigNode perPeriodNode = b.optional("perPeriod");
    ConfigNode periodTicksNode = b.optional("periodTicks");
    Map<String, String> paths = Map.of("totalBudget", b.path() + ".total", "periodBudget", b.path() + ".perPeriod",
        "periodTicks", b.path() + ".periodTicks");
    if (perPeriodNode == null) {
      if (periodTicksNode != null) {
        throw periodTicksNode.error("only meaningful together with perPeriod");
      }
      return MechanismErrors.build(b.path(), paths, () -> LedgerPolicy.builder().totalBudget(total).build());
    }
    double perPeriod = Checks.positive(perPeriodNode);
    if (perPeriod > total) {
      throw perPeriodNode.error(
          "must not exceed total, got " + Numbers.format(perPeriod) + " > " + Numbers.format(total));
    }
    long periodTicks = b.required("periodTicks").asLong();
    return MechanismErrors.build(b.path(), paths,
        () -> LedgerPolicy.builder().totalBudget(total).periodBudget(perPeriod, periodTicks).build());
  }
}
