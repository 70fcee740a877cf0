package org.pufferflow.operators.spec;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Objects;
import org.pufferflow.chain.TransitionMatrices;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.mechanism.dphmm.Constraint;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.dphmm.DphmmNoise;
import org.pufferflow.mechanism.dphmm.DphmmReleaser;
import org.pufferflow.policy.RepairMode;
import org.pufferflow.policy.StateQuery;

/**
 * The public description of a DPHMM release stream (docs/dphmm.md; docs/configuration.md, 'dphmm'): the model
 * (M, p0, F), the policy graph, the constraint, the repair mode, fullSpan, the noise and ε. Serializable and
 * immutable (arrays copied in and out), so it can travel in a Flink job graph; the function calls
 * {@link #newReleaser()} (or {@link #build()}) in {@code open()}.
 *
 * <p>{@link Builder#build()} builds the math {@link DphmmConfig} once, so every precondition of
 * {@link DphmmConfig.Builder} (the source of truth) is checked when the spec is made; the spec itself only refuses
 * {@link RepairMode#NONE}, which is for analysis and protects less than a release needs. {@link #toString()} shows
 * only public parameters (everything here is public, "known to the adversary").
 */
public final class DphmmSpec implements Serializable {
  private static final long serialVersionUID = 1L;

  private final double[][] transition;
  private final double[] initial;
  private final double[][] query;
  private final PolicyGraphSpec policyGraph;
  private final boolean deltaConstraint;
  private final double delta;
  private final RepairMode repair;
  private final boolean fullSpan;
  private final DphmmNoise noise;
  private final double epsilon;

  private DphmmSpec(Builder b) {
    this.transition = SpecArrays.copy("transition", b.transition);
    this.initial = SpecArrays.copy("initial", b.initial);
    this.query = SpecArrays.copy("query", b.query);
    this.policyGraph = PufferPreconditions.checkNotNull("policyGraph", b.policyGraph);
    this.deltaConstraint = b.deltaConstraint;
    this.delta = b.delta;
    this.repair = PufferPreconditions.checkNotNull("repair", b.repair);
    this.fullSpan = b.fullSpan;
    this.noise = PufferPreconditions.checkNotNull("mechanism", b.noise);
    this.epsilon = b.epsilon;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The math configuration, built and validated by {@link DphmmConfig.Builder}. */
  public DphmmConfig build() {
    PufferPreconditions.checkArgument(repair != RepairMode.NONE,
        "repair = none: analysis only (the constrained graph alone may leave states exposed); use strict,"
            + " greedy or min-volume");
    TransitionMatrix m = TransitionMatrices.of("transition", transition);
    StateQuery f = StateQuery.of("query", query, m.size());
    return DphmmConfig.builder()
        .transition(m)
        .initial(initial)
        .query(f)
        .policyGraph(policyGraph.build(m, f))
        .constraint(deltaConstraint ? Constraint.deltaLocationSet(delta) : Constraint.support())
        .repair(repair)
        .fullSpan(fullSpan)
        .noise(noise)
        .epsilon(epsilon)
        .build();
  }

  /** A releaser over {@link #build()}: one per operator instance (it owns scratch buffers and caches). */
  public DphmmReleaser newReleaser() {
    return new DphmmReleaser(build());
  }

  /** Number of states N. */
  public int states() {
    return transition.length;
  }

  public double[][] transition() {
    return SpecArrays.copy("transition", transition);
  }

  public double[] initial() {
    return initial.clone();
  }

  public double[][] query() {
    return SpecArrays.copy("query", query);
  }

  public PolicyGraphSpec policyGraph() {
    return policyGraph;
  }

  /** True for the δ-location-set constraint, false for the support constraint. */
  public boolean deltaConstraint() {
    return deltaConstraint;
  }

  /** δ of the δ-location-set constraint; NaN for the support constraint. */
  public double delta() {
    return delta;
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

  @Override
  public boolean equals(Object o) {
    return o instanceof DphmmSpec s
        && Arrays.deepEquals(s.transition, transition)
        && Arrays.equals(s.initial, initial)
        && Arrays.deepEquals(s.query, query)
        && s.policyGraph.equals(policyGraph)
        && s.deltaConstraint == deltaConstraint
        && Double.compare(s.delta, delta) == 0
        && s.repair == repair
        && s.fullSpan == fullSpan
        && s.noise == noise
        && Double.compare(s.epsilon, epsilon) == 0;
  }

  @Override
  public int hashCode() {
    return Objects.hash(Arrays.deepHashCode(transition), Arrays.hashCode(initial), Arrays.deepHashCode(query),
        policyGraph, deltaConstraint, delta, repair, fullSpan, noise, epsilon);
  }

  /** Public parameters only; the matrices are summarised by their size. */
  @Override
  public String toString() {
    return "DphmmSpec[N=" + transition.length + ", d=" + (query.length == 0 ? 0 : query[0].length)
        + ", epsilon=" + epsilon + ", policyGraph=" + policyGraph
        + ", constraint=" + (deltaConstraint ? "delta(" + delta + ")" : "support")
        + ", repair=" + repair.configName() + ", fullSpan=" + fullSpan + ", mechanism=" + noise.configName() + "]";
  }

  /**
   * Builder of {@link DphmmSpec}. Required: transition, initial, query, policy graph, epsilon. Defaults as
   * {@link DphmmConfig.Builder}: support constraint, strict repair, fullSpan on, K-norm.
   */
  public static final class Builder {
    private double[][] transition;
    private double[] initial;
    private double[][] query;
    private PolicyGraphSpec policyGraph;
    private boolean deltaConstraint;
    private double delta = Double.NaN;
    private boolean constraintSet;
    private RepairMode repair = RepairMode.STRICT;
    private boolean fullSpan = true;
    private DphmmNoise noise = DphmmNoise.K_NORM;
    private double epsilon = Double.NaN;

    private Builder() {}

    public Builder transition(double[][] m) {
      this.transition = m;
      return this;
    }

    public Builder initial(double[] p0) {
      this.initial = p0;
      return this;
    }

    public Builder query(double[][] f) {
      this.query = f;
      return this;
    }

    public Builder policyGraph(PolicyGraphSpec g) {
      this.policyGraph = g;
      return this;
    }

    /** The support constraint (the default). Conflicts with {@link #deltaConstraint}. */
    public Builder supportConstraint() {
      checkConstraintUnset();
      this.deltaConstraint = false;
      this.delta = Double.NaN;
      return this;
    }

    /** The δ-location-set constraint. Conflicts with {@link #supportConstraint}. */
    public Builder deltaConstraint(double delta) {
      checkConstraintUnset();
      this.deltaConstraint = true;
      this.delta = delta;
      return this;
    }

    private void checkConstraintUnset() {
      PufferPreconditions.checkArgument(!constraintSet, "constraint: set twice (give support or delta, once)");
      constraintSet = true;
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

    /** The spec, after building its {@link DphmmConfig} once (all mechanism preconditions). */
    public DphmmSpec build() {
      DphmmSpec spec = new DphmmSpec(this);
      spec.build();
      return spec;
    }
  }
}
