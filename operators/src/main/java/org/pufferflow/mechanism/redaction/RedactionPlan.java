package org.pufferflow.mechanism.redaction;

import org.pufferflow.chain.BinaryMarkovChain;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.noise.Bernoulli;
import org.pufferflow.noise.KeyedRandom;

/**
 * The per-record streaming rule of redaction.md §6, precomputed once per public configuration
 * {@code (alpha, beta, eps, split, design)} and shared by all subjects (broadcast/operator level, not per key).
 *
 * <p>Both sides are designed for an infinite horizon (the last M record's {@code t_+} lies in S), which is valid for
 * any stream length: truncation, a missing step (an always-redacted record) and redacting more are post-processing
 * (§2.6). The tables hold {@code r(D, v)} for distances {@code D < d_S} per side; beyond that records are released.
 *
 * <p>Per record: {@link #redactionProbability} takes the record's chain-step index {@code t}, its value and the
 * private indices that may affect it, and returns {@code r_t(x_t) = max_p r_t^(p)(x_t)} (the max rule of §3.10);
 * {@link #release} draws ONE keyed coin {@code U} for the record (context {@code (mechanismId, subjectId, t)}) and
 * releases iff {@code U >= r}, a monotone coupling: the same key and context give the same decision after a replay,
 * and adding a private index can only turn a release into a redaction. Neither method allocates. The coin is drawn
 * only when {@code 0 < r < 1}.
 *
 * <p>What the operator must guarantee: {@code t} are event-time chain steps; every private index within
 * {@link #holdBack()} steps after a record is known before that record is decided (hold records back by
 * {@code holdBack()} steps, or know private indices in advance); a private index stays active while
 * {@code t - p <= reach()}. Per-subject state is {@code t}, the active private indices and the hold-back buffer.
 * The guarantee is {@code eps} for each private record, for the binary stationary chain with public alpha, beta.
 */
public final class RedactionPlan {

  private final BinaryMarkovChain chain;
  private final double epsilon;
  private final BudgetSplit split;
  private final SideRule left;
  private final SideRule right;
  private final boolean leftAllRedacted;
  private final double[] left0;
  private final double[] left1;
  private final double[] right0;
  private final double[] right1;

  private RedactionPlan(BinaryMarkovChain chain, double epsilon, BudgetSplit split, SideRule left, SideRule right,
      boolean leftAllRedacted) {
    this.chain = chain;
    this.epsilon = epsilon;
    this.split = split;
    this.left = left;
    this.right = right;
    this.leftAllRedacted = leftAllRedacted;
    this.left0 = table(left, 0);
    this.left1 = table(left, 1);
    this.right0 = table(right, 0);
    this.right1 = table(right, 1);
    double l = leftAllRedacted ? 0 : ExactLeakage.sideLeakage(chain, left, LocalRedactionMechanism.UNBOUNDED,
        left.dS());
    double r = ExactLeakage.sideLeakage(chain, right, LocalRedactionMechanism.UNBOUNDED, right.dS());
    if (l > split.left() + 1e-12 || r > split.right() + 1e-12) {
      throw new IllegalStateException("self-check failed: side leakage (" + l + ", " + r + ") exceeds the split");
    }
  }

  private static double[] table(SideRule side, int v) {
    double[] t = new double[Math.toIntExact(side == null ? 1 : side.dS())];
    t[0] = 1;
    for (int d = 1; d < t.length; d++) {
      t[d] = side.redactionProbability(d, v);
    }
    return t;
  }

  /**
   * The 3R plan (§3.1, §6) with design {@code design} and split {@code split}. The right budget must be positive;
   * a left budget of 0 redacts every record before a private one (needs the private indices in advance).
   */
  public static RedactionPlan threeR(BinaryMarkovChain chain, double epsilon, BudgetSplit split, ThreeRDesign design) {
    PufferPreconditions.checkNotNull("chain", chain);
    PufferPreconditions.checkEpsilon("epsilon", epsilon);
    PufferPreconditions.checkNotNull("split", split);
    PufferPreconditions.checkNotNull("design", design);
    PufferPreconditions.checkArgument(
        split.total() <= epsilon, "split %s + %s exceeds epsilon = %s", split.left(), split.right(), epsilon);
    PufferPreconditions.checkArgument(split.right() > 0 || chain.lambda() == 0,
        "right epsilon = 0 would redact the whole stream after a private record");
    SideRule right = design.sideRule(RedactionBands.of(chain, split.right(), LocalRedactionMechanism.UNBOUNDED));
    boolean leftAll = split.left() == 0 && chain.lambda() != 0;
    SideRule left = leftAll
        ? SideRule.window(0, 0)
        : design.sideRule(RedactionBands.of(chain, split.left(), LocalRedactionMechanism.UNBOUNDED));
    return new RedactionPlan(chain, epsilon, split, left, right, leftAll);
  }

  /**
   * The two-sided symmetric MQ window (Algorithm 1's stream-friendly branch, §6): radius {@code Delta*(eps/2)} per
   * side, or {@code Delta*(eps/2) - 1} when {@code tight}.
   */
  public static RedactionPlan mqSymmetric(BinaryMarkovChain chain, double epsilon, boolean tight) {
    PufferPreconditions.checkNotNull("chain", chain);
    PufferPreconditions.checkEpsilon("epsilon", epsilon);
    long radius = InfluenceThresholds.deltaStar(chain, epsilon / 2) - (tight ? 1 : 0);
    SideRule side = SideRule.window(radius, LocalRedactionMechanism.UNBOUNDED);
    return new RedactionPlan(chain, epsilon, BudgetSplit.half(epsilon), side, side, false);
  }

  /**
   * {@code r_t(x) = max} over the first {@code count} entries of {@code privateIndices} of the single-p rule
   * (1 if {@code t} is itself private). Allocation-free.
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
        double q = table[(int) dist];
        if (q > r) {
          r = q;
          if (r >= 1) {
            return 1;
          }
        }
      }
    }
    return r;
  }

  /**
   * Decides record {@code t} with value {@code x}: true = release {@code x}, false = emit ⊥. The coin is the keyed
   * stream of context {@code (mechanismId, subjectId, t)}, so a replay decides identically. Allocation-free.
   */
  public boolean release(long t, int x, long[] privateIndices, int count, KeyedRandom random, String mechanismId,
      String subjectId) {
    double r = redactionProbability(t, x, privateIndices, count);
    if (r <= 0) {
      return true;
    }
    if (r >= 1) {
      return false;
    }
    return !Bernoulli.sample(random.reset(mechanismId, subjectId, t), r);
  }

  /**
   * {@code W_l = d_S(eps_l) - 1}: how many later steps can still make a record redacted (hold-back of mode (b));
   * {@link LocalRedactionMechanism#UNBOUNDED} when the left side is fully redacted.
   */
  public long holdBack() {
    return leftAllRedacted ? LocalRedactionMechanism.UNBOUNDED : left0.length - 1;
  }

  /** {@code d_S(eps_r) - 1}: a private index {@code p} affects records up to {@code p + reach()}. */
  public long reach() {
    return right0.length - 1;
  }

  /** Whether private index {@code p} can change the decision for record {@code t}. */
  public boolean affects(long p, long t) {
    long d = t - p;
    return d >= 0 ? d <= reach() : leftAllRedacted || -d <= holdBack();
  }

  public BinaryMarkovChain chain() {
    return chain;
  }

  public double epsilon() {
    return epsilon;
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
}
