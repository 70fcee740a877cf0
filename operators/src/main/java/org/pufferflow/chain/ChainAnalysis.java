package org.pufferflow.chain;

import java.util.Arrays;
import org.ejml.data.Complex_F64;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.SingularOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.pufferflow.common.ModelPreconditions;
import org.pufferflow.common.PufferPreconditions;

/**
 * Stationary and spectral quantities of a finite Markov chain (docs/mqm.md, 'What is protected'; 003 Lemma 2.3; 000
 * Condition 4.6): the stationary distribution π, π_min, the time reversal P*, the eigen-gap of P (1 − |λ₂(P)|), the
 * eigen-gap of P·P* (1 − s₂(D^{1/2} P D^{-1/2})²), the reversibility (detailed-balance) check, and the n-step powers
 * and marginals. Irreducibility and the period (ergodicity) are {@link Ergodicity}'s; π needs an irreducible chain.
 *
 * <p>Matrices are rows of a row-stochastic matrix, {@code P[x][y] = Pr(X_{t+1}=y | X_t=x)}, validated by
 * {@link PufferPreconditions#checkStochasticMatrix}. The static methods are the building blocks; {@link #of} bundles
 * all quantities of one irreducible chain, its period included, in an immutable object (computed once, shared by
 * DPHMM and MQM).
 *
 * <p>Caller guarantee: P is public prior knowledge (docs/mqm.md, 'Spec notes and errata' item 12); nothing here touches
 * private data.
 */
public final class ChainAnalysis {

  /**
   * Tolerance of the reversibility (detailed-balance) check, docs/mqm.md, 'Spec notes and errata' item 1 and the
   * addendum.
   */
  public static final double REVERSIBILITY_TOLERANCE = 1e-12;

  private final double[][] p;
  private final double[] pi;
  private final double piMin;
  private final double[][] reversal;
  private final double gapP;
  private final double gapPPStar;
  private final boolean reversible;
  private final int period;

  private ChainAnalysis(double[][] p) {
    this.p = copy(p);
    this.pi = stationary(p);
    this.piMin = piMin(pi);
    this.reversal = timeReversal(p, pi);
    this.gapP = eigenGap(p);
    this.gapPPStar = eigenGapOfPPStar(p, pi);
    this.reversible = isReversible(p, pi);
    this.period = Ergodicity.period(p);
  }

  /**
   * Analyses an irreducible chain (named "P" in error messages). Aperiodicity is not required here; call
   * {@link Ergodicity#checkErgodic(String, double[][])} where a mode needs it.
   */
  public static ChainAnalysis of(double[][] p) {
    return new ChainAnalysis(p);
  }

  /** Analyses a {@link TransitionMatrix}. */
  public static ChainAnalysis of(TransitionMatrix m) {
    return new ChainAnalysis(m.toArray());
  }

  /** Validates that {@code p} is a row-stochastic square matrix. */
  public static double[][] checkStochastic(String name, double[][] p) {
    return TransitionMatrices.checkStochastic(name, p);
  }

  /**
   * Chains above this many states get π from {@link StationaryBound}'s estimate (detailed balance along a spanning
   * tree for a reversible chain, O(N + nnz); else the dense solve up to 1000 states, else power iteration) instead
   * of the O(k³) dense solve.
   */
  public static final int SPARSE_ESTIMATE_MIN_STATES = 200;

  /**
   * The stationary distribution π (πP = π, Σπ = 1) of an irreducible chain, solved with EJML as the linear system
   * (Pᵀ − I)π = 0 with one equation replaced by Σπ = 1 (for more than {@link #SPARSE_ESTIMATE_MIN_STATES} states:
   * the sparse estimate of {@link StationaryBound}). Rejects matrices that are not row-stochastic or not
   * irreducible (π would not be unique).
   */
  public static double[] stationary(double[][] p) {
    Ergodicity.checkIrreducible("P", p);
    if (p.length > SPARSE_ESTIMATE_MIN_STATES) {
      SparseRows rows = SparseRows.of(p);
      return StationaryBound.estimate(rows, rows.transpose());
    }
    return denseStationary(p);
  }

  /** The dense EJML solve of {@link #stationary(double[][])} for an irreducible chain (not re-validated). */
  static double[] denseStationary(double[][] p) {
    int k = p.length;
    DMatrixRMaj a = new DMatrixRMaj(k, k);
    for (int x = 0; x < k; x++) {
      for (int y = 0; y < k; y++) {
        a.set(y, x, p[x][y] - (x == y ? 1.0 : 0.0));
      }
    }
    DMatrixRMaj b = new DMatrixRMaj(k, 1);
    for (int x = 0; x < k; x++) {
      a.set(k - 1, x, 1.0);
    }
    b.set(k - 1, 0, 1.0);
    DMatrixRMaj sol = new DMatrixRMaj(k, 1);
    boolean ok = CommonOps_DDRM.solve(a, b, sol);
    PufferPreconditions.checkArgument("P", ok, "P: stationary system is singular (chain not irreducible?)");
    double[] pi = new double[k];
    double sum = 0;
    for (int x = 0; x < k; x++) {
      pi[x] = Math.max(0.0, sol.get(x, 0));
      sum += pi[x];
    }
    for (int x = 0; x < k; x++) {
      pi[x] /= sum;
    }
    return pi;
  }

  /**
   * The stationary distribution of a {@link TransitionMatrix}, the same value as {@link #stationary(double[][])}
   * of its rows; above {@link #SPARSE_ESTIMATE_MIN_STATES} states read from its non-zero entries only (no N × N
   * copy of a sparse matrix).
   */
  public static double[] stationary(TransitionMatrix m) {
    PufferPreconditions.checkNotNull("P", m);
    if (m.size() <= SPARSE_ESTIMATE_MIN_STATES) {
      return stationary(m.toArray());
    }
    SparseRows rows = SparseRows.of(m);
    Ergodicity.checkIrreducible(rows);
    return StationaryBound.estimate(rows, rows.transpose());
  }

  /** π_min = min_x π(x). */
  public static double piMin(double[] pi) {
    double m = Double.POSITIVE_INFINITY;
    for (double v : pi) {
      m = Math.min(m, v);
    }
    return m;
  }

  /** The time reversal P*[x][y] = π(y)·P[y][x]/π(x) (docs/mqm.md, 'What is protected'). Requires π > 0. */
  public static double[][] timeReversal(double[][] p, double[] pi) {
    int k = p.length;
    double[][] r = new double[k][k];
    for (int x = 0; x < k; x++) {
      for (int y = 0; y < k; y++) {
        r[x][y] = pi[y] * p[y][x] / pi[x];
      }
    }
    return r;
  }

  /** Detailed balance: max |π_x P[x,y] − π_y P[y,x]| < {@link #REVERSIBILITY_TOLERANCE}. */
  public static boolean isReversible(double[][] p, double[] pi) {
    return detailedBalanceViolation(p, pi) == null;
  }

  /**
   * {@link #isReversible(double[][], double[])} of a {@link TransitionMatrix}, the same answer read off its non-zero
   * entries (a pair with P[x][y] = P[y][x] = 0 is balanced), O(N + nnz·log) for a sparse matrix.
   */
  public static boolean isReversible(TransitionMatrix m, double[] pi) {
    return StationaryBound.detailedBalanceHolds(SparseRows.of(m), pi, false);
  }

  /**
   * The first pair {@code {x, y}} (x &lt; y, row-major order) where detailed balance fails by
   * {@link #REVERSIBILITY_TOLERANCE} or more, or {@code null} when the chain is reversible.
   */
  public static int[] detailedBalanceViolation(double[][] p, double[] pi) {
    int k = p.length;
    for (int x = 0; x < k; x++) {
      for (int y = x + 1; y < k; y++) {
        if (!(Math.abs(pi[x] * p[x][y] - pi[y] * p[y][x]) < REVERSIBILITY_TOLERANCE)) {
          return new int[] {x, y};
        }
      }
    }
    return null;
  }

  /**
   * The eigen-gap of P, {@code 1 − |λ₂(P)|} with λ₂ the eigenvalue of second-largest modulus (the Perron root 1
   * excluded once); 0 for a periodic chain; 1 for a single state. Used with rate r = g_P by APPROX_REVERSIBLE.
   */
  public static double eigenGap(double[][] p) {
    int k = p.length;
    if (k == 1) {
      return 1.0;
    }
    EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(k, false);
    PufferPreconditions.checkArgument("P", eig.decompose(toMatrix(p)), "P: eigen-decomposition failed");
    double[] mod = new double[eig.getNumberOfEigenvalues()];
    for (int i = 0; i < mod.length; i++) {
      Complex_F64 l = eig.getEigenvalue(i);
      mod[i] = l.getMagnitude();
    }
    Arrays.sort(mod);
    return clampGap(1.0 - mod[mod.length - 2]);
  }

  /**
   * The eigen-gap of P·P* (003 Lemma 2.3), {@code 1 − s₂(A)²} with A = D^{1/2} P D^{-1/2}, D = diag(π) and s₂ the
   * second-largest singular value (P·P* is similar to A·Aᵀ). APPROX_GENERAL uses rate r = g/2.
   */
  public static double eigenGapOfPPStar(double[][] p, double[] pi) {
    int k = p.length;
    if (k == 1) {
      return 1.0;
    }
    DMatrixRMaj a = new DMatrixRMaj(k, k);
    for (int x = 0; x < k; x++) {
      for (int y = 0; y < k; y++) {
        a.set(x, y, Math.sqrt(pi[x]) * p[x][y] / Math.sqrt(pi[y]));
      }
    }
    double[] s = SingularOps_DDRM.singularValues(a);
    Arrays.sort(s);
    double s2 = s[s.length - 2];
    return clampGap(1.0 - s2 * s2);
  }

  /**
   * The matrix power P^n (n ≥ 0) by repeated squaring, O(k³ log n), with EJML's dense product (configuration time
   * only: it allocates its matrices).
   */
  public static double[][] power(double[][] p, int n) {
    checkStochastic("P", p);
    PufferPreconditions.checkAtLeast("n", n, 0);
    int k = p.length;
    DMatrixRMaj result = CommonOps_DDRM.identity(k);
    DMatrixRMaj base = toMatrix(p);
    DMatrixRMaj scratch = new DMatrixRMaj(k, k);
    for (int e = n; e > 0; e >>= 1) {
      if ((e & 1) == 1) {
        CommonOps_DDRM.mult(result, base, scratch);
        DMatrixRMaj t = result;
        result = scratch;
        scratch = t;
      }
      if (e > 1) {
        CommonOps_DDRM.mult(base, base, scratch);
        DMatrixRMaj t = base;
        base = scratch;
        scratch = t;
      }
    }
    return result.get2DData();
  }

  /**
   * The marginal m_t = q·P^{t−1} of X_t for the initial distribution q of X_1 (t ≥ 1; docs/mqm.md, 'What is
   * protected').
   */
  public static double[] marginal(double[] q, double[][] p, int t) {
    ModelPreconditions.checkDistribution("q", q, p.length, TransitionMatrices.ROW_SUM_TOLERANCE);
    PufferPreconditions.checkAtLeast("t", t, 1);
    double[][] m = power(p, t - 1);
    int k = p.length;
    double[] out = new double[k];
    for (int x = 0; x < k; x++) {
      for (int y = 0; y < k; y++) {
        out[y] += q[x] * m[x][y];
      }
    }
    return out;
  }

  private static double clampGap(double g) {
    return Math.min(1.0, Math.max(0.0, g));
  }

  private static DMatrixRMaj toMatrix(double[][] p) {
    return new DMatrixRMaj(p);
  }

  private static double[][] copy(double[][] m) {
    double[][] c = new double[m.length][];
    for (int i = 0; i < m.length; i++) {
      c[i] = m[i].clone();
    }
    return c;
  }

  /** Number of states k. */
  public int states() {
    return p.length;
  }

  /** A copy of P. */
  public double[][] transition() {
    return copy(p);
  }

  /** A copy of the stationary distribution π. */
  public double[] stationaryDistribution() {
    return pi.clone();
  }

  /** π_min. */
  public double piMin() {
    return piMin;
  }

  /** A copy of the time reversal P*. */
  public double[][] reversal() {
    return copy(reversal);
  }

  /** 1 − |λ₂(P)|. */
  public double gapP() {
    return gapP;
  }

  /** 1 − |λ₂(P·P*)|. */
  public double gapPPStar() {
    return gapPPStar;
  }

  /** Whether P satisfies detailed balance (P* = P). */
  public boolean isReversible() {
    return reversible;
  }

  /** Whether the chain is aperiodic (together with irreducibility: ergodic). */
  public boolean isAperiodic() {
    return period == 1;
  }

  /** The period of the chain. */
  public int period() {
    return period;
  }
}
