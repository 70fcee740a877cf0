package org.pufferflow.operators.spec;

import java.io.Serializable;
import java.util.Objects;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.accounting.PrivacyLedger;

/**
 * A mechanism's per-subject budget (docs/configuration.md, 'budget'; docs/privacy-noise.md, 'The privacy ledger'): a total ε and, optionally,
 * at most {@code perPeriod} within every period of {@code periodTicks} ticks. Serializable and immutable; a Flink
 * function calls {@link #newLedger()} in {@code open()}. Validated by {@link LedgerPolicy.Builder} (the source of
 * truth) when the spec is created.
 */
public final class LedgerSpec implements Serializable {
  private static final long serialVersionUID = 1L;

  private final double total;
  private final double perPeriod;
  private final long periodTicks;

  private LedgerSpec(double total, double perPeriod, long periodTicks) {
    this.total = total;
    this.perPeriod = perPeriod;
    this.periodTicks = periodTicks;
    build();
  }

  /** A lifetime budget only. */
  public static LedgerSpec total(double total) {
    return new LedgerSpec(total, Double.NaN, 0);
  }

  /** A lifetime budget and a budget of {@code perPeriod} per {@code periodTicks} ticks. */
  public static LedgerSpec withPeriod(double total, double perPeriod, long periodTicks) {
    LedgerSpec spec = new LedgerSpec(total, perPeriod, periodTicks);
    if (!spec.hasPeriod()) {
      throw new IllegalArgumentException("periodBudget = " + perPeriod + ": must be finite and > 0");
    }
    return spec;
  }

  /** The ledger policy (validated by its builder). */
  public LedgerPolicy build() {
    LedgerPolicy.Builder b = LedgerPolicy.builder().totalBudget(total);
    if (hasPeriod()) {
      b.periodBudget(perPeriod, periodTicks);
    }
    return b.build();
  }

  /** A fresh ledger over {@link #build()}. */
  public PrivacyLedger newLedger() {
    return new PrivacyLedger(build());
  }

  public double total() {
    return total;
  }

  public boolean hasPeriod() {
    return !Double.isNaN(perPeriod);
  }

  /** The per-period budget, NaN when {@link #hasPeriod()} is false. */
  public double perPeriod() {
    return perPeriod;
  }

  /** The period in ticks, 0 when {@link #hasPeriod()} is false. */
  public long periodTicks() {
    return periodTicks;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LedgerSpec s
        && Double.compare(s.total, total) == 0
        && Double.compare(s.perPeriod, perPeriod) == 0
        && s.periodTicks == periodTicks;
  }

  @Override
  public int hashCode() {
    return Objects.hash(total, perPeriod, periodTicks);
  }

  @Override
  public String toString() {
    return hasPeriod()
        ? "LedgerSpec[total=" + total + ", perPeriod=" + perPeriod + ", periodTicks=" + periodTicks + "]"
        : "LedgerSpec[total=" + total + "]";
  }
}
