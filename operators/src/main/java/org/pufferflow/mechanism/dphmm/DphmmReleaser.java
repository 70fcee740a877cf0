package org.pufferflow.mechanism.dphmm;

import java.util.Arrays;
import org.pufferflow.chain.GapPropagator;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.common.VisibleForTesting;
import org.pufferflow.geometry.SensitivityHull;
import org.pufferflow.noise.KNormNoise;
import org.pufferflow.noise.LaplaceNoise;
import org.pufferflow.noise.RandomStream;
import org.pufferflow.policy.DeltaFIndex;
import org.pufferflow.policy.PolicyGraph;
import org.pufferflow.policy.ProtectableGraph;
import org.pufferflow.policy.StateQuery;

/**
 * One DPHMM release step, exactly as docs/dphmm.md, 'What a release does' (the paper's Algorithm 2 with the project's
 * decisions): prior p⁻ = p0 or p⁺·M^g (g a {@code long}, cost bounded independently of g by {@link GapPropagator};
 * docs/dphmm.md, "Gaps") with its exact support ({@link PriorSupport}); constraint C; exact release when |C| = 1;
 * protectable graph G_t and hull K_t (cached per C, docs/dphmm.md, 'Making it fast'); surrogate s′ (s* or its nearest
 * state in C, ties lowest index); z = f(s′) + R·U (K-norm, R ~ Gamma(r+1, 1/ε), U uniform in K_t, drawn by
 * {@link KNormNoise} in that order: R first, then U; when rank K_t = 0 the noise is exactly 0 and nothing is drawn) or
 * f(s′) + Lap(S_f/ε)^d; posterior log w_i = log p⁻_i − ε‖z − f(s′_i)‖_{K_t} over C (exact or truncated support) or over
 * every state of positive prior (δ-location set; s′_i = s_i on C, its surrogate outside C), normalised with
 * log-sum-exp; costs ε (DPHMM, Theorem 5.2) and ε·max_{j,k∈C}‖f_j − f_k‖_{K_t} (Theorem 6.3).
 *
 * <p>The posterior is the adversary's: it is computed from releases only, never from the true state. Per-subject
 * state is the caller's posterior array (N doubles) plus whether a release happened before and the gap since it.
 *
 * <p>Thread-safety: one instance per operator instance (it owns scratch buffers and the hull cache). After the
 * caches have warmed up, {@link #release} allocates nothing, on a cache hit and on a fast-path miss alike (only a
 * miss that needs the full protectable-graph construction allocates). Randomness comes only from the keyed
 * {@link RandomStream} passed in, so a replay with the same stream yields the same release.
 */
public final class DphmmReleaser {

  /** Pass as {@code gap} for a subject's first release: the prior is p0 and no transition is applied. */
  public static final long FIRST_RELEASE = 0;

  /**
   * The fast cache-miss path ({@link DeltaFIndex}) is used when the policy graph has at most this many distinct
   * differences (difference masks of at most 64 words).
   */
  static final int MAX_INDEXED_DIFFERENCES = 4096;

  /**
   * ... and at most this many edges (the index holds two ints per directed edge and is built from a temporary
   * array of the 2·|E| differences; denser graphs keep the full construction).
   */
  static final long MAX_INDEXED_EDGES = 1L << 19;

  /** Below this sum of linear-space weights the posterior update is recomputed in log space. */
  static final double LINEAR_SPACE_FLOOR = 1e-200;

  private final DphmmConfig config;
  private final GapPropagator gaps;
  private final PriorSupport support;
  private final boolean posteriorOnC; // the posterior lives on C (exact support, or a truncation that drops)
  private final StateQuery f;
  private final int n;
  private final int d;
  private final double epsilon;
  private final HullCache cache;
  private final HullMemo memo;
  private final DeltaFIndex index; // null: every miss builds G_t with ProtectableGraph.repair
  private final long[] mask;
  private final double[] fFlat;
  private final double[] prior;
  private final double[] scratch;
  private final int[] c;
  private final int[] centre; // for a state of positive prior outside C: the position in C of its surrogate
  private final double[] logw;
  private final double[] u;
  private final ExpMemo expMemo = new ExpMemo();
  private int lastCount; // |C| of the last release or observe, for lastConstraintContains

  public DphmmReleaser(DphmmConfig config) {
    this.config = PufferPreconditions.checkNotNull("config", config);
    // with the exact support only the support of the prior decides anything released (docs/dphmm.md, 'Gaps below
    // the horizon: Chebyshev'); a relaxation's sets depend on its values, within Constraint.PROPAGATION_ERROR
    this.gaps = new GapPropagator(config.transition(), config.constraint().droppedMassBound(config.states()) == 0
        ? GapPropagator.CHEBYSHEV_TOLERANCE : Constraint.PROPAGATION_ERROR);
    this.support = new PriorSupport(config.transition());
    this.f = config.query();
    this.n = config.states();
    this.posteriorOnC =
        config.constraint().droppedMassBound(n) == 0 || config.constraint().restrictsPosterior();
    this.d = f.dimension();
    this.epsilon = config.epsilon();
    this.memo = new HullMemo(config.cacheCapacity());
    this.cache = new HullCache(n, config.cacheCapacity(), this::buildGeometry);
    PolicyGraph graph = config.policyGraph();
    DeltaFIndex idx =
        graph.isComplete() || graph.edgeCount() > MAX_INDEXED_EDGES ? null : DeltaFIndex.of(f, graph);
    this.index = idx != null && idx.differenceCount() <= MAX_INDEXED_DIFFERENCES ? idx : null;
    this.mask = index == null ? null : new long[index.maskWords()];
    int[] all = new int[n];
    for (int i = 0; i < n; i++) {
      all[i] = i;
    }
    this.fFlat = f.rows(all, n);
    this.prior = new double[n];
    this.scratch = new double[n];
    this.c = new int[n];
    this.centre = new int[n];
    this.logw = new double[n];
    this.u = new double[d];
  }

  public DphmmConfig config() {
    return config;
  }

  /** A result holder sized for this configuration (reuse it across releases). */
  public DphmmRelease newResult() {
    return new DphmmRelease(d);
  }

  /** A fresh posterior array for a subject that has not been released yet (contents ignored at the first release). */
  public double[] newPosterior() {
    return new double[n];
  }

  /**
   * A cache miss. Fast path: when every node of C has a neighbour in C, no node is exposed, no repair mode adds an
   * edge and G_t = G_C, so K_t = conv Δf(G_C) is found from the difference mask of C (one pass over the CSR edges
   * leaving C, hull memoised by mask), and S_f and the Theorem 6.3 multiplier of the configured noise (K-norm:
   * max ‖f_j − f_k‖_{K_t}; Laplace: ℓ1 diameter / S_f) come from K_t and f(C) directly;
   * if {@code fullSpan} applies (rank K_t &lt; d) the full construction runs instead. Otherwise G_t is built with
   * {@link ProtectableGraph#repair}. Both give the same quantities (DphmmFastGeometryTest).
   */
  private GeometrySlot buildGeometry(int[] c, int count, long[] members, GeometrySlot evicted) {
    if (index != null && count >= 2 && index.inducedDifferences(c, count, members, mask)) {
      SensitivityHull hull = memo.hull(index, mask, d);
      if (!config.fullSpan() || hull.rank() == d) {
        // only the multiplier of the configured noise is computed; the other one is NaN (never read)
        boolean laplace = config.noise() == DphmmNoise.LAPLACE;
        double kNorm = laplace ? Double.NaN : hull.maxNormOfDifferences(fFlat, c, count);
        double l1Diameter = laplace ? ProtectableGraph.l1Diameter(f, c, count) : Double.NaN;
        UniformKSampler sampler = memo.sampler(hull);
        double sf = index.l1Sensitivity(mask);
        return evicted != null
            ? evicted.assign(null, hull, sampler, kNorm, sf, l1Diameter)
            : new GeometrySlot(null, hull, sampler, kNorm, sf, l1Diameter);
      }
    }
    return fullGeometry(Arrays.copyOf(c, count));
  }

  private GeometrySlot fullGeometry(int[] cs) {
    ProtectableGraph pg =
        ProtectableGraph.repair(f, config.policyGraph(), cs, config.repair(), config.fullSpan(), memo);
    return new GeometrySlot(pg, memo.sampler(pg.hull()));
  }

  /**
   * The protectable graph G_t (with K_t) for constraint {@code cs} (sorted state indices), for analysis and tests:
   * the cached one if the cache built it, else built now (with the same K_t as the release uses).
   */
  @VisibleForTesting
  public ProtectableGraph protectableGraph(int[] cs) {
    PufferPreconditions.checkArgument(cs.length >= 1, "constraint: must hold at least one state");
    PufferPreconditions.checkSortedDistinct("constraint", cs, cs.length, n);
    GeometrySlot g = cache.get(cs, cs.length);
    return g.graph != null ? g.graph : fullGeometry(cs.clone()).graph;
  }

  /** The cached release geometry of {@code cs} (sorted state indices); for tests. */
  @VisibleForTesting
  GeometrySlot geometry(int[] cs) {
    return cache.get(cs, cs.length);
  }

  /** The geometry built without the fast path; for tests. */
  @VisibleForTesting
  GeometrySlot geometryWithoutIndex(int[] cs) {
    return fullGeometry(cs.clone());
  }

  /**
   * Releases the subject's current state.
   *
   * @param posterior in: p⁺ of the previous release (ignored when {@code gap == FIRST_RELEASE}); out: the new p⁺
   * @param gap ticks since the previous release (≥ 1, any {@code long}), or {@link #FIRST_RELEASE}
   * @param trueState s*, private: only the surrogate and the noise depend on it
   * @param rng the keyed stream of this release's context
   * @param out receives z and the costs
   */
  public void release(double[] posterior, long gap, int trueState, RandomStream rng, DphmmRelease out) {
    PufferPreconditions.checkIndex("trueState", trueState, n);
    int k = prepare(posterior, gap);
    if (k == 1) {
      exactRelease(posterior, out);
      return;
    }
    GeometrySlot g = cache.get(c, k);
    int s = surrogate(f, c, k, trueState);
    double[] z = out.z;
    if (config.noise() == DphmmNoise.K_NORM) {
      if (g.rank == 0) {
        // K = {0}: the noise is exactly 0 and nothing is drawn
        for (int a = 0; a < d; a++) {
          z[a] = f.get(s, a);
        }
      } else {
        KNormNoise.sample(rng, g.sampler(), epsilon, u); // R ~ Gamma(r + 1, 1/ε), then U, then R·U
        for (int a = 0; a < d; a++) {
          z[a] = f.get(s, a) + u[a];
        }
      }
    } else {
      for (int a = 0; a < d; a++) {
        z[a] = f.get(s, a);
      }
      if (g.l1Sensitivity > 0) {
        // snaps f to the noise grid and adds iid grid Laplace noise, exactly ε-DP for L1 sensitivity S_f over d
        // coordinates (the floating-point-safe Laplace of the noise package)
        LaplaceNoise.addNoise(rng, z, d, g.l1Sensitivity, epsilon);
      }
    }
    update(posterior, g, k, out);
  }

  /**
   * The adversary's filter step for a given release z (no randomness): computes p⁻, C, G_t, K_t and the new posterior
   * exactly as {@link #release} would after drawing z. When |C| = 1, z is ignored and f of the single state is
   * written to {@code out.z()}.
   *
   * @throws IllegalStateException if z has zero density under every state of C
   */
  public void observe(double[] posterior, long gap, double[] z, DphmmRelease out) {
    PufferPreconditions.checkLength("z", z.length, d);
    int k = prepare(posterior, gap);
    if (k == 1) {
      exactRelease(posterior, out);
      return;
    }
    System.arraycopy(z, 0, out.z, 0, d);
    update(posterior, cache.get(c, k), k, out);
  }

  /** Steps 1–2: p⁻ into {@link #prior}, C into {@link #c}; returns |C|. */
  private int prepare(double[] posterior, long gap) {
    PufferPreconditions.checkLength("posterior", posterior.length, n);
    if (gap == FIRST_RELEASE) {
      for (int i = 0; i < n; i++) {
        prior[i] = config.initial(i);
      }
    } else {
      PufferPreconditions.checkAtLeast("gap", gap, 1);
      gaps.propagate(posterior, gap, prior);
      support.restrict(posterior, gap, prior);
    }
    lastCount = config.constraint().select(prior, c);
    return lastCount;
  }

  private void exactRelease(double[] posterior, DphmmRelease out) {
    int only = c[0];
    for (int a = 0; a < d; a++) {
      out.z[a] = f.get(only, a);
    }
    if (posteriorOnC) {
      Arrays.fill(posterior, 0.0);
      posterior[only] = 1.0;
    } else {
      // every state of positive prior is released as f(only): the release says nothing, p⁺ = p⁻ (normalised)
      double sum = 0;
      for (int i = 0; i < n; i++) {
        sum += prior[i];
      }
      for (int i = 0; i < n; i++) {
        posterior[i] = prior[i] / sum;
      }
    }
    out.exact = true;
    out.constraintSize = 1;
    out.hullRank = 0;
    out.dphmmEpsilon = 0;
    out.constrainedDpEpsilon = 0;
  }

  /** Step 7: s* if in C, else its nearest state of C (squared Euclidean distance, ties lowest index). */
  static int surrogate(StateQuery f, int[] c, int k, int trueState) {
    if (Arrays.binarySearch(c, 0, k, trueState) >= 0) {
      return trueState;
    }
    int best = c[0];
    double bestDist = f.squaredDistance(trueState, best);
    for (int q = 1; q < k; q++) {
      double dist = f.squaredDistance(trueState, c[q]);
      if (dist < bestDist) {
        best = c[q];
        bestDist = dist;
      }
    }
    return best;
  }

  /**
   * Steps 9–10: the posterior and the two costs. The posterior ranges over C and, for a δ-location set, over the
   * states of positive prior outside C too, which are released as their surrogate and so have its likelihood
   * ({@link PriorSupport#outsideStates}); their mass can come back (a truncated support drops them instead). One pass
   * computes w_i = p⁻_i·exp(−ε‖z − f_i‖) — every likelihood factor is ≤ 1 because norms are ≥ 0, so nothing overflows;
   * repeated exponents are looked up in an {@link ExpMemo} (same values as Math.exp). If the sum could have underflowed
   * (below {@link #LINEAR_SPACE_FLOOR}: z far from every state, or p⁻ tiny on the likely states), the update is redone
   * in log space, log w_i = log p⁻_i − ε‖z − f_i‖ normalised by log-sum-exp, from the stored norms. A state of positive
   * likelihood whose weight still rounds to 0 keeps {@link Double#MIN_VALUE}, so the support of p⁺ stays exact.
   */
  private void update(double[] posterior, GeometrySlot g, int k, DphmmRelease out) {
    double[] z = out.z;
    boolean laplace = config.noise() == DphmmNoise.LAPLACE;
    for (int q = 0; q < k; q++) {
      int i = c[q];
      if (laplace) {
        // S_f = 0: the release was exact, so the likelihood is 1 where f_i = z and 0 elsewhere
        double l1 = l1From(z, i);
        logw[q] = g.l1Sensitivity > 0 ? l1 / g.l1Sensitivity : l1 == 0 ? 0 : Double.POSITIVE_INFINITY;
      } else {
        logw[q] = g.hull.normOfDifference(z, 0, fFlat, i * d);
      }
    }
    int total = k + (posteriorOnC ? 0 : PriorSupport.outsideStates(f, prior, c, k, centre));
    double sum = 0;
    expMemo.begin();
    for (int p = 0; p < total; p++) {
      double w = prior[c[p]] * expMemo.exp(-epsilon * logw[p < k ? p : centre[p]]);
      scratch[p] = w;
      sum += w;
    }
    expMemo.end();
    if (!(sum >= LINEAR_SPACE_FLOOR)) {
      double max = Double.NEGATIVE_INFINITY;
      for (int p = 0; p < total; p++) {
        double lw = Math.log(prior[c[p]]) - epsilon * logw[p < k ? p : centre[p]];
        scratch[p] = lw;
        max = Math.max(max, lw);
      }
      if (max == Double.NEGATIVE_INFINITY) {
        throw new IllegalStateException("release z has zero density under every state of the constraint");
      }
      sum = 0;
      for (int p = 0; p < total; p++) {
        double w = Math.exp(scratch[p] - max);
        scratch[p] = w;
        sum += w;
      }
    }
    Arrays.fill(posterior, 0.0);
    double inv = 1.0 / sum;
    for (int p = 0; p < total; p++) {
      double w = scratch[p] * inv;
      posterior[c[p]] = w == 0 && logw[p < k ? p : centre[p]] < Double.POSITIVE_INFINITY ? Double.MIN_VALUE : w;
    }
    double multiplier = laplace ? g.laplaceMultiplier : g.kNormMultiplier;
    out.exact = false;
    out.constraintSize = k;
    out.hullRank = g.rank;
    out.dphmmEpsilon = epsilon;
    out.constrainedDpEpsilon = PrivacyCosts.cost(epsilon, multiplier);
  }

  /** ‖z − f(s_i)‖₁. */
  private double l1From(double[] z, int i) {
    double s = 0;
    for (int a = 0, o = i * d; a < d; a++) {
      s += Math.abs(z[a] - fFlat[o + a]);
    }
    return s;
  }

  /** Cache statistics: hits. */
  public long cacheHits() {
    return cache.hits();
  }

  /** Cache statistics: misses (hull builds). */
  public long cacheMisses() {
    return cache.misses();
  }

  /**
   * Whether {@code state} belongs to the constraint set C of the last {@link #release} or {@link #observe} call
   * (false before the first). A caller passes the true state to count surrogate uses (s* ∉ C) in a metric; the
   * answer is private and must never be published per record.
   */
  public boolean lastConstraintContains(int state) {
    return lastCount > 0 && Arrays.binarySearch(c, 0, lastCount, state) >= 0;
  }
}
