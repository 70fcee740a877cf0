package org.pufferflow.jobs.config;

/** Reads and validates a mechanism's {@code budget} mapping into a {@link BudgetConfig}. */
final class BudgetSection {

  private BudgetSection() {}

  static BudgetConfig read(ConfigNode b) {
    b.requireMapping("total", "perPeriod", "periodTicks");
    double total = Checks.positive(b.required("total"));
    ConfigNode perPeriodNode = b.optional("perPeriod");
    ConfigNode periodTicksNode = b.optional("periodTicks");
    if (perPeriodNode == null) {
      if (periodTicksNode != null) {
        throw periodTicksNode.error("only meaningful together with perPeriod");
      }
      return new BudgetConfig(total, null, null);
    }
    double perPeriod = Checks.positive(perPeriodNode);
    if (perPeriod > total) {
      throw perPeriodNode.error(
          "must not exceed total, got " + Numbers.format(perPeriod) + " > " + Numbers.format(total));
    }
    long periodTicks = b.required("periodTicks").asLong();
    if (periodTicks < 1) {
      throw b.required("periodTicks").error("must be >= 1, got " + periodTicks);
    }
    return new BudgetConfig(total, perPeriod, periodTicks);
  }
}
