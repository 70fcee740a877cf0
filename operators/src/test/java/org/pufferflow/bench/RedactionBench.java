package org.pufferflow.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.pufferflow.chain.BinaryMarkovChain;
import org.pufferflow.mechanism.redaction.OptOutRanges;
import org.pufferflow.mechanism.redaction.RedactionMechanism;
import org.pufferflow.mechanism.redaction.RedactionPlan;
import org.pufferflow.mechanism.redaction.SplitRule;
import org.pufferflow.mechanism.redaction.ThreeRMechanism;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.noise.NoiseKey;

/**
 * Benchmarks (docs/redaction.md, 'Streaming contract'): the per-record rule of {@link RedactionPlan} (target <= 1 µs per record after
 * warm-up) and the design cost per configuration. Baseline in the same run: one keyed coin
 * ({@code KeyedRandom.reset + nextLong}), the floor of any record that needs a coin.
 * Run: scripts/jmh RedactionBench -f 1 -wi 2 -w 1s -i 3 -r 1s
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RedactionBench {

  private static final double FIG3_ALPHA = 0.01;
  private static final double FIG3_BETA = 0.8;
  private static final BinaryMarkovChain FIG3 = BinaryMarkovChain.of(FIG3_ALPHA, FIG3_BETA);

  private KeyedRandom random;
  private RedactionPlan plan;
  private OptOutRanges ranges;
  private final long[] active = {1_000_000, 1_000_003, 1_000_020};
  private long t = 999_990;
  private long coinSeq;
  private static final String SUBJECT = "subject-000042";

  @Setup
  public void setUp() {
    byte[] key = new byte[32];
    for (int i = 0; i < key.length; i++) {
      key[i] = (byte) (17 * i + 3);
    }
    random = new KeyedRandom(NoiseKey.of(key));
    plan = RedactionPlan.of(FIG3_ALPHA, FIG3_BETA, 1, RedactionMechanism.THREE_R_OPTIMAL, null, RedactionPlan.MAX_SIDE_TICKS);
    ranges = new OptOutRanges();
    for (long p : active) {
      ranges.add(p, p);
    }
    ranges.add(2_000_000, 2_000_000 + 1_000_000_000_000L);
  }

  /** Baseline: one keyed coin per record. */
  @Benchmark
  public long keyedCoin() {
    return random.reset(RedactionPlan.MECHANISM_ID, SUBJECT, coinSeq++).nextLong();
  }

  /** A band-M record (0 < r < 1): max rule over 3 private indices plus one keyed coin — the worst case. */
  @Benchmark
  public boolean decideBandM() {
    return plan.release(1_000_001, 0, active, 3, random, SUBJECT);
  }

  /** A stream of records sweeping past three private indices: mixed L/M/S records (the typical case). */
  @Benchmark
  public boolean decideStream() {
    long s = t++;
    if (t > 1_000_030) {
      t = 999_990;
    }
    return plan.release(s, (int) (s & 1), active, 3, random, SUBJECT);
  }

  /**
   * The same sweep against opt-out RANGES ({@link OptOutRanges}): one range of 10^12 ticks plus the three single
   * ticks of {@link #decideStream}; the cost must not depend on the range length.
   */
  @Benchmark
  public boolean decideStreamRanges() {
    long s = t++;
    if (t > 1_000_030) {
      t = 999_990;
    }
    return plan.release(s, (int) (s & 1), ranges, random, SUBJECT);
  }

  /** The rule without the coin. */
  @Benchmark
  public double redactionProbabilityOnly() {
    long s = t++;
    if (t > 1_000_030) {
      t = 999_990;
    }
    return plan.redactionProbability(s, 0, active, 3);
  }

  /** The range rule without the coin (compare {@link #redactionProbabilityOnly}). */
  @Benchmark
  public double redactionProbabilityRangesOnly() {
    long s = t++;
    if (t > 1_000_030) {
      t = 999_990;
    }
    return plan.redactionProbability(s, 0, ranges);
  }

  /** Design cost of one streaming configuration, per design. */
  @State(Scope.Thread)
  public static class DesignState {
    @Param({"3r-relaxed", "3r-optimal", "3r-numerical"})
    public String design;

    RedactionMechanism value;

    @Setup
    public void setUp() {
      value = RedactionMechanism.fromConfigName(design);
    }
  }

  @Benchmark
  @OutputTimeUnit(TimeUnit.MICROSECONDS)
  public RedactionPlan designPlanFig3(DesignState s) {
    return RedactionPlan.of(FIG3_ALPHA, FIG3_BETA, 1, s.value, null, RedactionPlan.MAX_SIDE_TICKS);
  }

  @Benchmark
  @OutputTimeUnit(TimeUnit.MICROSECONDS)
  public RedactionPlan designPlanNegativeLambda(DesignState s) {
    return RedactionPlan.of(0.6, 0.8, 0.3, s.value, null, RedactionPlan.MAX_SIDE_TICKS);
  }

  /** A finite-n mechanism with the AUTO split (three candidate designs + self-checks), Fig. 3 instance. */
  @Benchmark
  @OutputTimeUnit(TimeUnit.MICROSECONDS)
  public ThreeRMechanism designMechanismAutoSplit(DesignState s) {
    return ThreeRMechanism.builder().chain(FIG3).epsilon(1).privateIndex(5).length(10).design(s.value.design())
        .splitRule(SplitRule.AUTO).build();
  }
}
