package org.pufferflow.mechanism.redaction;

import java.io.Serializable;
import java.util.Locale;
import org.pufferflow.chain.BinaryMarkovChain;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.noise.Bernoulli;
import org.pufferflow.noise.KeyedRandom;

/**
 * The per-record streaming rule of correlation-aware redaction (docs/redaction.md, "Streaming contract"; Maßny et
 * al., Sec. IV and Algorithm 1), precomputed once per public configuration {@code (alpha, beta, eps, mechanism,
 * split)} and shared by all subjects (operator level, not per key). Build it with {@link #of}, the one validating
 * factory the configuration layer calls; {@link #threeR} and {@link #mqSymmetric} build from explicit parts.
 *
 * <p>Both sides are designed for an infinite horizon (the last band-M record's successor lies in band S), valid for
 * any stream length: truncation, a missing step (an always-redacted record) and redacting more are post-processing
 * (docs/redaction.md, "Guarantees with proof outlines"). The plan holds {@code r(D, v)} per side for distances
 * {@code D < d_S}; beyond that records are released. Each side's table is made non-increasing in {@code D} (a
 * suffix maximum; a no-op for every design here, tested), so only the NEAREST private tick on each side of a record
 * matters: {@code r_t(x) = max(r_right(t - p_before, x), r_left(p_after - t, x))}, which equals the max rule over all
 * private ticks of docs/redaction.md, "Guarantees with proof outlines" (several private records).
 *
 * <p><b>Per record.</b> {@link #redactionProbability(long, int, OptOutRanges)} reads the subject's opt-out ranges in
 * O(1) amortised, whatever their length; {@link #release(long, int, OptOutRanges, KeyedRandom, String)} draws, only
 * when {@code 0 < r < 1}, ONE keyed coin from the context {@code (MECHANISM_ID = "redaction", subjectId, t)} and
 * releases iff the coin says so ({@code Bernoulli.sample}, exact {@code U < r} redacts). The same key and context
 * give the same decision after a replay, and adding a private tick can only turn a release into a redaction
 * (monotone coupling). Neither method allocates.
 *
 * <p><b>Caller's duties.</b> {@code t} are event-time chain steps ({@code Long.MIN_VALUE} is reserved); a record is
 * decided only when every opt-out that could cover a tick in {@code (t, t + holdBack()]} is known, i.e. records are
 * held back at least {@link #holdBack()} ticks; an opt-out whose first tick is {@link #isTooLate too late} for the
 * last released tick cannot be honoured and must be reported, not silently clipped; ranges ending before
 * {@link #oldestRelevantTick} may be pruned. The guarantee is {@code eps} for each private record (not jointly), for a
 * stationary binary chain with public alpha, beta. Immutable, thread-safe and {@code Serializable}.
 */
public final class RedactionPlan implements Serializable {

  private static final long serialVersionUID = 1L;

  /** The mechanism id of every keyed coin of redaction: the coin of record {@code t} is {@code (id, subject, t)}. */
  public static final String MECHANISM_ID = "redaction";

  /** Largest {@code d_S - 1} a plan may need and largest {@code holdBackTicks} it accepts (the hold-back bound). */
  public static final long MAX_SIDE_TICKS = 1L << 20;

  private final BinaryMarkovChain chain;
  private final double epsilon;
  private final RedactionMechanism mechanism;
  private final BudgetSplit split;
  private final SideRule left;
  private final SideRule right;
  private final boolean leftAllRedacted;
  private final double[] left0;
  private final double[] left1;
  private final double[] right0;
  private final double[] right1;
  /** The configured hold-back H ≥ {@link #holdBack()} (records are held H ticks); {@link #holdBack()} by default. */
  private final long holdBackTicks;

  /** Equal public parameters (α, β, ε, mechanism, split, configured hold-back); the tables follow from them. */
  @Override
  public boolean equals(Object o) {
    return o instanceof RedactionPlan p && p.chain.alpha() == chain.alpha() && p.chain.beta() == chain.beta()
        && p.epsilon == epsilon && p.mechanism == mechanism && p.split.left() == split.left()
        && p.split.right() == split.right() && p.holdBackTicks == holdBackTicks;
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(chain.alpha(), chain.beta(), epsilon, mechanism, holdBackTicks);
  }

  /** This plan with a configured hold-back (copies the tables; nothing is recomputed). */
  private RedactionPlan(RedactionPlan p, long holdBackTicks) {
    this.chain = p.chain;
    this.epsilon = p.epsilon;
    this.mechanism = p.mechanism;
    this.split = p.split;
    this.left = p.left;
    this.right = p.right;
    this.leftAllRedacted = p.leftAllRedacted;
    this.left0 = p.left0;
    this.left1 = p.left1;
    this.right0 = p.right0;
    this.right1 = p.right1;
    this.holdBackTicks = holdBackTicks;
  }

  private RedactionPlan(BinaryMarkovChain chain, double epsilon, RedactionMechanism mechanism, BudgetSplit split,
      SideRule left, SideRule right, boolean leftAllRedacted) {
    this.chain = chain;
    this.epsilon = epsilon;
    this.mechanism = mechanism;
    this.split = split;
    this.left = left;
    this.right = right;
    this.leftAllRedacted = leftAllRedacted;
    this.left0 = table(left, 0);
    this.left1 = table(left, 1);
    this.right0 = table(right, 0);
    this.right1 = table(right, 1);
    this.holdBackTicks = holdBack();
    double l = leftAllRedacted ? 0 : ExactLeakage.sideLeakage(chain, left, LocalRedactionMechanism.UNBOUNDED,
        left.dS());
    double r = ExactLeakage.sideLeakage(chain, right, LocalRedactionMechanism.UNBOUNDED, right.dS());
    if (l > split.left() + 1e-12 || r > split.right() + 1e-12) {
      throw new IllegalStateException("self-check failed: side leakage (" + l + ", " + r + ") exceeds the split");
    }
  }

  /** {@code r(D, v)} for {@code D < d_S}, made non-increasing in D by a suffix maximum (only ever redacts more). */
  private static double[] table(SideRule side, int v) {
    double[] t = new double[Math.toIntExact(side.dS())];
    t[0] = 1;
    for (int d = 1; d < t.length; d++) {
      t[d] = side.redactionProbability(d, v);
    }
    for (int d = t.length - 2; d >= 1; d--) {
      t[d] = Math.max(t[d], t[d + 1]);
    }
    return t;
  }

  /**
   * The streaming plan of a configuration, the one validating factory of a streaming job's redaction; every refusal
   * is an {@link org.pufferflow.common.InvalidParameterException} naming the parameter, the value and the reason:
   *
   * <ul>
   *   <li>{@code alpha}, {@code beta} in (0, 1); {@code epsilon} by {@link PufferPreconditions#checkEpsilon};
   *   <li>{@code split} is null for the default ({@code auto}); a split given with {@code mq} or {@code mq-tight},
   *       which fix their own (ε/2 per side), is refused;
   *   <li>{@code split = right} is refused: it redacts every record before an opt-out, an unbounded hold-back on an
   *       unbounded stream; {@code auto} is {@code half} on a stream (the only split with a bounded hold-back);
   *   <li>{@code holdBackTicks} must be at least {@link #holdBack()} of the plan; the message gives that value;
   *   <li>{@code holdBackTicks} must be at most {@link #MAX_SIDE_TICKS} (the hold-back bound);
   *   <li>a plan needing more than {@link #MAX_SIDE_TICKS} ticks of hold-back or reach is refused.
   * </ul>
   *
   * 3R mechanisms use {@code (eps/2, eps/2)}; {@code mq}/{@code mq-tight} use the two-sided symmetric window of
   * Algorithm 1, radius {@code Delta*(eps/2)} (minus one when tight).
   */
  public static RedactionPlan of(double alpha, double beta, double epsilon, RedactionMechanism mechanism,
      SplitRule split, long holdBackTicks) {
    BinaryMarkovChain chain = BinaryMarkovChain.of(alpha, beta);
    PufferPreconditions.checkEpsilon(RedactionParameters.EPSILON, epsilon);
    PufferPreconditions.checkNotNull(RedactionParameters.MECHANISM, mechanism);
    PufferPreconditions.checkArgument(RedactionParameters.SPLIT, split == null || mechanism.isThreeR(),
        "split = %s: %s fixes its own split (epsilon/2 per side); remove split",
        split == null ? "" : split.configName(), mechanism.configName());
    SplitRule rule = split == null ? SplitRule.DEFAULT : split;
    PufferPreconditions.checkAtLeast(RedactionParameters.HOLD_BACK_TICKS, holdBackTicks, 0);
    PufferPreconditions.checkArgument(RedactionParameters.SPLIT, rule != SplitRule.RIGHT,
        "split = right: puts the whole budget on the right of an opt-out, so every earlier record of the subject "
            + "must stay redacted; on an unbounded stream that is an unbounded hold-back. Use split = half (or "
            + "auto, which is half on a stream)");
    long needed = InfluenceThresholds.dS(chain, epsilon / 2) - 1;
    PufferPreconditions.checkArgument(RedactionParameters.EPSILON, needed <= MAX_SIDE_TICKS,
        "epsilon = %s: the plan would hold back and redact up to %s ticks around an opt-out (more than %s) for "
            + "alpha = %s, beta = %s; raise epsilon", epsilon, needed, MAX_SIDE_TICKS, alpha, beta);
    PufferPreconditions.checkArgument(RedactionParameters.HOLD_BACK_TICKS, holdBackTicks <= MAX_SIDE_TICKS,
        "holdBackTicks = %s: more than %s ticks held back per subject", holdBackTicks, MAX_SIDE_TICKS);
    RedactionPlan plan = mechanism.isThreeR()
        ? threeR(chain, epsilon, BudgetSplit.half(epsilon), mechanism.design())
        : mqSymmetric(chain, epsilon, mechanism.tight());
    if (holdBackTicks < plan.holdBack()) {
      throw PufferPreconditions.invalid(RedactionParameters.HOLD_BACK_TICKS, String.format(Locale.ROOT,
          "holdBackTicks = %d: too small, the plan (mechanism %s, split %s = (%s, %s)) needs holdBackTicks >= %d: "
              + "an opt-out at tick p changes the decisions of the %d records before p, so they must still be held "
              + "when it arrives", holdBackTicks, mechanism.configName(), rule.configName(), plan.split.left(),
          plan.split.right(), plan.holdBack(), plan.holdBack()));
    }
    return new RedactionPlan(plan, holdBackTicks);
  }

  /**
   * The 3R plan with design {@code design} and an explicit split. The right budget must be positive; a left budget
   * of 0 redacts every record before a private one ({@link #holdBack()} unbounded: private ticks must be known in
   * advance).
   */
  static RedactionPlan threeR(BinaryMarkovChain chain, double epsilon, BudgetSplit split, ThreeRDesign design) {
    PufferPreconditions.checkNotNull("chain", chain);
    PufferPreconditions.checkEpsilon(RedactionParameters.EPSILON, epsilon);
    PufferPreconditions.checkNotNull(RedactionParameters.SPLIT, split);
    PufferPreconditions.checkNotNull("design", design);
    PufferPreconditions.checkArgument(RedactionParameters.SPLIT,
        split.total() <= epsilon, "split %s + %s exceeds epsilon = %s", split.left(), split.right(), epsilon);
    PufferPreconditions.checkArgument("right epsilon", split.right() > 0 || chain.lambda() == 0,
        "right epsilon = 0 would redact the whole stream after a private record");
    SideRule right = design.sideRule(RedactionBands.of(chain, split.right(), LocalRedactionMechanism.UNBOUNDED));
    boolean leftAll = split.left() == 0 && chain.lambda() != 0;
    SideRule left = leftAll
        ? SideRule.window(0, 0)
        : design.sideRule(RedactionBands.of(chain, split.left(), LocalRedactionMechanism.UNBOUNDED));
    return new RedactionPlan(chain, epsilon, RedactionMechanism.threeR(design), split, left, right, leftAll);
  }

  /**
   * The two-sided symmetric MQ window (Algorithm 1's stream-friendly branch): radius {@code Delta*(eps/2)} per
   * side, or {@code Delta*(eps/2) - 1} when {@code tight}.
   */
  static RedactionPlan mqSymmetric(BinaryMarkovChain chain, double epsilon, boolean tight) {
    PufferPreconditions.checkNotNull("chain", chain);
    PufferPreconditions.checkEpsilon(RedactionParameters.EPSILON, epsilon);
    long radius = InfluenceThresholds.deltaStar(chain, epsilon / 2) - (tight ? 1 : 0);
    SideRule side = SideRule.window(radius, LocalRedactionMechanism.UNBOUNDED);
    return new RedactionPlan(chain, epsilon, tight ? RedactionMechanism.MQ_TIGHT : RedactionMechanism.MQ,
        BudgetSplit.half(epsilon), side, side, false);
  }

  /**
   * {@code r_t(x)} for record {@code t} given the subject's opt-outs: 1 if {@code t} is private, else the larger of
   * the right rule at the nearest private tick before {@code t} and the left rule at the nearest one after it.
   * O(1) amortised for non-decreasing {@code t}; allocation-free.
   */
  public double redactionProbability(long t, int x, OptOutRanges optOuts) {
    long before = optOuts.lastPrivateAtOrBefore(t);
    if (before == t) {
      return 1;
    }
    double r = 0;
    if (before != OptOutRanges.NONE) {
      long d = t - before; // negative only on overflow, i.e. far beyond any table
      double[] table = x == 0 ? right0 : right1;
      if (d > 0 && d < table.length) {
        r = table[(int) d];
      }
    }
    long after = optOuts.firstPrivateAfter(t);
    if (after != OptOutRanges.NONE) {
      if (leftAllRedacted) {
        return 1;
      }
      long d = after - t;
      double[] table = x == 0 ? left0 : left1;
      if (d > 0 && d < table.length) {
        r = Math.max(r, table[(int) d]);
      }
    }
    return r;
  }

  /**
   * Decides record {@code t} with value {@code x} given the subject's opt-outs: true = release {@code x}, false =
   * emit ⊥. The coin is the keyed stream of context {@code (MECHANISM_ID, subjectId, t)}, drawn only when
   * {@code 0 < r < 1}, so a replay decides identically. Allocation-free.
   */
  public boolean release(long t, int x, OptOutRanges optOuts, KeyedRandom random, String subjectId) {
    return decide(redactionProbability(t, x, optOuts), t, random, subjectId);
  }

  /**
   * {@code r_t(x) = max} over the first {@code count} entries of {@code privateIndices} of the single-p rule (1 if
   * {@code t} is itself private): the explicit-index form of {@link #redactionProbability(long, int, OptOutRanges)},
   * equal to it for the same private ticks. O(count); allocation-free.
   */
  public double redactionProbability(long t, int x, long[] privateIndices, int count) {
    double r = 0;
    for (int i = 0; i < count; i++) {
      long d = t - privateIndices[i];
      if (d == 0) {
        return 1;
      }
      double[] table;
      long dist;
      if (d > 0) {
        table = x == 0 ? right0 : right1;
        dist = d;
      } else {
        dist = -d;
        if (leftAllRedacted) {
          return 1;
        }
        table = x == 0 ? left0 : left1;
      }
      if (dist < table.length) {
        r = Math.max(r, table[(int) dist]);
      }
    }
    return r;
  }

  /** As {@link #release(long, int, OptOutRanges, KeyedRandom, String)} with explicit private indices. */
  public boolean release(long t, int x, long[] privateIndices, int count, KeyedRandom random, String subjectId) {
    return decide(redactionProbability(t, x, privateIndices, count), t, random, subjectId);
  }

  private static boolean decide(double r, long t, KeyedRandom random, String subjectId) {
    if (r <= 0) {
      return true;
    }
    if (r >= 1) {
      return false;
    }
    return !Bernoulli.sample(random.reset(MECHANISM_ID, subjectId, t), r);
  }

  /**
   * {@code W = d_S(eps_l) - 1}: a private tick {@code p} changes the decisions of records {@code p - W .. p - 1},
   * so records must be held back {@code W} ticks; {@link LocalRedactionMechanism#UNBOUNDED} when the left side is
   * fully redacted.
   */
  public long holdBack() {
    return leftAllRedacted ? LocalRedactionMechanism.UNBOUNDED : left0.length - 1;
  }

  /** The configured hold-back H ≥ {@link #holdBack()} (given to {@link #of}; else {@link #holdBack()}). */
  public long holdBackTicks() {
    return holdBackTicks;
  }

  /** {@code d_S(eps_r) - 1}: a private tick {@code p} changes the decisions of records up to {@code p + reach()}. */
  public long reach() {
    return right0.length - 1;
  }

  /** Whether private tick {@code p} can change the decision for record {@code t}. */
  public boolean affects(long p, long t) {
    long d = t - p;
    return d >= 0 ? d <= reach() : leftAllRedacted || -d <= holdBack();
  }

  /**
   * The first tick an opt-out can still protect when every record up to {@code lastReleasedTick} has been decided
   * ({@link OptOutRanges#NONE}: none yet): {@code lastReleasedTick + holdBack() + 1}, since protecting {@code p}
   * needs the {@code holdBack()} records before it undecided. {@code Long.MAX_VALUE} if nothing can be protected
   * any more (left side fully redacted and something already released).
   */
  public long firstProtectableTick(long lastReleasedTick) {
    if (lastReleasedTick == OptOutRanges.NONE) {
      return OptOutRanges.NONE + 1;
    }
    if (leftAllRedacted || lastReleasedTick > Long.MAX_VALUE - holdBack() - 1) {
      return Long.MAX_VALUE;
    }
    return lastReleasedTick + holdBack() + 1;
  }

  /**
   * Whether an opt-out starting at {@code fromTick} comes too late to be honoured in full: some record it would
   * redact, at or after {@code fromTick - holdBack()}, was already released (decided up to
   * {@code lastReleasedTick}). Its ticks from {@link #firstProtectableTick} on can still be protected.
   */
  public boolean isTooLate(long fromTick, long lastReleasedTick) {
    return fromTick < firstProtectableTick(lastReleasedTick);
  }

  /**
   * The oldest private tick that can still change a decision of a record at or after {@code nextUndecidedTick}:
   * {@code nextUndecidedTick - reach()}. Ranges ending before it may be dropped ({@link OptOutRanges#pruneBefore}).
   */
  public long oldestRelevantTick(long nextUndecidedTick) {
    return nextUndecidedTick < OptOutRanges.NONE + reach() + 1
        ? OptOutRanges.NONE + 1
        : nextUndecidedTick - reach();
  }

  public BinaryMarkovChain chain() {
    return chain;
  }

  public double epsilon() {
    return epsilon;
  }

  public RedactionMechanism mechanism() {
    return mechanism;
  }

  public BudgetSplit split() {
    return split;
  }

  /** The left side's rule (meaningless when the left side is fully redacted, see {@link #holdBack()}). */
  public SideRule left() {
    return left;
  }

  public SideRule right() {
    return right;
  }

  /**
   * {@code E[#redacted records]} caused by one isolated private record (itself included); +inf when the left side is
   * fully redacted (the count then grows with p).
   */
  public double expectedRedactionsPerPrivateRecord() {
    return leftAllRedacted
        ? Double.POSITIVE_INFINITY
        : 1 + left.expectedRedactions(chain) + right.expectedRedactions(chain);
  }

  @Override
  public String toString() {
    return "RedactionPlan{" + mechanism.configName() + ", alpha=" + chain.alpha() + ", beta=" + chain.beta()
        + ", epsilon=" + epsilon + ", split=(" + split.left() + ", " + split.right() + "), holdBack=" + holdBack()
        + ", holdBackTicks=" + holdBackTicks + ", reach=" + reach() + "}";
  }
}
