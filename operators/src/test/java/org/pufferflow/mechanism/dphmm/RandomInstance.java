package org.pufferflow.mechanism.dphmm;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.pufferflow.chain.TransitionMatrices;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.policy.PolicyGraph;
import org.pufferflow.policy.StateQuery;

/**
 * Random DPHMM instances for property tests, as in docs/test-vectors.md, 'DPHMM' "Randomised self-consistency check": N ∈
 * [2, 12], d ∈ {1,2,3}, F integer in 0..3 (many collinear and duplicate cases) or Gaussian, graphs empty, random,
 * utility, categorical, complete or transition, C random with |C| ≥ 2. Test code: java.util.Random is fine here.
 */
final class RandomInstance {
  final long seed;
  final int n;
  final int d;
  final StateQuery f;
  final TransitionMatrix m;
  final PolicyGraph graph;
  final String graphKind;
  final int[] c;
  final double epsilon;

  RandomInstance(long seed) {
    this.seed = seed;
    Random r = new Random(seed);
    n = 2 + r.nextInt(11);
    d = 1 + r.nextInt(3);
    boolean integer = r.nextBoolean();
    double[][] rows = new double[n][d];
    for (int i = 0; i < n; i++) {
      for (int a = 0; a < d; a++) {
        rows[i][a] = integer ? r.nextInt(4) : r.nextGaussian();
      }
    }
    f = StateQuery.of(rows);
    double[][] mm = new double[n][n];
    for (int i = 0; i < n; i++) {
      double s = 0;
      for (int j = 0; j < n; j++) {
        mm[i][j] = r.nextDouble() < 0.4 ? r.nextDouble() : 0;
        s += mm[i][j];
      }
      if (s == 0) {
        mm[i][i] = 1;
        s = 1;
      }
      for (int j = 0; j < n; j++) {
        mm[i][j] /= s;
      }
      double t = 0;
      int big = 0;
      for (int j = 0; j < n; j++) {
        t += mm[i][j];
        if (mm[i][j] > mm[i][big]) {
          big = j;
        }
      }
      mm[i][big] += 1 - t;
    }
    m = TransitionMatrices.of(mm);
    int kind = r.nextInt(6);
    switch (kind) {
      case 0:
        graphKind = "empty";
        graph = PolicyGraph.edges(n, new int[0][]);
        break;
      case 1: {
        graphKind = "random";
        List<int[]> e = new ArrayList<>();
        for (int j = 0; j < n; j++) {
          for (int k = j + 1; k < n; k++) {
            if (r.nextDouble() < 0.25) {
              e.add(new int[] {j, k});
            }
          }
        }
        graph = PolicyGraph.edges(n, e.toArray(new int[0][]));
        break;
      }
      case 2:
        graphKind = "utility";
        graph = PolicyGraph.utility(f, integer ? 1 + r.nextInt(2) : 0.5 + r.nextDouble());
        break;
      case 3: {
        graphKind = "categorical";
        int[] labels = new int[n];
        for (int i = 0; i < n; i++) {
          labels[i] = r.nextInt(3);
        }
        graph = PolicyGraph.categorical(labels);
        break;
      }
      case 4:
        graphKind = "complete";
        graph = PolicyGraph.complete(n);
        break;
      default:
        graphKind = "transition";
        graph = PolicyGraph.transition(m, 0.2);
        break;
    }
    List<Integer> cl = new ArrayList<>();
    while (cl.size() < 2) {
      cl.clear();
      for (int i = 0; i < n; i++) {
        if (r.nextDouble() < 0.7) {
          cl.add(i);
        }
      }
    }
    c = cl.stream().mapToInt(Integer::intValue).toArray();
    epsilon = 0.1 + 2.9 * r.nextDouble();
  }

  /** p0 uniform on C. */
  double[] uniformOnC() {
    double[] p = new double[n];
    for (int s : c) {
      p[s] = 1.0 / c.length;
    }
    return p;
  }

  @Override
  public String toString() {
    return "seed=" + seed + " N=" + n + " d=" + d + " graph=" + graphKind + " |C|=" + c.length;
  }
}
