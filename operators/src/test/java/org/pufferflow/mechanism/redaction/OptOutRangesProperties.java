package org.pufferflow.mechanism.redaction;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Scale;
import net.jqwik.api.constraints.Size;
import org.pufferflow.chain.BinaryMarkovChain;
import org.pufferflow.noise.KeyedRandom;

/**
 * Opt-out ranges (docs/redaction.md, "Streaming contract"): the range form of the streaming rule decides exactly as
 * the explicit list of every private tick, and the range structure agrees with a naive set of ticks.
 */
class OptOutRangesProperties {

  /** A range {@code [from, from + length - 1]} inside [0, 160]. */
  @Provide
  Arbitrary<long[]> range() {
    return Combinators.combine(Arbitraries.longs().between(0, 150), Arbitraries.longs().between(1, 25))
        .as((f, len) -> new long[] {f, f + len - 1});
  }

  private static long[] explicit(TreeSet<Long> ticks) {
    return ticks.stream().mapToLong(Long::longValue).toArray();
  }

  private static RedactionPlan plan(double alpha, double beta, double eps, int mechanismIndex) {
    RedactionMechanism m = RedactionMechanism.values()[mechanismIndex];
    return RedactionPlan.of(alpha, beta, eps, m, m.isThreeR() ? SplitRule.HALF : null, 1_000_000);
  }

  /** Ranges vs the old explicit-index API: same probability and same keyed decision, for sweeps and random ticks. */
  @Property(tries = 200)
  void rangesDecideAsExplicitIndices(
      @ForAll @Scale(3) @DoubleRange(min = 0.02, max = 0.98) double alpha,
      @ForAll @Scale(3) @DoubleRange(min = 0.02, max = 0.98) double beta,
      @ForAll @Scale(3) @DoubleRange(min = 0.05, max = 4) double eps,
      @ForAll @IntRange(min = 0, max = 4) int mechanismIndex,
      @ForAll @Size(max = 6) List<@From("range") long[]> ranges,
      @ForAll @Size(min = 1, max = 40) List<@LongRange(min = -20, max = 200) Long> randomTicks) {
    RedactionPlan plan = plan(alpha, beta, eps, mechanismIndex);
    OptOutRanges opt = new OptOutRanges();
    TreeSet<Long> ticks = new TreeSet<>();
    for (long[] r : ranges) {
      assertThat(opt.add(r[0], r[1])).isTrue();
      for (long t = r[0]; t <= r[1]; t++) {
        ticks.add(t);
      }
    }
    long[] all = explicit(ticks);
    KeyedRandom rnd = RedactionTestKeys.random();
    List<Long> order = new ArrayList<>();
    for (long t = -20; t <= 200; t++) {
      order.add(t); // a sweep (the operator's order), then random ticks (cursor misses)
    }
    order.addAll(randomTicks);
    for (long t : order) {
      for (int x = 0; x < 2; x++) {
        double expected = plan.redactionProbability(t, x, all, all.length);
        assertThat(plan.redactionProbability(t, x, opt)).as("t = %s, x = %s", t, x).isEqualTo(expected);
        assertThat(plan.release(t, x, opt, rnd, "s1")).isEqualTo(plan.release(t, x, all, all.length, rnd, "s1"));
      }
    }
  }

  /** The structure against a naive set: merging keeps exactly the union; queries agree at every tick. */
  @Property(tries = 300)
  void structureMatchesNaiveSet(
      @ForAll @Size(max = 12) List<@From("range") long[]> ranges,
      @ForAll @LongRange(min = -5, max = 180) long pruneAt,
      @ForAll @Size(max = 30) List<@LongRange(min = -10, max = 190) Long> randomTicks) {
    OptOutRanges opt = new OptOutRanges();
    TreeSet<Long> ticks = new TreeSet<>();
    for (long[] r : ranges) {
      opt.add(r[0], r[1]);
      for (long t = r[0]; t <= r[1]; t++) {
        ticks.add(t);
      }
    }
    checkAgainst(opt, ticks, randomTicks);
    long runs = 0;
    for (int i = 0; i < opt.size(); i++) {
      long[] r = opt.range(i);
      assertThat(r[0]).isLessThanOrEqualTo(r[1]);
      if (i > 0) {
        assertThat(r[0]).isGreaterThan(opt.range(i - 1)[1] + 1); // disjoint and not adjacent
      }
      runs++;
    }
    long naiveRuns = ticks.stream().filter(t -> !ticks.contains(t - 1)).count();
    assertThat(runs).isEqualTo(naiveRuns);
    // pruning drops whole runs ending before pruneAt and nothing else
    opt.pruneBefore(pruneAt);
    TreeSet<Long> kept = new TreeSet<>();
    for (long t : ticks) {
      long runEnd = t;
      while (ticks.contains(runEnd + 1)) {
        runEnd++;
      }
      if (runEnd >= pruneAt) {
        kept.add(t);
      }
    }
    checkAgainst(opt, kept, randomTicks);
  }

  /** Adds, prunes and queries interleaved (the cursor must survive every mutation), against a naive set. */
  @Property(tries = 300)
  void interleavedOperationsMatchNaiveSet(
      @ForAll @Size(max = 40) List<@From("range") long[]> ops,
      @ForAll @Size(max = 40) List<@LongRange(min = -10, max = 190) Long> queries) {
    OptOutRanges opt = new OptOutRanges();
    TreeSet<Long> ticks = new TreeSet<>();
    for (int i = 0; i < Math.max(ops.size(), queries.size()); i++) {
      if (i < ops.size()) {
        long[] r = ops.get(i);
        if (r[1] - r[0] == 3) { // about one op in 25 prunes instead of adding
          opt.pruneBefore(r[0]);
          ticks.removeIf(t -> runEnd(ticks, t) < r[0]);
        } else {
          opt.add(r[0], r[1]);
          for (long t = r[0]; t <= r[1]; t++) {
            ticks.add(t);
          }
        }
      }
      if (i < queries.size()) {
        long q = queries.get(i);
        Long before = ticks.floor(q);
        Long after = ticks.higher(q);
        assertThat(opt.lastPrivateAtOrBefore(q)).isEqualTo(before == null ? OptOutRanges.NONE : before);
        assertThat(opt.firstPrivateAfter(q)).isEqualTo(after == null ? OptOutRanges.NONE : after);
        assertThat(opt.lastPrivateAtOrBefore(q + 1)).isEqualTo(
            ticks.floor(q + 1) == null ? OptOutRanges.NONE : ticks.floor(q + 1));
      }
    }
  }

  private static long runEnd(TreeSet<Long> ticks, long t) {
    long end = t;
    while (ticks.contains(end + 1)) {
      end++;
    }
    return end;
  }

  private static void checkAgainst(OptOutRanges opt, TreeSet<Long> ticks, List<Long> randomTicks) {
    List<Long> order = new ArrayList<>();
    for (long t = -10; t <= 190; t++) {
      order.add(t);
    }
    order.addAll(randomTicks);
    for (long t : order) {
      Long before = ticks.floor(t);
      Long after = ticks.higher(t);
      assertThat(opt.contains(t)).isEqualTo(ticks.contains(t));
      assertThat(opt.lastPrivateAtOrBefore(t)).as("before %s", t)
          .isEqualTo(before == null ? OptOutRanges.NONE : before);
      assertThat(opt.firstPrivateAfter(t)).as("after %s", t).isEqualTo(after == null ? OptOutRanges.NONE : after);
    }
  }

  /** Pruning with the plan's oldestRelevantTick while sweeping never changes a decision. */
  @Property(tries = 100)
  void pruningAsTheOperatorWouldChangesNothing(
      @ForAll @Scale(3) @DoubleRange(min = 0.02, max = 0.98) double alpha,
      @ForAll @Scale(3) @DoubleRange(min = 0.02, max = 0.98) double beta,
      @ForAll @Scale(3) @DoubleRange(min = 0.05, max = 4) double eps,
      @ForAll @IntRange(min = 0, max = 4) int mechanismIndex,
      @ForAll @Size(max = 8) List<@From("range") long[]> ranges) {
    RedactionPlan plan = plan(alpha, beta, eps, mechanismIndex);
    OptOutRanges pruned = new OptOutRanges();
    OptOutRanges full = new OptOutRanges();
    for (long[] r : ranges) {
      pruned.add(r[0], r[1]);
      full.add(r[0], r[1]);
    }
    for (long t = 0; t <= 200; t++) {
      for (int x = 0; x < 2; x++) {
        assertThat(plan.redactionProbability(t, x, pruned)).isEqualTo(plan.redactionProbability(t, x, full));
      }
      pruned.pruneBefore(plan.oldestRelevantTick(t + 1));
    }
    assertThat(pruned.size()).isLessThanOrEqualTo(full.size());
  }
}
