package org.pufferflow.jobs.config;

import java.util.List;
import org.pufferflow.chain.ChainAnalysis;
import org.pufferflow.chain.Ergodicity;
import org.pufferflow.chain.TransitionMatrices;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.common.InvalidParameterException;
import org.pufferflow.common.ModelPreconditions;
import org.pufferflow.mechanism.mqm.FiniteChainClass;
import org.pufferflow.mechanism.mqm.KnownChains;

/**
 * The configuration's view of the shared chain checks: reads transition matrices and distributions from the YAML
 * document and validates them with {@link PufferPreconditions} (row sums, within
 * {@link TransitionMatrices#ROW_SUM_TOLERANCE}), {@link Ergodicity} (irreducibility, period) and
 * {@link ChainAnalysis} (stationary distribution, detailed balance), so a configuration is accepted exactly when the
 * operators accept its chains.
 *
 * <p>What stays here is configuration wording only: shapes are reported "one per state", negative entries as
 * {@code "is negative (x)"}, states by index and label, and an {@link InvalidParameterException} of the shared checks
 * becomes a {@link ConfigException} whose path is the YAML path and whose reason is the exception's
 * {@link InvalidParameterException#reason()} (docs/configuration.md, docs/mqm.md, 'Modes').
 */
final class ChainChecks {

  private ChainChecks() {}

  /**
   * Reads {@code node} as an N×N transition matrix — a list of N dense rows, or the sparse row form
   * ({@link SparseTransitionRows}, which never builds an N×N array) — failing with a message naming the offending
   * row or entry. Stored sparse or dense by {@link TransitionMatrices}' density rule.
   */
  static TransitionMatrix readTransition(ConfigNode node, int n) {
    if (node.isMapping()) {
      return SparseTransitionRows.read(node, n);
    }
    double[][] m = node.asMatrix();
    if (m.length != n) {
      throw node.error("has " + m.length + " rows, expected " + n + " (one per state)");
    }
    for (int i = 0; i < n; i++) {
      if (m[i].length != n) {
        throw new ConfigException(node.path() + "[" + i + "]",
            "has " + m[i].length + " entries, expected " + n + " (one per state)");
      }
      checkRow(node.path(), i, null, m[i]);
    }
    return TransitionMatrices.of("transition", m);
  }

  /**
   * Checks row i of the matrix at {@code path}: its entries {@code values} in the columns {@code columns}
   * ({@code null}: columns 0..N−1) are non-negative, and they sum to 1 within the tolerance.
   */
  static void checkRow(String path, int i, int[] columns, double[] values) {
    String row = path + "[" + i + "]";
    for (int k = 0; k < values.length; k++) {
      if (values[k] < 0) {
        int j = columns == null ? k : columns[k];
        throw new ConfigException(row + "[" + j + "]", "is negative (" + Numbers.format(values[k]) + ")");
      }
    }
    try {
      ModelPreconditions.checkRowSum(path, i, sum(values), TransitionMatrices.ROW_SUM_TOLERANCE);
    } catch (InvalidParameterException e) {
      throw translate(row, e);
    }
  }

  /** Reads a probability distribution over N states (non-negative, sums to 1 within the tolerance). */
  static double[] readDistribution(ConfigNode node, int n) {
    double[] p = node.asDoubleArray();
    if (p.length != n) {
      throw node.error("has " + p.length + " entries, expected " + n + " (one per state)");
    }
    checkNonNegative(node.path(), p);
    try {
      return ModelPreconditions.checkDistribution(node.path(), p, n, TransitionMatrices.ROW_SUM_TOLERANCE);
    } catch (InvalidParameterException e) {
      throw translate(node.path(), e);
    }
  }

  /** Why {@code p} (already stochastic) is not ergodic — irreducible and aperiodic — or {@code null} when it is. */
  static String ergodicityProblem(TransitionMatrix p, List<String> labels) {
    int unreached = Ergodicity.firstUnreachedFromZero(p);
    if (unreached >= 0) {
      return "not irreducible: state " + name(labels, unreached) + " cannot be reached from state " + name(labels, 0);
    }
    int stuck = Ergodicity.firstNotReachingZero(p);
    if (stuck >= 0) {
      return "not irreducible: state " + name(labels, 0) + " cannot be reached from state " + name(labels, stuck);
    }
    int period = Ergodicity.period(p);
    return period == 1 ? null : "periodic with period " + period + ", not aperiodic";
  }

  /**
   * Why the ergodic chain {@code p} is not reversible — detailed balance within
   * {@link ChainAnalysis#REVERSIBILITY_TOLERANCE}, the operators' own test — or {@code null} when it is. Chains above
   * {@link FiniteChainClass#DENSE_ANALYSIS_MAX_STATES} states are not checked here (that needs dense algebra): the
   * certified class refuses a non-reversible one itself when the plan is built ({@link KnownChains}).
   */
  static String reversibilityProblem(TransitionMatrix m, List<String> labels) {
    if (m.size() > FiniteChainClass.DENSE_ANALYSIS_MAX_STATES) {
      return null;
    }
    double[][] p = m.toArray();
    int[] pair = ChainAnalysis.detailedBalanceViolation(p, ChainAnalysis.stationary(p));
    return pair == null
        ? null
        : "not reversible: detailed balance fails between states " + name(labels, pair[0]) + " and "
            + name(labels, pair[1]);
  }

  /** Configuration wording for a negative entry, {@code "<path>[j]: is negative (x)"}. */
  private static void checkNonNegative(String path, double[] v) {
    for (int j = 0; j < v.length; j++) {
      if (v[j] < 0) {
        throw new ConfigException(path + "[" + j + "]", "is negative (" + Numbers.format(v[j]) + ")");
      }
    }
  }

  /** A shared check's failure as a {@link ConfigException} at {@code path}, with the check's reason. */
  private static ConfigException translate(String path, InvalidParameterException e) {
    return new ConfigException(path, e.reason());
  }

  private static double sum(double[] v) {
    double s = 0;
    for (double x : v) {
      s += x;
    }
    return s;
  }

  private static String name(List<String> labels, int i) {
    return i + " (" + labels.get(i) + ")";
  }
}
