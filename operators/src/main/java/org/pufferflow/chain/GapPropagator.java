package org.pufferflow.chain;

import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.common.VisibleForTesting;

/**
 * p·M^g for a gap of g ≥ 1 ticks with cost bounded independently of g (docs/dphmm.md, "Gaps").
 *
 * <p><b>Small chains</b> (N ≤ {@link #SQUARING_MAX_STATES}) and gaps g ≥ {@link #SQUARING_MIN_GAP}: repeated
 * squaring. The dense powers M^(2^k) are built lazily, once per propagator, up to the highest bit of the longest gap
 * seen (at most 63 levels of N² doubles, N³ work each); p·M^g is then the product of p with the powers of the set
 * bits of g: O(N² log g) per call, exact up to rounding for every chain (periodic and reducible included). Each
 * square's rows are renormalised to sum 1 (as they do exactly), so the error stays additive, a few ulps per level,
 * instead of doubling with each squaring.
 *
 * <p><b>Other chains and shorter gaps</b>: the iterates p_t = p·M^t are computed one product at a time, and the
 * loop stops early by one of two rules:
 *
 * <ol>
 *   <li><b>Exact cycle.</b> The floating-point iteration p_{t+1} = fl(p_t·M) is a deterministic map on a finite
 *       set, so it eventually cycles; for a convergent chain it settles on a fixed point (cycle length 1, seen as
 *       δ_t = 0 below), for a periodic chain on a cycle of the period (e.g. [[0,1],[1,0]]: length 2). Brent's cycle
 *       detection (one saved iterate, compared bit for bit after each product, replaced at steps 2^k) finds longer
 *       cycles; then p_g = p_{t + ((g − t) mod λ)}, bit-for-bit the value g products would give.
 *   <li><b>Tolerance.</b> M is stochastic, hence non-expansive in ℓ1 (‖xM − yM‖₁ ≤ ‖x − y‖₁), so the step sizes
 *       δ_t = ‖p_t − p_{t−1}‖₁ never increase and every remaining step moves the iterate by at most δ_t. Once
 *       (g − t)·δ_t ≤ {@link #TOLERANCE}, p_t is returned: ‖p_t − p·M^g‖₁ ≤ 10^-12 in exact arithmetic.
 *   <li><b>Certified horizon.</b> For g ≥ {@link #HORIZON_MIN_GAP} the chain is certified once
 *       ({@link SpectralBounds}); when g is at least the certified saturation horizon ({@link #horizon()}) no
 *       product is computed and the certified estimate π̂ of π is returned: ‖π̂ − p·M^g‖₁ ≤
 *       {@link #HORIZON_TOLERANCE}, floating-point error included, for every p.
 * </ol>
 *
 * <p>Periodic and reducible chains need no special case: neither rule assumes ergodicity (rule 1 reproduces the
 * cycle exactly, rule 2 only uses stochasticity). Work is O((t* + λ)·(N + nnz)) where t* is the step at which one
 * rule fires (for a chain that mixes, about the number of steps to reach a floating-point fixed point), never more
 * than g products. The result is public-model arithmetic: the prior of the next release, never a privacy cost.
 *
 * <p>Not thread-safe (it owns three N-vectors of scratch and the lazily built powers); allocates nothing per call
 * except when a gap longer than any before needs a new level of squares (at most 63 times over its life).
 */
public final class GapPropagator {

  /** ℓ1 bound on the error of an early stop by the tolerance rule. */
  public static final double TOLERANCE = 1e-12;

  /** Chains with at most this many states use repeated squaring for long gaps (63 levels of N² doubles ≤ 8 MB). */
  public static final int SQUARING_MAX_STATES = 128;

  /** Gaps from this length on use repeated squaring on small chains (shorter ones: plain products, bit-exact). */
  public static final long SQUARING_MIN_GAP = 64;

  /**
   * Certified ℓ1 bound, rounding included, on the error of the horizon rule (return π̂ for g ≥ the certified
   * saturation horizon; docs/dphmm.md, "Certified saturation horizon").
   */
  public static final double HORIZON_TOLERANCE = 1e-9;

  /**
   * The Chebyshev rule's tolerance where only the support of p·M^g decides anything (the exact-support constraint:
   * docs/dphmm.md, 'Gaps below the horizon: Chebyshev').
   */
  public static final double CHEBYSHEV_TOLERANCE = 1e-6;

  /**
   * With the Chebyshev rule on, gaps from this length on may use it (and the horizon rule), the certification being
   * done at the first of them; d ≈ √(2g·ln(1/tolerance)) products are fewer than g from about here on.
   */
  public static final long CHEBYSHEV_MIN_GAP = 256;

  /** Gaps from this length on may use the horizon rule; shorter gaps never trigger the (one-off) certification. */
  public static final long HORIZON_MIN_GAP = 1024;

  /**
   * Chains whose certification needs more than this many multiply-adds per factorization (about 30 of them) never
   * use the horizon rule: the lazy 100 × 100 grid needs 10⁸, a dense 2,000-state chain 2.7·10⁹.
   */
  public static final long HORIZON_MAX_WORK = 200_000_000L;

  private final TransitionMatrix m;
  private final int n;
  private final double[] a;
  private final double[] b;
  private final double[] saved;
  private final double[][] squares; // squares[k] = M^(2^k), row-major N×N, built lazily; null: no squaring
  private long products; // for tests: products computed by the last call
  private boolean certified; // the horizon below has been computed (certification attempted)
  private long horizon = Long.MAX_VALUE; // g ≥ horizon: ‖p·M^g − π̂‖₁ ≤ HORIZON_TOLERANCE for every p
  private double[] stationary; // π̂ of SpectralBounds, when the horizon is finite
  private final double chebyshevTolerance; // ℓ1 bound of the Chebyshev rule (0: never)
  private ChebyshevGap chebyshev; // with the certificate, when the horizon is finite

  /** Without the Chebyshev rule: every result within {@link #HORIZON_TOLERANCE} of exact, or closer. */
  public GapPropagator(TransitionMatrix m) {
    this(m, SQUARING_MAX_STATES, 0.0);
  }

  /**
   * With the Chebyshev rule for gaps from {@link #HORIZON_MIN_GAP} to the horizon on certified chains, used when its
   * certified ℓ1 bound is at most {@code chebyshevTolerance} (e.g. {@link #CHEBYSHEV_TOLERANCE} where only the
   * support of the result decides anything, {@link #HORIZON_TOLERANCE} where its values do).
   */
  public GapPropagator(TransitionMatrix m, double chebyshevTolerance) {
    this(m, SQUARING_MAX_STATES, chebyshevTolerance);
  }

  /** With repeated squaring for chains of at most {@code squaringMaxStates} states (0: never; for tests). */
  @VisibleForTesting
  GapPropagator(TransitionMatrix m, int squaringMaxStates) {
    this(m, squaringMaxStates, 0.0);
  }

  @VisibleForTesting
  GapPropagator(TransitionMatrix m, int squaringMaxStates, double chebyshevTolerance) {
    this.chebyshevTolerance = PufferPreconditions.checkNonNegative("chebyshevTolerance", chebyshevTolerance);
    this.m = PufferPreconditions.checkNotNull("transition", m);
    this.n = m.size();
    this.a = new double[n];
    this.b = new double[n];
    this.saved = new double[n];
    this.squares = n <= squaringMaxStates ? new double[63][] : null;
  }

  /**
   * out = p·M^g (within {@link #TOLERANCE} in ℓ1 when the tolerance rule stops early; bit-exact when a cycle is
   * found or no rule fires). {@code p} is left unchanged; {@code p} and {@code out} may be the same array.
   */
  public void propagate(double[] p, long g, double[] out) {
    PufferPreconditions.checkAtLeast("gap", g, 1);
    PufferPreconditions.checkLength("p", p.length, n);
    PufferPreconditions.checkLength("out", out.length, n);
    products = 0;
    if (squares != null && g >= SQUARING_MIN_GAP) {
      bySquaring(p, g, out);
      return;
    }
    long minGap = chebyshevTolerance > 0 ? CHEBYSHEV_MIN_GAP : HORIZON_MIN_GAP;
    if (g >= minGap && g >= horizon()) {
      System.arraycopy(stationary, 0, out, 0, n);
      return;
    }
    if (g >= minGap && chebyshev != null && chebyshev.propagate(p, g, chebyshevTolerance, out)) {
      products = chebyshev.lastDegree();
      return;
    }
    double[] cur = a;
    double[] next = b;
    System.arraycopy(p, 0, cur, 0, n);
    System.arraycopy(p, 0, saved, 0, n);
    long savedStep = 0;
    long power = 1;
    long t = 0;
    while (t < g) {
      m.multiplyLeft(cur, next);
      products++;
      t++;
      double[] swap = cur;
      cur = next;
      next = swap;
      if (t == g) {
        break;
      }
      if (sameBits(cur, saved)) {
        long lambda = t - savedStep;
        long rest = (g - t) % lambda;
        for (long s = 0; s < rest; s++) {
          m.multiplyLeft(cur, next);
          products++;
          swap = cur;
          cur = next;
          next = swap;
        }
        break;
      }
      double delta = l1Distance(cur, next); // next holds p_{t−1}
      if (delta == 0 || delta * (double) (g - t) <= TOLERANCE) {
        break; // δ_t = 0: a fixed point (a cycle of length 1, found without waiting for Brent's checkpoint);
               // else δ_t bounds every remaining step
      }
      if (t - savedStep == power) {
        System.arraycopy(cur, 0, saved, 0, n);
        savedStep = t;
        power <<= 1;
      }
    }
    System.arraycopy(cur, 0, out, 0, n);
  }

  /**
   * The certified saturation horizon h (docs/dphmm.md, "Certified saturation horizon"), computed once: with a lower
   * bound γ on the gap of M·M* and π_min on π_min ({@link SpectralBounds}), every p has
   * ‖p·M^g − π‖₁ ≤ √((1 − π_min)/π_min)·(1 − γ)^{g/2} ≤ √(1/π_min)·e^{−γg/2}, and ‖π̂ − π‖₁ ≤ e_π; h is the
   * first g at which the sum is at most {@link #HORIZON_TOLERANCE}. Long.MAX_VALUE when the chain cannot be
   * certified (periodic, reducible, gap too small), when e_π is above half the tolerance, or when one factorization
   * of the certification would exceed {@link #HORIZON_MAX_WORK} multiply-adds.
   */
  @VisibleForTesting
  long horizon() {
    if (!certified) {
      certified = true;
      if (SpectralBounds.factorizationWork(m) > HORIZON_MAX_WORK) {
        return horizon; // the one-off certification would cost more than stepping is likely to
      }
      try {
        SpectralBounds b = SpectralBounds.certify(m);
        double tolerance = Math.max(HORIZON_TOLERANCE, chebyshevTolerance);
        double budget = tolerance - b.stationaryL1Error();
        double gamma = b.gapPPStarLowerBound();
        if (budget >= tolerance / 2 && gamma > 0) {
          // g ≥ 2·(ln √(1/π_min) − ln budget)/γ, with a relative margin for the rounding of this formula
          double need = 2 * (0.5 * Math.log(1 / b.piMinLowerBound()) - Math.log(budget)) / gamma;
          double h = Math.ceil(need * (1 + 1e-9)) + 1;
          if (h < Long.MAX_VALUE / 2) {
            horizon = (long) h;
            stationary = b.stationaryEstimate();
            chebyshev = chebyshevTolerance > 0 ? new ChebyshevGap(m, b) : null;
          }
        }
      } catch (IllegalArgumentException e) {
        horizon = Long.MAX_VALUE; // no certificate: the product rules alone
      }
    }
    return horizon;
  }

  /** out = p·M^g as the product of p with M^(2^k) for the set bits k of g. */
  private void bySquaring(double[] p, long g, double[] out) {
    int top = 63 - Long.numberOfLeadingZeros(g);
    for (int k = 0; k <= top; k++) {
      if (squares[k] == null) {
        squares[k] = k == 0 ? dense() : square(squares[k - 1]);
      }
    }
    double[] cur = a;
    double[] next = b;
    System.arraycopy(p, 0, cur, 0, n);
    for (int k = 0; k <= top; k++) {
      if ((g >>> k & 1) != 0) {
        double[] sq = squares[k];
        java.util.Arrays.fill(next, 0.0);
        for (int i = 0; i < n; i++) {
          double pi = cur[i];
          if (pi == 0) {
            continue;
          }
          for (int j = 0, o = i * n; j < n; j++) {
            next[j] += pi * sq[o + j];
          }
        }
        products++;
        double[] swap = cur;
        cur = next;
        next = swap;
      }
    }
    System.arraycopy(cur, 0, out, 0, n);
  }

  private double[] dense() {
    double[] d = new double[n * n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        d[i * n + j] = m.get(i, j);
      }
    }
    return d;
  }

  private double[] square(double[] x) {
    double[] y = new double[n * n];
    for (int i = 0; i < n; i++) {
      for (int l = 0; l < n; l++) {
        double xil = x[i * n + l];
        if (xil == 0) {
          continue;
        }
        for (int j = 0, o = l * n; j < n; j++) {
          y[i * n + j] += xil * x[o + j];
        }
      }
      // rows of M^(2^k) sum to 1 exactly; without renormalising, the row-sum error would double per squaring
      double sum = 0;
      for (int j = 0; j < n; j++) {
        sum += y[i * n + j];
      }
      for (int j = 0; j < n; j++) {
        y[i * n + j] /= sum;
      }
    }
    return y;
  }

  /** Number of vector–matrix products the last {@link #propagate} computed (for tests). */
  @VisibleForTesting
  long lastProducts() {
    return products;
  }

  private boolean sameBits(double[] x, double[] y) {
    for (int i = 0; i < n; i++) {
      if (Double.doubleToRawLongBits(x[i]) != Double.doubleToRawLongBits(y[i])) {
        return false;
      }
    }
    return true;
  }

  private double l1Distance(double[] x, double[] y) {
    double s = 0;
    for (int i = 0; i < n; i++) {
      s += Math.abs(x[i] - y[i]);
    }
    return s;
  }
}
