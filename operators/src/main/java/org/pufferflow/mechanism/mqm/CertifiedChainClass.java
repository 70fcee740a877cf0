package org.pufferflow.mechanism.mqm;

import java.io.Serial;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.pufferflow.chain.MatrixEntries;
import org.pufferflow.chain.SpectralBounds;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.common.PufferPreconditions;

/**
 * A finite class Θ = {P_1, …, P_n} of large (typically sparse) chains over the same k states, known through the
 * certified bounds of {@link SpectralBounds} (docs/mqm.md, 'Certified bounds for large chains'): the approximate
 * modes only, each chain contributing its own (π_min, gap) lower bounds (σ_max is the maximum over θ, 003
 * Algorithm 1). Unlike {@link FiniteChainClass} it never builds a dense k × k array, so a 100 × 100 grid
 * (k = 10⁴) is calibrated in about a second.
 *
 * <p>Validation: every chain is ergodic with a certifiable gap (else refused, naming the chain), all with the same
 * k ≥ 2; approx-reversible needs every chain reversible (detailed balance to a relative 10⁻¹² for the certified
 * π̂) and a positive certified 1 − |λ₂(P)|. Serializable; deserialisation recertifies.
 */
public final class CertifiedChainClass implements ChainClass {

  @Serial private static final long serialVersionUID = 1L;

  private final List<TransitionMatrix> chains;
  private final transient List<SpectralBounds> bounds;

  private CertifiedChainClass(List<TransitionMatrix> chains) {
    PufferPreconditions.checkArgument(MqmParameters.CHAINS, !chains.isEmpty(),
        "chains: the class must contain at least one chain");
    List<SpectralBounds> b = new ArrayList<>();
    int k = chains.get(0).size();
    for (int j = 0; j < chains.size(); j++) {
      String name = MqmParameters.CHAIN + "[" + j + "]";
      TransitionMatrix m = PufferPreconditions.checkNotNull(name, chains.get(j));
      PufferPreconditions.checkArgument(name,
          m.size() == k, "%s: has %d states, chain[0] has %d (a class shares one state space)", name, m.size(), k);
      try {
        b.add(SpectralBounds.certify(m));
      } catch (IllegalArgumentException e) {
        throw PufferPreconditions.invalid(name, name + ": " + e.getMessage());
      }
    }
    PufferPreconditions.checkAtLeast(MqmParameters.STATES, "states k", k, 2);
    this.chains = Collections.unmodifiableList(new ArrayList<>(chains));
    this.bounds = Collections.unmodifiableList(b);
  }

  /** A class of one or more validated transition matrices (immutable, so they are shared, not copied). */
  public static CertifiedChainClass of(List<? extends TransitionMatrix> chains) {
    return new CertifiedChainClass(new ArrayList<>(PufferPreconditions.checkNotNull(MqmParameters.CHAINS, chains)));
  }

  @Override
  public List<QuiltInfluence> influences(MqmMode mode, int maxLength) {
    PufferPreconditions.checkArgument(MqmParameters.MODE, !mode.isExact(),
        "mode = %s: a class of large chains known by certified bounds needs an approximate mode"
            + " (approx-general or approx-reversible)", mode);
    List<QuiltInfluence> out = new ArrayList<>();
    for (int j = 0; j < bounds.size(); j++) {
      SpectralBounds b = bounds.get(j);
      if (mode == MqmMode.APPROX_REVERSIBLE) {
        String name = MqmParameters.CHAIN + "[" + j + "]";
        PufferPreconditions.checkArgument(name, b.isReversible() && b.gapPLowerBound() > 0,
            "%s is not reversible (detailed balance π_x P[x,y] = π_y P[y,x] fails): mode approx-reversible is"
                + " refused, use approx-general", name);
        out.add(ApproxInfluence.of(b.piMinLowerBound(), b.gapPLowerBound()));
      } else {
        out.add(ApproxInfluence.of(b.piMinLowerBound(), b.gapPPStarLowerBound() / 2));
      }
    }
    return out;
  }

  @Override
  public int states() {
    return chains.get(0).size();
  }

  @Override
  public double piMin(MqmMode mode) {
    double m = Double.POSITIVE_INFINITY;
    for (SpectralBounds b : bounds) {
      m = Math.min(m, b.piMinLowerBound());
    }
    return m;
  }

  @Override
  public double gap(MqmMode mode) {
    double m = Double.POSITIVE_INFINITY;
    for (SpectralBounds b : bounds) {
      m = Math.min(m, mode == MqmMode.APPROX_REVERSIBLE ? b.gapPLowerBound() : b.gapPPStarLowerBound());
    }
    return m;
  }

  @Override
  public MqmMode defaultMode() {
    return MqmMode.APPROX_GENERAL;
  }

  /** Number of chains in the class. */
  public int size() {
    return chains.size();
  }

  /** Deserialisation recertifies the chains. */
  @Serial
  private Object readResolve() {
    return new CertifiedChainClass(chains);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof CertifiedChainClass other) || other.chains.size() != chains.size()) {
      return false;
    }
    for (int j = 0; j < chains.size(); j++) {
      if (!MatrixEntries.equal(chains.get(j), other.chains.get(j))) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    int h = 1;
    for (TransitionMatrix m : chains) {
      h = 31 * h + MatrixEntries.hash(m);
    }
    return h;
  }

  @Override
  public String toString() {
    return "CertifiedChainClass{" + chains.size() + " chains, k=" + states() + "}";
  }
}
