package org.pufferflow.jobs.config;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The class Θ of Markov chains for MQM ({@code mqm.theta}, mqm.md §1). */
public sealed interface ThetaConfig extends Serializable
    permits ThetaConfig.Model, ThetaConfig.Chains, ThetaConfig.Bounds {

  /** {@code theta: model}: Θ = {the model's transition matrix}, which the loader checked to be ergodic. */
  record Model() implements ThetaConfig {}

  /** {@code theta: {chains: [...]}}: a finite class of ergodic N×N transition matrices. */
  record Chains(List<double[][]> chains) implements ThetaConfig {
    public Chains {
      List<double[][]> copy = new ArrayList<>(chains.size());
      for (double[][] c : chains) {
        copy.add(Matrices.copy(c));
      }
      chains = List.copyOf(copy);
    }

    @Override
    public List<double[][]> chains() {
      List<double[][]> copy = new ArrayList<>(chains.size());
      for (double[][] c : chains) {
        copy.add(Matrices.copy(c));
      }
      return copy;
    }

    @Override
    public boolean equals(Object o) {
      if (!(o instanceof Chains c) || c.chains.size() != chains.size()) {
        return false;
      }
      for (int i = 0; i < chains.size(); i++) {
        if (!Arrays.deepEquals(chains.get(i), c.chains.get(i))) {
          return false;
        }
      }
      return true;
    }

    @Override
    public int hashCode() {
      int h = 1;
      for (double[][] m : chains) {
        h = 31 * h + Arrays.deepHashCode(m);
      }
      return h;
    }

    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder("Chains[");
      for (int i = 0; i < chains.size(); i++) {
        sb.append(i == 0 ? "" : ", ").append(Arrays.deepToString(chains.get(i)));
      }
      return sb.append(']').toString();
    }
  }

  /**
   * {@code theta: {piMin: p, gap: g}}: a class known only by its bounds (approximate modes only).
   *
   * @param piMin lower bound on every stationary probability, in (0, 1/N]
   * @param gap lower bound on the eigen-gap, in (0, 1]
   */
  record Bounds(double piMin, double gap) implements ThetaConfig {}
}
