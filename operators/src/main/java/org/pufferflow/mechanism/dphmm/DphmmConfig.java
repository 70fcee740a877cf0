package org.pufferflow.mechanism.dphmm;

import org.pufferflow.chain.ChainAnalysis;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.policy.PolicyGraph;
import org.pufferflow.policy.RepairMode;
import org.pufferflow.policy.StateQuery;

/**
 * The public configuration of a DPHMM release stream (dphmm.md §1–§3): transition matrix M, initial distribution
 * p0, query F (N×d, d ≤ 3), policy graph, constraint, repair mode, fullSpan, noise kind and ε. Everything here is
 * "known to the adversary". Immutable; built and validated by {@link Builder}.
 */
public final class DphmmConfig {

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

  private DphmmConfig(Builder b, StateQuery query, PolicyGraph graph) {
    this.transition = b.transition;
    this.initial = b.initial.clone();
    this.query = query;
    this.graph = graph;
    this.constraint = b.constraint;
    this.repair = b.repair;
    this.fullSpan = b.fullSpan;
    this.noise = b.noise;
    this.epsilon = b.epsilon;
    this.cacheCapacity = b.cacheCapacity;
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

  /** Number of states N. */
  public int states() {
    return transition.size();
  }

  /** Validating builder. Required: transition, initial, query, policy graph (or {@link #dpls}), epsilon. */
  public static final class Builder {
    private TransitionMatrix transition;
    private double[] initial;
    private boolean stationaryInitial;
    private double[][] queryRows;
    private StateQuery query;
    private PolicyGraph graph;
    private boolean completeGraph;
    private Constraint constraint = Constraint.support();
    private RepairMode repair = RepairMode.STRICT;
    private boolean fullSpan = true;
    private DphmmNoise noise = DphmmNoise.K_NORM;
    private double epsilon = Double.NaN;
    private int cacheCapacity = DEFAULT_CACHE_CAPACITY;

    private Builder() {}

    public Builder transition(TransitionMatrix m) {
      this.transition = m;
      return this;
    }

    public Builder initial(double[] p0) {
      this.initial = p0 == null ? null : p0.clone();
      this.stationaryInitial = false;
      return this;
    }

    /** p0 = the stationary distribution of M (EJML, {@link ChainAnalysis#stationary}); M must be irreducible. */
    public Builder stationaryInitial() {
      this.initial = null;
      this.stationaryInitial = true;
      return this;
    }

    /** F as N×d rows (validated against N at build time). */
    public Builder query(double[][] rows) {
      this.queryRows = rows;
      this.query = null;
      return this;
    }

    public Builder query(StateQuery f) {
      this.query = f;
      this.queryRows = null;
      return this;
    }

    public Builder policyGraph(PolicyGraph g) {
      this.graph = g;
      this.completeGraph = false;
      return this;
    }

    /** The complete policy graph on all N states. */
    public Builder completeGraph() {
      this.graph = null;
      this.completeGraph = true;
      return this;
    }

    /** The DPLS baseline (dphmm.md §4): δ-location-set constraint and the complete graph (Theorem 4.1). */
    public Builder dpls(double delta) {
      this.constraint = Constraint.deltaLocationSet(delta);
      return completeGraph();
    }

    public Builder constraint(Constraint c) {
      this.constraint = c;
      return this;
    }

    public Builder repair(RepairMode mode) {
      this.repair = mode;
      return this;
    }

    public Builder fullSpan(boolean on) {
      this.fullSpan = on;
      return this;
    }

    public Builder noise(DphmmNoise kind) {
      this.noise = kind;
      return this;
    }

    public Builder epsilon(double eps) {
      this.epsilon = eps;
      return this;
    }

    public Builder cacheCapacity(int capacity) {
      this.cacheCapacity = capacity;
      return this;
    }

    public DphmmConfig build() {
      PufferPreconditions.checkNotNull("transition", transition);
      int n = transition.size();
      if (stationaryInitial) {
        initial = ChainAnalysis.stationary(transition.toArray());
      }
      PufferPreconditions.checkDistribution("initial", initial, n, INITIAL_SUM_TOLERANCE);
      StateQuery f = query;
      if (f == null) {
        PufferPreconditions.checkNotNull("query", queryRows);
        f = StateQuery.of("query", queryRows, n);
      } else {
        PufferPreconditions.checkArgument(f.size() == n,
            "query: has %d rows, expected %d (one per state of the transition matrix)", f.size(), n);
      }
      PolicyGraph g = completeGraph ? PolicyGraph.complete(n) : graph;
      PufferPreconditions.checkNotNull("policyGraph", g);
      PufferPreconditions.checkArgument(g.size() == n,
          "policyGraph: covers %d states, expected %d (one per state of the transition matrix)", g.size(), n);
      PufferPreconditions.checkNotNull("constraint", constraint);
      PufferPreconditions.checkNotNull("repair", repair);
      PufferPreconditions.checkNotNull("noise", noise);
      PufferPreconditions.checkEpsilon("epsilon", epsilon);
      PufferPreconditions.checkAtLeast("cacheCapacity", cacheCapacity, 1);
      return new DphmmConfig(this, f, g);
    }
  }
}
