package org.pufferflow.jobs.config;

import java.util.Map;
import org.pufferflow.accounting.LedgerParameters;
import org.pufferflow.accounting.LedgerPolicy;

/**
 * Reads a mechanism's {@code budget} mapping into a {@link LedgerPolicy}. Reading only: the keys, their types and the
 * YAML shape ({@code periodTicks} only with {@code perPeriod}, then required); every rule of the values (total &gt; 0,
 * perPeriod &gt; 0 and ≤ total, periodTicks ≥ 1) is judged by {@link LedgerPolicy.Builder} and reported at the key of
 * the parameter it names ({@link #paths}).
 */
final class BudgetSection {

  private BudgetSection() {}

  /** Where each {@link LedgerParameters} id lives under the budget mapping at {@code prefix}. */
  static Map<String, String> paths(String prefix) {
    return Map.of(LedgerParameters.TOTAL_BUDGET, prefix + ".total", LedgerParameters.PERIOD_BUDGET,
        prefix + ".perPeriod", LedgerParameters.PERIOD_TICKS, prefix + ".periodTicks");
  }

  static LedgerPolicy read(ConfigNode b) {
    b.requireMapping("total", "perPeriod", "periodTicks");
    double total = b.required("total").asDouble();
    ConfigNode perPeriodNode = b.optional("perPeriod");
    ConfigNode periodTicksNode = b.optional("periodTicks");
    if (perPeriodNode == null && periodTicksNode != null) {
      throw periodTicksNode.error("only meaningful together with perPeriod");
    }
    Double perPeriod = perPeriodNode == null ? null : perPeriodNode.asDouble();
    long periodTicks = perPeriodNode == null ? 0 : b.required("periodTicks").asLong();
    return MechanismErrors.build(b.path(), paths(b.path()), () -> {
      LedgerPolicy.Builder policy = LedgerPolicy.builder().totalBudget(total);
      if (perPeriod != null) {
        policy.periodBudget(perPeriod, periodTicks);
      }
      return policy.build();
    });
  }
}
