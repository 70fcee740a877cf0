package org.pufferflow.mechanism.mqm;

import java.io.Serial;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.pufferflow.chain.ChainAnalysis;
import org.pufferflow.chain.Ergodicity;
import org.pufferflow.chain.SpectralBounds;
import org.pufferflow.chain.TransitionMatrices;
import org.pufferflow.common.PufferPreconditions;

/**
 * A finite class Θ = {P_1, …, P_n} of known transition matrices over the same k states (docs/test-vectors.md, 'MQM').
 * σ_max is the maximum over θ of the per-θ σ_max (003 Algorithm 1), tighter than the global (π_Θ, g_Θ) summary.
 *
 * <p>Validation: every matrix is square, row-stochastic, with the same k; irreducible for the exact modes,
 * ergodic (irreducible and aperiodic) for the approximate modes, reversible for approx-reversible (detailed balance
 * to 1e-12, 000 Condition 4.6) — otherwise the mode is refused with a message naming the chain.
 *
 * <p>The (π_min, gap) of the approximate modes come from dense exact algebra ({@link ChainAnalysis}) for chains of
 * at most {@link #DENSE_ANALYSIS_MAX_STATES} states and from the certified lower bounds of {@link SpectralBounds}
 * for larger ones (docs/mqm.md, 'Certified bounds for large chains'): safe-side bounds, so σ can only grow.
 */
public final class FiniteChainClass implements ChainClass {

  @Serial private static final long serialVersionUID = 1L;

  /**
   * Largest state space the exact modes accept: their tables hold 3·T·k² ratios and take O(T·k³) time to build
   * (k = 32, T = 1000: 24 MB, ~0.1 s). Larger chains use approx-general.
   */
  public static final int MAX_EXACT_STATES = 32;

  /**
   * Largest chain analysed by dense exact algebra (O(k³)); larger ergodic chains get certified bounds from the
   * sparse {@link SpectralBounds} instead (a 50 × 50 grid in a fraction of a second).
   */
  public static final int DENSE_ANALYSIS_MAX_STATES = 200;

  private final List<double[][]> chains;
  private final transient List<Summary> analyses;

  /** What the approximate modes read from one chain; {@code null} in the list for a large periodic chain. */
  private record Summary(double piMin, double gapP, double gapPPStar, boolean reversible) {

    static Summary of(String name, double[][] p) {
      if (p.length <= DENSE_ANALYSIS_MAX_STATES) {
        ChainAnalysis a = ChainAnalysis.of(p);
        return new Summary(a.piMin(), a.gapP(), a.gapPPStar(), a.isReversible());
      }
      if (Ergodicity.period(p) != 1) {
        return null; // no gap; the approximate modes refuse it by Ergodicity.checkErgodic
      }
      try {
        SpectralBounds b = SpectralBounds.certify(TransitionMatrices.of(name, p));
        return new Summary(b.piMinLowerBound(), b.gapPLowerBound(), b.gapPPStarLowerBound(), b.isReversible());
      } catch (IllegalArgumentException e) {
        throw PufferPreconditions.invalid(name, name + ": " + e.getMessage());
      }
    }
  }

  private FiniteChainClass(List<double[][]> chains) {
    PufferPreconditions.checkArgument(MqmParameters.CHAINS, !chains.isEmpty(),
        "chains: the class must contain at least one chain");
    List<double[][]> copies = new ArrayList<>();
    List<Summary> a = new ArrayList<>();
    int k = -1;
    for (int j = 0; j < chains.size(); j++) {
      String name = MqmParameters.CHAIN + "[" + j + "]";
      double[][] p = PufferPreconditions.checkNotNull(name, chains.get(j));
      Ergodicity.checkIrreducible(name, p);
      if (k < 0) {
        k = p.length;
      }
      PufferPreconditions.checkArgument(name,
          p.length == k, "%s: has %d states, chain[0] has %d (a class shares one state space)", name, p.length, k);
      double[][] c = new double[p.length][];
      for (int i = 0; i < p.length; i++) {
        c[i] = p[i].clone();
      }
      copies.add(c);
      a.add(Summary.of(name, c));
    }
    this.chains = Collections.unmodifiableList(copies);
    this.analyses = Collections.unmodifiableList(a);
  }

  /** A class of one or more chains (each given as rows of a row-stochastic matrix). */
  public static FiniteChainClass of(List<double[][]> chains) {
    return new FiniteChainClass(PufferPreconditions.checkNotNull(MqmParameters.CHAINS, chains));
  }

  /** A class of the given chains. */
  public static FiniteChainClass of(double[][]... chains) {
    return of(Arrays.asList(chains));
  }

  @Override
  public List<QuiltInfluence> influences(MqmMode mode, int maxLength) {
    if (mode.isExact()) {
      PufferPreconditions.checkArgument(MqmParameters.MODE,
          states() <= MAX_EXACT_STATES,
          "mode = %s: the chains have %d states, the exact modes accept at most %d (tables of T*k^2 ratios);"
              + " use mode approx-general",
          mode, states(), MAX_EXACT_STATES);
    }
    List<QuiltInfluence> out = new ArrayList<>();
    for (int j = 0; j < chains.size(); j++) {
      String name = MqmParameters.CHAIN + "[" + j + "]";
      double[][] p = chains.get(j);
      Summary a = analyses.get(j);
      switch (mode) {
        case EXACT -> out.add(StationaryExactInfluence.of(p, maxLength));
        case EXACT_ANY_INITIAL -> out.add(AnyInitialExactInfluence.of(p, maxLength));
        case APPROX_REVERSIBLE -> {
          Ergodicity.checkErgodic(name, p);
          PufferPreconditions.checkArgument(name,
              a.reversible(),
              "%s is not reversible (detailed balance π_x P[x,y] = π_y P[y,x] fails): mode approx-reversible is"
                  + " refused, use approx-general",
              name);
          out.add(ApproxInfluence.of(a.piMin(), a.gapP()));
        }
        case APPROX_GENERAL -> {
          Ergodicity.checkErgodic(name, p);
          out.add(ApproxInfluence.of(a.piMin(), a.gapPPStar() / 2));
        }
        default -> throw PufferPreconditions.invalid(MqmParameters.MODE, "mode = " + mode + ": unsupported");
      }
    }
    return out;
  }

  @Override
  public int states() {
    return chains.get(0).length;
  }

  @Override
  public double piMin(MqmMode mode) {
    double m = Double.POSITIVE_INFINITY;
    for (Summary a : analyses) {
      m = Math.min(m, a == null ? 0.0 : a.piMin());
    }
    return m;
  }

  @Override
  public double gap(MqmMode mode) {
    double m = Double.POSITIVE_INFINITY;
    for (Summary a : analyses) {
      m = Math.min(m, a == null ? 0.0 : mode == MqmMode.APPROX_REVERSIBLE ? a.gapP() : a.gapPPStar());
    }
    return m;
  }

  @Override
  public MqmMode defaultMode() {
    return MqmMode.EXACT_ANY_INITIAL;
  }

  /** Number of chains in the class. */
  public int size() {
    return chains.size();
  }

  /** Deserialisation revalidates the chains and recomputes their analyses. */
  @Serial
  private Object readResolve() {
    return new FiniteChainClass(chains);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof FiniteChainClass other) || other.chains.size() != chains.size()) {
      return false;
    }
    for (int j = 0; j < chains.size(); j++) {
      if (!Arrays.deepEquals(chains.get(j), other.chains.get(j))) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    int h = 1;
    for (double[][] p : chains) {
      h = 31 * h + Arrays.deepHashCode(p);
    }
    return h;
  }

  @Override
  public String toString() {
    return "FiniteChainClass{" + chains.size() + " chains, k=" + states() + "}";
  }
}
