package org.pufferflow.mechanism.mqm;

import java.io.Serial;
import java.util.List;
import org.pufferflow.common.ModelPreconditions;
import org.pufferflow.common.PufferPreconditions;

/**
 * A class Θ known only by bounds: every chain is ergodic with stationary probabilities ≥ π_min and eigen-gap ≥ g
 * (docs/mqm.md, 'Modes' global summary; 000 Condition 4.6). Only the approximate modes apply (exact influence needs the
 * chains). For approx-general, g bounds the gap of P·P* (rate g/2); for approx-reversible, g bounds 1 − |λ₂(P)|
 * (rate g) and the caller guarantees that every chain of the class is reversible.
 *
 * <p>Validation: π_min ∈ (0, 1/k], g ∈ (0, 1]. When k is not known, k = 2 (the weakest bound, π_min ≤ 1/2).
 */
public final class BoundedChainClass implements ChainClass {

  @Serial private static final long serialVersionUID = 1L;

  private final int states;
  private final double piMin;
  private final double gap;

  private BoundedChainClass(int states, double piMin, double gap) {
    PufferPreconditions.checkAtLeast(MqmParameters.STATES, "states k", states, 2);
    this.states = states;
    this.piMin = ModelPreconditions.checkPiMin(MqmParameters.PI_MIN, "pi-min", piMin, states);
    this.gap = ModelPreconditions.checkGap(MqmParameters.GAP, gap);
  }

  /** Bounds for a class of k-state chains. */
  public static BoundedChainClass of(int states, double piMin, double gap) {
    return new BoundedChainClass(states, piMin, gap);
  }

  /** Bounds when the number of states is not given (π_min checked against 1/2). */
  public static BoundedChainClass of(double piMin, double gap) {
    return new BoundedChainClass(2, piMin, gap);
  }

  @Override
  public List<QuiltInfluence> influences(MqmMode mode, int maxLength) {
    return switch (mode) {
      case APPROX_GENERAL -> List.of(ApproxInfluence.of(piMin, gap / 2));
      case APPROX_REVERSIBLE -> List.of(ApproxInfluence.of(piMin, gap));
      default -> throw PufferPreconditions.invalid(MqmParameters.MODE,
          "mode = " + mode + ": a class known only by (pi-min, gap) needs an approximate mode"
              + " (approx-general or approx-reversible); exact modes need the chains");
    };
  }

  @Override
  public int states() {
    return states;
  }

  @Override
  public double piMin(MqmMode mode) {
    return piMin;
  }

  @Override
  public double gap(MqmMode mode) {
    return gap;
  }

  @Override
  public MqmMode defaultMode() {
    return MqmMode.APPROX_GENERAL;
  }

  /** Deserialisation revalidates the bounds. */
  @Serial
  private Object readResolve() {
    return new BoundedChainClass(states, piMin, gap);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BoundedChainClass b
        && b.states == states
        && Double.compare(b.piMin, piMin) == 0
        && Double.compare(b.gap, gap) == 0;
  }

  @Override
  public int hashCode() {
    return 31 * (31 * states + Double.hashCode(piMin)) + Double.hashCode(gap);
  }

  @Override
  public String toString() {
    return "BoundedChainClass{k=" + states + ", piMin=" + piMin + ", gap=" + gap + "}";
  }
}
