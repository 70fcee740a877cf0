package org.pufferflow.mechanism.dphmm;

import static org.pufferflow.mechanism.dphmm.DphmmParameters.BUDGET;
import static org.pufferflow.mechanism.dphmm.DphmmParameters.CACHE_CAPACITY;
import static org.pufferflow.mechanism.dphmm.DphmmParameters.CONSTRAINT;
import static org.pufferflow.mechanism.dphmm.DphmmParameters.EPSILON;
import static org.pufferflow.mechanism.dphmm.DphmmParameters.FULL_SPAN;
import static org.pufferflow.mechanism.dphmm.DphmmParameters.INITIAL;
import static org.pufferflow.mechanism.dphmm.DphmmParameters.NOISE;
import static org.pufferflow.mechanism.dphmm.DphmmParameters.POLICY_GRAPH;
import static org.pufferflow.mechanism.dphmm.DphmmParameters.QUERY;
import static org.pufferflow.mechanism.dphmm.DphmmParameters.REPAIR;
import static org.pufferflow.mechanism.dphmm.DphmmParameters.TRANSITION;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Objects;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.chain.ChainAnalysis;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.common.ModelPreconditions;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.noise.LaplaceNoise;
import org.pufferflow.policy.PolicyGraph;
import org.pufferflow.policy.RepairMode;
import org.pufferflow.policy.StateQuery;

/**
 * The public configuration of a DPHMM release stream (docs/dphmm.md, 'What a release does'–docs/dphmm.md, 'Repair
 * modes'): transition matrix M, initial distribution p0, query F (N×d, d ≤ 3), policy graph, constraint, repair mode,
 * fullSpan, noise kind and ε. Everything here is "known to the adversary", and the per-subject {@link #budget()} its
 * releases are charged to. Immutable; built and validated by {@link Builder}, which judges every rule of these
 * parameters (refusals name them by {@link DphmmParameters}). Serializable (with all its parts), so a job specification
 * can carry it; a deserialized config builds releasers that release exactly as the original (same key and inputs, same
 * outputs).
 *
 * <p>Assumptions: a release configuration ({@link Builder#forRelease()}) always carries a budget; an analysis
 * configuration may have none ({@link #budget()} is then null) and cannot be released by a function that charges a
 * ledger. Benchmarks and experiments that must never be stopped give an explicit large budget.
 */
public final class DphmmConfig implements Serializable {

  private static final long serialVersionUID = 1L;

  /**
   * Default bound on cached constraints per operator instance. An entry holds G_t's edge lists (O(|E(G_t)|), about
   * 0.5 MB for a 2500-state grid with a full C) plus a shared hull, so the default keeps a worst case of ~32 MB.
   */
  public static final int DEFAULT_CACHE_CAPACITY = 64;
  /** Tolerance on Σ p0 = 1. */
  public static final double INITIAL_SUM_TOLERANCE = 1e-9;

  private final TransitionMatrix transition;
  private final double[] initial;
  private final StateQuery query;
  private final PolicyGraph graph;
  private final Constraint constraint;
  private final RepairMode repair;
  private final boolean fullSpan;
  private final DphmmNoise noise;
  private final double epsilon;
  private final int cacheCapacity;
  private final LedgerPolicy budget;

  private DphmmConfig(TransitionMatrix transition, double[] initial, StateQuery query, PolicyGraph graph,
      Constraint constraint, RepairMode repair, boolean fullSpan, DphmmNoise noise, double epsilon,
      int cacheCapacity, LedgerPolicy budget) {
    this.transition = transition;
    this.initial = initial.clone();
    this.query = query;
    this.graph = graph;
    this.constraint = constraint;
    this.repair = repair;
    this.fullSpan = fullSpan;
    this.noise = noise;
    this.epsilon = epsilon;
    this.cacheCapacity = cacheCapacity;
    this.budget = budget;
  }

  public static Builder builder() {
    return new Builder();
  }

  public TransitionMatrix transition() {
    return transition;
  }

  /** A copy of p0. */
  public double[] initial() {
    return initial.clone();
  }

  double initial(int i) {
    return initial[i];
  }

  public StateQuery query() {
    return query;
  }

  public PolicyGraph policyGraph() {
    return graph;
  }

  public Constraint constraint() {
    return constraint;
  }

  public RepairMode repair() {
    return repair;
  }

  public boolean fullSpan() {
    return fullSpan;
  }

  public DphmmNoise noise() {
    return noise;
  }

  public double epsilon() {
    return epsilon;
  }

  public int cacheCapacity() {
    return cacheCapacity;
  }

  /** The per-subject budget of the releases; null only for an analysis configuration (class comment). */
  public LedgerPolicy budget() {
    return budget;
  }

  /** This configuration charged to {@code b} instead (the same validated public parameters). */
  public DphmmConfig withBudget(LedgerPolicy b) {
    return new DphmmConfig(transition, initial, query, graph, constraint, repair, fullSpan, noise, epsilon,
        cacheCapacity, PufferPreconditions.checkNotNull(DphmmParameters.BUDGET, b));
  }

  /** Number of states N. */
  public int states() {
    return transition.size();
  }

  /** Equal public parameters (M, p0, F, graph, constraint, repair, fullSpan, noise, ε, cache capacity, budget). */
  @Override
  public boolean equals(Object o) {
    return o instanceof DphmmConfig c && c.states() == states() && Arrays.deepEquals(c.transition.toArray(),
        transition.toArray()) && Arrays.equals(c.initial, initial) && Arrays.deepEquals(c.query.toArray(),
        query.toArray()) && c.graph.equals(graph) && c.constraint.equals(constraint) && c.repair == repair
        && c.fullSpan == fullSpan && c.noise == noise && Double.compare(c.epsilon, epsilon) == 0
        && c.cacheCapacity == cacheCapacity && Objects.equals(c.budget, budget);
  }

  /** Cheap: the scalar parameters only (equal configurations have equal hashes). */
  @Override
  public int hashCode() {
    return Objects.hash(states(), epsilon, repair, fullSpan, noise, constraint, cacheCapacity, budget);
  }

  /** Public parameters only; the matrices are summarised by their size. */
  @Override
  public String toString() {
    return "DphmmConfig[N=" + states() + ", d=" + query.dimension() + ", epsilon=" + epsilon + ", constraint="
        + constraint + ", repair=" + repair.configName() + ", fullSpan=" + fullSpan + ", mechanism="
        + noise.configName() + ", budget=" + budget + "]";
  }

  /**
   * Validating builder. Required: transition, initial (or {@link #stationaryInitial}), query, policy graph (or
   * {@link #completeGraph} / {@link #dpls}), epsilon. Like Flink's {@code KafkaSourceBuilder}, it rejects
   * conflicting settings instead of letting the later call win: setting a property twice with a different value, or
   * two mutually exclusive settings ({@code initial} vs {@code stationaryInitial}, {@code policyGraph} vs
   * {@code completeGraph}, {@code dpls(δ)} vs a different {@code constraint}), throws an
   * {@link IllegalArgumentException} naming both. Repeating a setting with an equal value is allowed.
   *
   * <p><b>Release vs analysis.</b> A configuration for a release stream (a job) is built with {@link #forRelease()},
   * which adds the release rules: {@link RepairMode#NONE} is refused (the constrained graph alone may leave states
   * exposed; it is for analysis only) and a {@link #budget} is required. Without {@code forRelease()} the builder
   * makes analysis configurations too (budget optional).
   */
  public static final class Builder {
    private TransitionMatrix transition;
    private double[] initial;
    private Boolean stationaryInitial;
    private double[][] queryRows;
    private StateQuery query;
    private PolicyGraph graph;
    private Boolean completeGraph;
    private Constraint constraint;
    private RepairMode repair;
    private Boolean fullSpan;
    private DphmmNoise noise;
    private Double epsilon;
    private Integer cacheCapacity;
    private LedgerPolicy budget;
    private boolean release;

    private Builder() {}

    /** This configuration is for a release stream: refuse {@link RepairMode#NONE}, require a budget. */
    public Builder forRelease() {
      this.release = true;
      return this;
    }

    public Builder transition(TransitionMatrix m) {
      this.transition = once(TRANSITION, transition, PufferPreconditions.checkNotNull(TRANSITION, m));
      return this;
    }

    public Builder initial(double[] p0) {
      PufferPreconditions.checkNotNull(INITIAL, p0);
      exclusive(INITIAL, "initial", "stationaryInitial()", stationaryInitial != null);
      this.initial = once(INITIAL, initial, p0.clone());
      return this;
    }

    /** p0 = the stationary distribution of M (EJML, {@link ChainAnalysis#stationary}); M must be irreducible. */
    public Builder stationaryInitial() {
      exclusive(INITIAL, "stationaryInitial()", "initial", initial != null);
      this.stationaryInitial = Boolean.TRUE;
      return this;
    }

    /** F as N×d rows (validated against N at build time). */
    public Builder query(double[][] rows) {
      PufferPreconditions.checkNotNull(QUERY, rows);
      exclusive(QUERY, "query (rows)", "query (StateQuery)", query != null);
      this.queryRows = once(QUERY, queryRows, rows);
      return this;
    }

    public Builder query(StateQuery f) {
      PufferPreconditions.checkNotNull(QUERY, f);
      exclusive(QUERY, "query (StateQuery)", "query (rows)", queryRows != null);
      this.query = once(QUERY, query, f);
      return this;
    }

    public Builder policyGraph(PolicyGraph g) {
      PufferPreconditions.checkNotNull(POLICY_GRAPH, g);
      exclusive(POLICY_GRAPH, "policyGraph", "completeGraph()", completeGraph != null);
      this.graph = once(POLICY_GRAPH, graph, g);
      return this;
    }

    /** The complete policy graph on all N states. */
    public Builder completeGraph() {
      exclusive(POLICY_GRAPH, "completeGraph()", "policyGraph", graph != null);
      this.completeGraph = Boolean.TRUE;
      return this;
    }

    /**
     * The DPLS baseline (docs/dphmm.md, 'Baselines and analysis'): δ-location-set constraint and the complete graph
     * (Theorem 4.1).
     */
    public Builder dpls(double delta) {
      constraint(Constraint.deltaLocationSet(delta));
      return completeGraph();
    }

    /** The constraint; default {@link Constraint#support()}. */
    public Builder constraint(Constraint c) {
      this.constraint = once(CONSTRAINT, constraint, PufferPreconditions.checkNotNull(CONSTRAINT, c));
      return this;
    }

    /** The repair mode; default {@link RepairMode#STRICT}. */
    public Builder repair(RepairMode mode) {
      this.repair = once(REPAIR, repair, PufferPreconditions.checkNotNull(REPAIR, mode));
      return this;
    }

    /** Default true. */
    public Builder fullSpan(boolean on) {
      this.fullSpan = once(FULL_SPAN, fullSpan, on);
      return this;
    }

    /** Default {@link DphmmNoise#K_NORM}. */
    public Builder noise(DphmmNoise kind) {
      this.noise = once(NOISE, noise, PufferPreconditions.checkNotNull(NOISE, kind));
      return this;
    }

    public Builder epsilon(double eps) {
      this.epsilon = once(EPSILON, epsilon, eps);
      return this;
    }

    /** Default {@link #DEFAULT_CACHE_CAPACITY}. */
    public Builder cacheCapacity(int capacity) {
      this.cacheCapacity = once(CACHE_CAPACITY, cacheCapacity, capacity);
      return this;
    }

    /** The per-subject budget the releases are charged to; required with {@link #forRelease()}. */
    public Builder budget(LedgerPolicy b) {
      this.budget = once(BUDGET, budget, PufferPreconditions.checkNotNull(BUDGET, b));
      return this;
    }

    private static <T> T once(String name, Object current, T value) {
      return PufferPreconditions.checkNoConflict(name, current, value);
    }

    private static void exclusive(String id, String setting, String other, boolean otherSet) {
      PufferPreconditions.checkArgument(id, !otherSet,
          "%s: conflicts with %s, set earlier on this builder (the two are mutually exclusive)", setting, other);
    }

    public DphmmConfig build() {
      PufferPreconditions.checkNotNull(TRANSITION, transition);
      int n = transition.size();
      double[] p0 = stationaryInitial != null ? ChainAnalysis.stationary(transition.toArray()) : initial;
      ModelPreconditions.checkDistribution(INITIAL, p0, n, INITIAL_SUM_TOLERANCE);
      StateQuery f = query;
      if (f == null) {
        PufferPreconditions.checkNotNull(QUERY, queryRows);
        f = StateQuery.of(QUERY, queryRows, n);
      } else {
        PufferPreconditions.checkArgument(QUERY, f.size() == n,
            "query: has %d rows, expected %d (one per state of the transition matrix)", f.size(), n);
      }
      PolicyGraph g = completeGraph != null ? PolicyGraph.complete(n) : graph;
      PufferPreconditions.checkNotNull(POLICY_GRAPH, g);
      PufferPreconditions.checkArgument(POLICY_GRAPH, g.size() == n,
          "policyGraph: covers %d states, expected %d (one per state of the transition matrix)", g.size(), n);
      double eps = epsilon == null ? Double.NaN : epsilon;
      PufferPreconditions.checkEpsilon(EPSILON, eps);
      DphmmNoise kind = noise == null ? DphmmNoise.K_NORM : noise;
      checkNoiseScales(kind, f, eps);
      int capacity = cacheCapacity == null ? DEFAULT_CACHE_CAPACITY : cacheCapacity;
      PufferPreconditions.checkAtLeast(CACHE_CAPACITY, capacity, 1);
      PufferPreconditions.checkArgument(REPAIR, !(release && repair == RepairMode.NONE),
          "repair = none: analysis only (the constrained graph alone may leave states exposed); use strict,"
              + " greedy or min-volume");
      PufferPreconditions.checkArgument(BUDGET, !release || budget != null,
          "budget: is required for a release configuration (the ledger its releases are charged to)");
      return new DphmmConfig(transition, p0, f, g,
          constraint == null ? Constraint.support() : constraint,
          repair == null ? RepairMode.STRICT : repair,
          fullSpan == null || fullSpan, kind, eps, capacity, budget);
    }

    /**
     * The noise scales a release can use, checked against the samplers now so that no release throws later.
     * K-norm: the Gamma radius has scale 1/ε. Laplace: the scale is S_f/ε with S_f the largest ℓ1 difference over
     * the edges of G_t (or 0: exact release, no noise); every non-zero S_f lies between the smallest positive gap
     * between two values of one coordinate of F and the ℓ1 diameter bound Σ_a (max_a − min_a), so both ends of
     * that range are checked against {@link LaplaceNoise#granularity}'s range [2^-980, MAX_VALUE].
     */
    private static void checkNoiseScales(DphmmNoise kind, StateQuery f, double eps) {
      if (kind == DphmmNoise.K_NORM) {
        PufferPreconditions.checkNoiseScale("K-norm Gamma radius scale 1/epsilon", 1 / eps, Double.MIN_NORMAL,
            Double.MAX_VALUE);
        return;
      }
      int n = f.size();
      double minGap = Double.POSITIVE_INFINITY;
      double span = 0;
      double[] col = new double[n];
      for (int a = 0; a < f.dimension(); a++) {
        for (int i = 0; i < n; i++) {
          col[i] = f.get(i, a);
        }
        Arrays.sort(col);
        span += col[n - 1] - col[0];
        for (int i = 1; i < n; i++) {
          double gap = col[i] - col[i - 1];
          if (gap > 0 && gap < minGap) {
            minGap = gap;
          }
        }
      }
      if (span > 0) {
        PufferPreconditions.checkNoiseScale("smallest Laplace scale S_f/epsilon", minGap / eps, 0x1.0p-980,
            Double.MAX_VALUE);
        PufferPreconditions.checkNoiseScale("largest Laplace scale S_f/epsilon", span / eps, 0x1.0p-980,
            Double.MAX_VALUE);
      }
    }
  }
}
