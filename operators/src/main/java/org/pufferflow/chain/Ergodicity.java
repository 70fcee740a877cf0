package org.pufferflow.chain;

import java.util.Arrays;
import org.pufferflow.common.PufferPreconditions;

/**
 * Ergodicity of a finite Markov chain, read off the support graph of P (x → y iff P[x][y] &gt; 0; docs/mqm.md,
 * 'What is protected'; docs/configuration.md, `mqm`): irreducibility as reachability from and to state 0,
 * and the period as the gcd of cycle lengths through state 0 (BFS levels); ergodic = irreducible and aperiodic.
 * Graph-based, O(k²) per call on an array of rows (O(k + nnz) on sparse rows), exact (only the signs of entries are
 * read).
 *
 * <p>Matrices are rows of a row-stochastic matrix, {@code P[x][y] = Pr(X_{t+1}=y | X_t=x)}. The {@code check}
 * methods validate that ({@link TransitionMatrices#checkStochastic}) and fail with a message naming the chain; the
 * queries ({@link #isIrreducible}, {@link #firstUnreachedFromZero}, {@link #firstNotReachingZero}, {@link #period})
 * do not validate: the caller passes a square matrix with at least one state, and for {@link #period} an
 * irreducible one (otherwise the result covers only the states reachable from 0). Stateless; P is public prior
 * knowledge, as in {@link ChainAnalysis}.
 */
public final class Ergodicity {

  private Ergodicity() {}

  /** Fails unless the chain is irreducible (every state reaches every other state). */
  public static double[][] checkIrreducible(String name, double[][] p) {
    TransitionMatrices.checkStochastic(name, p);
    final String why = " (the chain must be ergodic: every state reachable from every other)";
    int unreached = firstUnreachedFromZero(p);
    PufferPreconditions.checkArgument(name,
        unreached < 0, "%s is not irreducible: state %d cannot be reached from state 0" + why, name, unreached);
    int stuck = firstNotReachingZero(p);
    PufferPreconditions.checkArgument(name,
        stuck < 0, "%s is not irreducible: state 0 cannot be reached from state %d" + why, name, stuck);
    return p;
  }

  /** Fails unless the chain is irreducible and aperiodic (ergodic). */
  public static double[][] checkErgodic(String name, double[][] p) {
    checkIrreducible(name, p);
    int d = period(p);
    PufferPreconditions.checkArgument(name,
        d == 1,
        "%s is periodic with period %d: the chain must be aperiodic (ergodic) for this mode; its eigen-gap is 0",
        name, d);
    return p;
  }

  /** True iff every state reaches every other state through positive-probability transitions. */
  public static boolean isIrreducible(double[][] p) {
    return firstUnreachedFromZero(p) < 0 && firstNotReachingZero(p) < 0;
  }

  /** The lowest state that cannot be reached from state 0, or −1 when every state can. */
  public static int firstUnreachedFromZero(double[][] p) {
    return firstFalse(reach(SparseRows.of(p)));
  }

  /** The lowest state from which state 0 cannot be reached, or −1 when every state reaches it. */
  public static int firstNotReachingZero(double[][] p) {
    return firstFalse(reach(SparseRows.of(p).transpose()));
  }

  /** {@link #isIrreducible(double[][])} of a {@link TransitionMatrix}, O(N + nnz) for a sparse one. */
  public static boolean isIrreducible(TransitionMatrix m) {
    return firstUnreachedFromZero(m) < 0 && firstNotReachingZero(m) < 0;
  }

  /** {@link #firstUnreachedFromZero(double[][])} of a {@link TransitionMatrix}. */
  public static int firstUnreachedFromZero(TransitionMatrix m) {
    return firstFalse(reach(SparseRows.of(m)));
  }

  /** {@link #firstNotReachingZero(double[][])} of a {@link TransitionMatrix}. */
  public static int firstNotReachingZero(TransitionMatrix m) {
    return firstFalse(reach(SparseRows.of(m).transpose()));
  }

  /** {@link #period(double[][])} of a {@link TransitionMatrix} (irreducible). */
  public static int period(TransitionMatrix m) {
    return period(SparseRows.of(m));
  }

  /** Fails (naming "P") unless the chain of {@code p} is irreducible; {@code p} is not re-validated. */
  static void checkIrreducible(SparseRows p) {
    final String why = " (the chain must be ergodic: every state reachable from every other)";
    int unreached = firstFalse(reach(p));
    PufferPreconditions.checkArgument("P",
        unreached < 0, "P is not irreducible: state %d cannot be reached from state 0" + why, unreached);
    int stuck = firstFalse(reach(p.transpose()));
    PufferPreconditions.checkArgument("P",
        stuck < 0, "P is not irreducible: state 0 cannot be reached from state %d" + why, stuck);
  }

  /** Irreducible and aperiodic, read off the non-zero pattern in O(N + nnz) (for {@link SpectralBounds}). */
  static boolean isErgodic(SparseRows p) {
    return firstFalse(reach(p)) < 0 && firstFalse(reach(p.transpose())) < 0 && period(p) == 1;
  }

  private static int firstFalse(boolean[] seen) {
    for (int x = 0; x < seen.length; x++) {
      if (!seen[x]) {
        return x;
      }
    }
    return -1;
  }

  private static boolean[] reach(SparseRows p) {
    int k = p.n;
    boolean[] seen = new boolean[k];
    int[] stack = new int[k];
    int top = 0;
    seen[0] = true;
    stack[top++] = 0;
    while (top > 0) {
      int u = stack[--top];
      for (int e = p.start[u]; e < p.start[u + 1]; e++) {
        int v = p.col[e];
        if (!seen[v]) {
          seen[v] = true;
          stack[top++] = v;
        }
      }
    }
    return seen;
  }

  /** Period of an irreducible chain: gcd of cycle lengths through state 0 (1 = aperiodic). */
  public static int period(double[][] p) {
    return period(SparseRows.of(p));
  }

  private static int period(SparseRows p) {
    int k = p.n;
    int[] level = new int[k];
    Arrays.fill(level, -1);
    int[] queue = new int[k];
    int head = 0;
    int tail = 0;
    level[0] = 0;
    queue[tail++] = 0;
    int g = 0;
    while (head < tail) {
      int u = queue[head++];
      for (int e = p.start[u]; e < p.start[u + 1]; e++) {
        int v = p.col[e];
        if (level[v] < 0) {
          level[v] = level[u] + 1;
          queue[tail++] = v;
        } else {
          g = gcd(g, Math.abs(level[u] + 1 - level[v]));
        }
      }
    }
    return g == 0 ? 1 : g;
  }

  private static int gcd(int a, int b) {
    while (b != 0) {
      int t = a % b;
      a = b;
      b = t;
    }
    return a;
  }
}
