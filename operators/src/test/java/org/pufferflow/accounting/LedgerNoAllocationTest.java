package org.pufferflow.accounting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/** tryCharge runs once per release: it must not allocate (measured with the thread allocation counter). */
class LedgerNoAllocationTest {

  @Test
  void tryChargeAllocatesNothing() {
    com.sun.management.ThreadMXBean bean =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    assumeThat(bean.isThreadAllocatedMemorySupported()).isTrue();
    bean.setThreadAllocatedMemoryEnabled(true);
    PrivacyLedger ledger = new PrivacyLedger(LedgerPolicy.builder().totalBudget(1e9).periodBudget(5, 10).build());
    LedgerState state = new LedgerState();
    long tick = 0;
    double sink = 0;
    for (int i = 0; i < 100_000; i++) { // warm-up
      sink += ledger.tryCharge(state, 0.75, tick++).ordinal() + ledger.remainingInPeriod(state);
    }
    long thread = Thread.currentThread().getId();
    // the least over three rounds: a late JIT compilation can allocate once, per-call allocation shows every round
    long allocated = Long.MAX_VALUE;
    for (int round = 0; round < 3; round++) {
      long before = bean.getThreadAllocatedBytes(thread);
      for (int i = 0; i < 100_000; i++) {
        sink += ledger.tryCharge(state, 0.75, tick++).ordinal() + ledger.remainingInPeriod(state);
      }
      allocated = Math.min(allocated, bean.getThreadAllocatedBytes(thread) - before);
    }
    assertThat(sink).isPositive();
    assertThat(allocated).as("bytes allocated over 100000 charges").isLessThan(1024);
  }
}
