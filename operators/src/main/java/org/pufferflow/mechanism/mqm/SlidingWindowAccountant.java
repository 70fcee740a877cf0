package org.pufferflow.mechanism.mqm;

import java.util.List;
import java.util.function.LongToDoubleFunction;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.noise.DiscreteLaplace;

/**
 * The per-time-point joint accountant of docs/mqm.md, 'Sliding windows' [DERIVED] for uniform sliding windows (W, S)
 * over one subject's unbounded stream. Windows end at W, W+S, W+2S, … and cover {@code [e−W+1, e]}; optionally, partial
 * windows at the stream start end at W−S, W−2S, … ≥ 1, cover {@code [1, e]} and use σ for their length (docs/mqm.md,
 * 'Releasing one window'). Each window's histogram is L-Lipschitz with per-bin Laplace scale β. For a secret at stream
 * position t:
 * <pre>
 *   ε(t) = max_θ min_{a,b} [ Σ_j L·|I_j ∩ N_t(a,b)|/β_j + e_θ({X_{t−a}, X_{t+b}} | X_t) ],
 *   N_t(a,b) = positions t−a+1 … t+b−1 (from 1 when a = NONE, i.e. the left quilt node falls before the stream)
 * </pre>
 * computed with prefix sums of the coverage weight ρ(s) = Σ_{j ∋ s} L/β_j. The right side is always present (the
 * stream is unbounded). Any restriction of the (a,b) search yields a valid upper bound; the search widens its reach
 * until the cost cut-off (cost is non-decreasing, influence non-increasing in a and b) closes it.
 *
 * <p>The steady state (a position far from the stream start; worst case over the S phases) uses the
 * position-independent worst-case influence. {@link #designNoiseScale} is the design rule β = L·⌈W/S⌉·s*(ε*),
 * which guarantees ε* at every time point. {@link #theorem37SteadyStateEpsilon()} is the conservative Theorem 3.7
 * sum, as an option.
 *
 * <p><b>Gaps.</b> {@link #epsilonAt(long, boolean[])} accounts a stream with missing ticks: windows count observed
 * ticks only (the schedule above in <em>rank</em> space), positions are event-time ticks of the one chain, and an
 * unobserved tick carries coverage weight 0 (docs/mqm.md, "Windows over gaps").
 *
 * <p>Caller guarantees (docs/mqm.md, "Sliding windows: the per-time-point accountant"): fresh independent noise
 * per bin and release; the schedule (W, S, β) and Θ fixed independently of the data; at most one state per tick.
 * The instance is immutable.
 */
public final class SlidingWindowAccountant {

  private static final int INITIAL_REACH = 64;
  private static final int MAX_REACH = 1 << 20;

  /**
   * Quilt evaluations one minimisation may spend on the pairwise search (slowly mixing chains, whose optimal quilts
   * are thousands of ticks wide, would need minutes): beyond it a separable model (the approximate modes) switches to
   * {@link SeparableQuiltSearch}, the same minimum in linear work with every sum rounded up; any other model goes on
   * to {@link #REFUSAL_WORK_LIMIT}. Below it the pairwise search runs as always, so every figure that fits stays bit
   * for bit the same.
   */
  static final long PAIRWISE_WORK_LIMIT = 200_000L;

  /** Pair evaluations for one position after which a model that is not separable is refused (about a minute). */
  static final long REFUSAL_WORK_LIMIT = 500_000_000L;

  private final MqmCalibration calibration;
  private final int window;
  private final int slide;
  private final double sensitivity;
  private final double fullWeight;
  /** partialSuffix[s] = Σ over partial windows ending at e ≥ s of L/β(e), for 1 ≤ s < W (0 beyond). */
  private final double[] partialSuffix;
  private final List<QuiltInfluence> models;

  private SlidingWindowAccountant(
      MqmCalibration calibration, int slide, double noiseScale, boolean partial, boolean partialAtOwnScale) {
    this.calibration = calibration;
    this.window = calibration.windowLength();
    this.slide = PufferPreconditions.checkSlide(MqmParameters.SLIDE, slide, window);
    this.sensitivity = calibration.sensitivity();
    PufferPreconditions.checkPositive("noise scale", noiseScale);
    this.fullWeight = sensitivity / noiseScale;
    this.partialSuffix = new double[window + 1];
    if (partial) {
      for (int e = window - slide; e >= 1; e -= slide) {
        partialSuffix[e] += partialAtOwnScale ? sensitivity / calibration.forWindowLength(e).noiseScale()
            : fullWeight;
      }
      for (int s = window - 1; s >= 1; s--) {
        partialSuffix[s] += partialSuffix[s + 1];
      }
    }
    this.models = calibration.starModels();
  }

  /**
   * Accountant for windows released with the calibration's own scale β = L·σ_max(W, ε_w) (the window length W,
   * class, mode, ε_w and L come from {@code calibration}).
   */
  public static SlidingWindowAccountant of(MqmCalibration calibration, int slide, boolean partialWindows) {
    PufferPreconditions.checkNotNull("calibration", calibration);
    return new SlidingWindowAccountant(calibration, slide, calibration.noiseScale(), partialWindows, true);
  }

  /** Accountant for full windows released with an explicit per-bin scale β (e.g. from the design rule). */
  public static SlidingWindowAccountant withNoiseScale(MqmCalibration calibration, int slide, double noiseScale) {
    PufferPreconditions.checkNotNull("calibration", calibration);
    return new SlidingWindowAccountant(calibration, slide, noiseScale, false, false);
  }

  /**
   * Accountant for windows released with an explicit per-bin scale β, partial windows at the stream start
   * included when {@code partialWindows} (released at the same β, as the design rule requires: docs/mqm.md,
   * "Windows over gaps").
   */
  public static SlidingWindowAccountant withNoiseScale(
      MqmCalibration calibration, int slide, double noiseScale, boolean partialWindows) {
    PufferPreconditions.checkNotNull("calibration", calibration);
    return new SlidingWindowAccountant(calibration, slide, noiseScale, partialWindows, false);
  }

  /**
   * The design rule of docs/mqm.md, 'Sliding windows': the per-bin scale β = L·⌈W/S⌉·s*(ε*) (rounded up) that
   * guarantees ε* for every time point of an unbounded stream, where s* is taken from {@code target} (a calibration at
   * ε* for the same class, mode and L). Fails when no two-sided quilt is feasible at ε* (no per-point guarantee is
   * possible).
   */
  public static double designNoiseScale(MqmCalibration target, int window, int slide) {
    PufferPreconditions.checkNotNull("calibration", target);
    PufferPreconditions.checkWindowLength(MqmParameters.WINDOW, window);
    PufferPreconditions.checkSlide(MqmParameters.SLIDE, slide, window);
    double s = target.sStar();
    PufferPreconditions.checkArgument(MqmParameters.EPSILON,
        Double.isFinite(s),
        "epsilon = %s: no Markov quilt is feasible, so no per-time-point guarantee holds on an unbounded stream",
        target.epsilon());
    int m = (window + slide - 1) / slide;
    return Math.nextUp(target.sensitivity() * m * s);
  }

  /** The steady-state per-time-point loss ε_ss (worst case over the S phases and over θ). */
  public double steadyStateEpsilon() {
    double worst = 0;
    for (QuiltInfluence m : models) {
      for (int phase = 0; phase < slide; phase++) {
        worst = Math.max(worst, minimise(m, window + phase, false, s -> rho(s, false)));
      }
    }
    return Math.nextUp(worst);
  }

  /** ε(t) at stream position t ≥ 1 (1-based), accounting every planned window (stream start included). */
  public double epsilonAt(long t) {
    PufferPreconditions.checkAtLeast("t", t, 1);
    PufferPreconditions.checkArgument("t", t <= Integer.MAX_VALUE / 4, "t = %s: too large, use steadyStateEpsilon()",
        t);
    double worst = 0;
    for (QuiltInfluence m : models) {
      worst = Math.max(worst, minimise(m, (int) t, true, s -> rho(s, true)));
    }
    return Math.nextUp(worst);
  }

  /**
   * ε(t) at event-time tick t ≥ 1 of a stream with gaps: {@code observed[s − 1]} says whether tick s carried a
   * state, for s = 1 … observed.length; every later tick is taken as observed (the planned continuation). Windows
   * count observed ticks (full windows end at the W-th, (W+S)-th, … observed tick; partial ones as configured), so
   * an observed tick of rank r has the coverage weight of position r of the gap-free schedule and an unobserved
   * tick has weight 0; quilts and influences are those of the event-time chain (docs/mqm.md, "Windows over gaps").
   * t may be an unobserved tick.
   */
  public double epsilonAt(long t, boolean[] observed) {
    PufferPreconditions.checkNotNull("observed", observed);
    PufferPreconditions.checkAtLeast("t", t, 1);
    PufferPreconditions.checkArgument("t", t <= Integer.MAX_VALUE / 4, "t = %s: too large, use steadyStateEpsilon()",
        t);
    long[] rank = new long[observed.length + 1]; // rank[s] = observed ticks in 1..s
    for (int s = 1; s <= observed.length; s++) {
      rank[s] = rank[s - 1] + (observed[s - 1] ? 1 : 0);
    }
    int n = observed.length;
    LongToDoubleFunction weight = s -> {
      if (s < 1) {
        return 0;
      }
      if (s <= n) {
        return observed[(int) s - 1] ? rho(rank[(int) s], true) : 0;
      }
      return rho(rank[n] + (s - n), true);
    };
    double worst = 0;
    for (QuiltInfluence m : models) {
      worst = Math.max(worst, minimise(m, (int) t, true, weight));
    }
    return Math.nextUp(worst);
  }

  /**
   * The conservative Theorem 3.7 reading (docs/mqm.md, 'Sliding windows' b): ε_w summed over the windows that touch the
   * nearby set of the combined quilt of a secret — here every window uses the interior active quilt (a*, b*) of s*(ε_w)
   * — maximised over the S phases in steady state. Only meaningful for windows released at the calibration's scale.
   */
  public double theorem37SteadyStateEpsilon() {
    ActiveQuilt q = calibration.sStarQuilt();
    PufferPreconditions.checkArgument(MqmParameters.EPSILON, q != null,
        "no two-sided quilt is feasible at epsilon = %s", calibration.epsilon());
    int worst = 0;
    for (int phase = 0; phase < slide; phase++) {
      long t = (long) window * slide + phase;
      // window [e−W+1, e] touches positions t−a+1 … t+b−1 iff t−a+1 ≤ e and e−W+1 ≤ t+b−1.
      long lo = t - q.a() + 1;
      long hi = t + q.b() - 1 + window - 1;
      worst = Math.max(worst, (int) (countEnds(lo, hi)));
    }
    return Math.nextUp(worst * calibration.epsilon());
  }

  /** Number of integers e in [lo, hi] with e ≡ W (mod S). */
  private long countEnds(long lo, long hi) {
    return Math.floorDiv(hi - window, slide) - Math.floorDiv(lo - 1 - window, slide);
  }

  /** Coverage weight of position s; steady state treats the schedule as extending infinitely both ways. */
  private double rho(long s, boolean streamStart) {
    if (streamStart) {
      if (s < 1) {
        return 0;
      }
      long nHi = Math.floorDiv(s - 1, slide);
      long nLo = Math.max(0, -Math.floorDiv(-(s - window), slide));
      long full = Math.max(0, nHi - nLo + 1);
      double partial = s < window ? partialSuffix[(int) s] : 0;
      return full * fullWeight + partial;
    }
    // #{n ∈ Z : s ≤ W + nS ≤ s + W − 1} = ⌊(s−1)/S⌋ − ⌈(s−W)/S⌉ + 1
    long full = Math.floorDiv(s - 1, slide) + Math.floorDiv(-(s - window), slide) + 1;
    return full * fullWeight;
  }

  private double minimise(QuiltInfluence m, int t, boolean streamStart, LongToDoubleFunction weight) {
    double best = Double.POSITIVE_INFINITY;
    long work = 0;
    for (int reach = INITIAL_REACH; ; reach *= 4) {
      long lo = streamStart ? Math.max(1, (long) t - reach) : (long) t - reach;
      long hi = (long) t + reach;
      double[] prefix = new double[(int) (hi - lo + 2)]; // prefix[x − lo + 1] = Σ_{lo..x} ρ
      for (long s = lo; s <= hi; s++) {
        prefix[(int) (s - lo + 1)] = prefix[(int) (s - lo)] + weight.applyAsDouble(s);
      }
      boolean edge = false;
      for (int ap = 1; ; ap++) {
        boolean none = streamStart && ap == t;
        if (ap > reach) {
          edge = true;
          break;
        }
        if (cost(prefix, lo, t, ap, 1) >= best) {
          break;
        }
        int a = none ? QuiltInfluence.NONE : ap;
        for (int b = 1; ; b++) {
          if (b > reach) {
            edge = true;
            break;
          }
          double c = cost(prefix, lo, t, ap, b);
          if (c >= best) {
            break;
          }
          if (++work > PAIRWISE_WORK_LIMIT && m.separable()) {
            return SeparableQuiltSearch.minimum(m, t, streamStart, weight, MAX_REACH);
          }
          if (work > REFUSAL_WORK_LIMIT) {
            throw beyondPairwise();
          }
          double e = streamStart ? m.influence(t, a, b) : m.worstCaseInfluence(a, b);
          if (c + e < best) {
            best = c + e;
          }
        }
        if (none) {
          break;
        }
      }
      if (!edge || reach >= MAX_REACH) {
        return best;
      }
    }
  }

  private RuntimeException beyondPairwise() {
    return PufferPreconditions.invalid(MqmParameters.EPSILON, "epsilon = " + calibration.epsilon()
        + ": the per-time-point accountant would need more than " + REFUSAL_WORK_LIMIT
        + " quilt evaluations per position for this chain"
        + " (window = " + window + ", slide = " + slide + "; a slowly mixing chain): use an approximate mode"
        + " (approx-general or approx-reversible), whose search is linear, or a per-release epsilon");
  }

  /** Σ ρ over positions t−a'+1 … t+b−1 (from lo when the left side reaches the stream start). */
  private static double cost(double[] prefix, long lo, int t, int ap, int b) {
    long from = Math.max(lo, (long) t - ap + 1);
    long to = (long) t + b - 1;
    return prefix[(int) (to - lo + 1)] - prefix[(int) (from - lo)];
  }

  public int window() {
    return window;
  }

  public int slide() {
    return slide;
  }

  /** Relative step by which the design-rule scale is raised until the accountant certifies ε*. */
  static final double DESIGN_SCALE_STEP = 0x1.0p-40;

  /**
   * The design-rule scale β = L·⌈W/S⌉·s*(ε*), raised in relative steps of 2^-40 until the accountant, which rounds
   * every loss up, certifies a steady-state per-time-point loss ≤ ε*: s* is computed in floating point, so β from
   * the formula alone can certify ε*·(1 + a few ulps). Public configuration only; runs once per build.
   */
  static double certifiedDesignScale(MqmCalibration target, int slide, boolean partialWindows) {
    double beta = designNoiseScale(target, target.windowLength(), slide);
    for (int i = 0; i < 64 && Double.isFinite(beta); i++) {
      double loss = withNoiseScale(target, slide, beta, partialWindows).steadyStateEpsilon();
      if (loss <= target.epsilon()) {
        return beta;
      }
      beta = Math.nextUp(beta * (1 + DESIGN_SCALE_STEP));
    }
    throw PufferPreconditions.invalid(MqmParameters.EPSILON, "epsilon = " + target.epsilon()
        + ": the design-rule scale " + beta + " does not certify the per-time-point target (window = "
        + target.windowLength() + ", slide = " + slide + ")");
  }

  /**
   * The per-bin scales of a window schedule, scale[len] for len in 1..W (only the lengths it releases are filled):
   * the design rule's certified scale for every window, or each length's own calibration (per release).
   */
  static double[] scheduleScales(MqmCalibration c, int slide, boolean partialWindows, boolean designRule) {
    int window = c.windowLength();
    double[] scale = new double[window + 1];
    double full = designRule
        ? PufferPreconditions.checkNoiseScale(
            "MQM design-rule per-bin scale L*ceil(W/S)*s* (epsilon = " + c.epsilon() + ", window = " + window
                + ", slide = " + slide + ")",
            certifiedDesignScale(c, slide, partialWindows), Double.MIN_VALUE, DiscreteLaplace.MAX_SCALE)
        : c.noiseScale();
    scale[window] = full;
    if (partialWindows) {
      for (int len = window - slide; len >= 1; len -= slide) {
        scale[len] = designRule ? full : c.forWindowLength(len).noiseScale();
      }
    }
    return scale;
  }
}
