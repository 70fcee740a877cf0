package org.pufferflow.accounting;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * A restore under a changed policy never lets more be spent than either policy allows (docs/privacy-noise.md, 'The
 * privacy ledger'): counting every charge made before and after the restore by its tick, each period of the new
 * policy that is charged after the restore holds at most the new period budget, the old period in progress at most
 * the old one, and the total stays within the new total budget.
 */
class LedgerRestoreProperties {

  @Property(tries = 500)
  void aMigratedLedgerStaysWithinBothPolicies(
      @ForAll @Size(min = 1, max = 30) List<@IntRange(min = 1, max = 8) Integer> costsBefore,
      @ForAll @Size(min = 1, max = 30) List<@IntRange(min = 1, max = 8) Integer> costsAfter,
      @ForAll @Size(min = 60, max = 60) List<@IntRange(min = 0, max = 6) Integer> steps,
      @ForAll @IntRange(min = 1, max = 12) int oldTicks,
      @ForAll @IntRange(min = 1, max = 4) int multiple,
      @ForAll @IntRange(min = 1, max = 16) int oldBudgetEighths,
      @ForAll @IntRange(min = 1, max = 16) int newBudgetEighths,
      @ForAll @IntRange(min = 8, max = 64) int totalEighths,
      @ForAll @IntRange(min = 8, max = 64) int newTotalEighths) {
    double oldBudget = Math.min(oldBudgetEighths, totalEighths) / 8.0; // a period budget is at most the total
    double newBudget = Math.min(newBudgetEighths, newTotalEighths) / 8.0;
    long newTicks = (long) oldTicks * multiple;
    PrivacyLedger before = new PrivacyLedger(
        LedgerPolicy.builder().totalBudget(totalEighths / 8.0).periodBudget(oldBudget, oldTicks).build());
    PrivacyLedger after = new PrivacyLedger(
        LedgerPolicy.builder().totalBudget(newTotalEighths / 8.0).periodBudget(newBudget, newTicks).build());
    LedgerState state = new LedgerState();
    Map<Long, BigDecimal> byTick = new HashMap<>();
    long tick = 0;
    int step = 0;
    for (int c : costsBefore) {
      tick += steps.get(step++ % steps.size());
      double eps = c / 16.0; // dyadic: the sums below are exact
      if (before.tryCharge(state, eps, tick).charged()) {
        byTick.merge(tick, BigDecimal.valueOf(eps), BigDecimal::add);
      }
    }
    long oldPeriodInProgress = Math.floorDiv(tick, oldTicks);
    long firstTickAfter = Long.MAX_VALUE;
    for (int c : costsAfter) {
      tick += steps.get(step++ % steps.size());
      double eps = c / 16.0;
      if (after.tryCharge(state, eps, tick).charged()) {
        byTick.merge(tick, BigDecimal.valueOf(eps), BigDecimal::add);
        firstTickAfter = Math.min(firstTickAfter, tick);
      }
    }
    BigDecimal total = BigDecimal.ZERO;
    Map<Long, BigDecimal> newPeriods = new HashMap<>();
    BigDecimal oldPeriod = BigDecimal.ZERO;
    for (Map.Entry<Long, BigDecimal> e : byTick.entrySet()) {
      total = total.add(e.getValue());
      newPeriods.merge(Math.floorDiv(e.getKey(), newTicks), e.getValue(), BigDecimal::add);
      if (Math.floorDiv(e.getKey(), oldTicks) == oldPeriodInProgress) {
        oldPeriod = oldPeriod.add(e.getValue());
      }
    }
    if (firstTickAfter == Long.MAX_VALUE) {
      return; // nothing charged after the restore
    }
    assertThat(total).isLessThanOrEqualTo(BigDecimal.valueOf(newTotalEighths / 8.0));
    assertThat(BigDecimal.valueOf(state.getSpent())).isEqualByComparingTo(total);
    for (Map.Entry<Long, BigDecimal> e : newPeriods.entrySet()) {
      if ((e.getKey() + 1) * newTicks > firstTickAfter) { // a new period charged after the restore
        assertThat(e.getValue()).as("new period %d", e.getKey())
            .isLessThanOrEqualTo(BigDecimal.valueOf(newBudget));
      }
    }
    if ((oldPeriodInProgress + 1) * oldTicks > firstTickAfter) {
      assertThat(oldPeriod).as("old period in progress").isLessThanOrEqualTo(BigDecimal.valueOf(oldBudget));
    }
  }
}
