package org.pufferflow.tools.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.chain.SparseTransitionMatrix;
import org.pufferflow.mechanism.dphmm.Constraint;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.mechanism.redaction.RedactionMechanism;
import org.pufferflow.mechanism.redaction.RedactionPlan;
import org.pufferflow.mechanism.redaction.SplitRule;
import org.pufferflow.noise.NoiseKey;
import org.pufferflow.operators.NoiseKeySource;
import org.pufferflow.policy.PolicyGraph;
import org.pufferflow.policy.StateQuery;

/**
 * The public configurations the benchmarks run (docs/benchmarks.md, 'Keyed operators'), all at ε = 1:
 * <ul>
 *   <li>DPHMM: the lazy walk on the {@link SyntheticPath} grid (stay 0.6, 0.4 spread over the in-grid
 *       4-neighbours), uniform p0, f(cell) = its coordinates (d = 2 on a square grid, d = 1 on a line), utility
 *       policy graph of radius 1.5 cells, support constraint (by default the exact support), strict repair,
 *       K-norm — the model of the DPHMM JMH benchmark;</li>
 *   <li>MQM: k states, the sticky uniform chain 0.5·I + 0.5/k (gap 0.5), windows of {@value #WINDOW} ticks every
 *       {@value #SLIDE}, exact-any-initial, counts;</li>
 *   <li>redaction: the binary chain α = 0.2, β = 0.3, the default mechanism, the smallest hold-back the plan
 *       accepts, no opt-outs (the common case: the per-record rule with no private tick near).</li>
 * </ul>
 * The descriptions carry the budget {@link #UNLIMITED}, large enough never to stop a release. The noise key is a
 * fixed, public benchmark key written to a temporary file: the input is synthetic, nothing private is protected by it.
 */
@Internal
public final class BenchModels {

  static final int WINDOW = 96;
  static final int SLIDE = 24;
  static final double EPSILON = 1.0;
  static final double ALPHA = 0.2;
  static final double BETA = 0.3;
  /** A budget no benchmark run exhausts. */
  public static final LedgerPolicy UNLIMITED = LedgerPolicy.builder().totalBudget(1e12).build();

  private BenchModels() {}

  /** The lazy grid walk of {@code path}'s grid, as dense rows (for small N: the YAML of {@code bench pipeline}). */
  static double[][] lazyWalk(SyntheticPath path) {
    SparseTransitionMatrix m = sparseLazyWalk(path);
    int n = path.states();
    double[][] rows = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        rows[i][j] = m.get(i, j);
      }
    }
    return rows;
  }

  /**
   * The lazy grid walk of {@code path}'s grid in CSR form, built row by row without an N × N array (N = 10⁴ would
   * need 800 MB dense): stay 0.6, 0.4 spread over the in-grid 4-neighbours.
   */
  public static SparseTransitionMatrix sparseLazyWalk(SyntheticPath path) {
    int rows = path.rows();
    int cols = path.cols();
    int n = path.states();
    int[] rowStart = new int[n + 1];
    int[] col = new int[5 * n];
    double[] val = new double[5 * n];
    int e = 0;
    for (int k = 0; k < n; k++) {
      int r = k / cols;
      int c = k % cols;
      int[] nb = new int[4];
      int deg = 0;
      // increasing column order: up, left, (self), right, down
      if (r > 0) {
        nb[deg++] = k - cols;
      }
      if (c > 0) {
        nb[deg++] = k - 1;
      }
      if (c < cols - 1) {
        nb[deg++] = k + 1;
      }
      if (r < rows - 1) {
        nb[deg++] = k + cols;
      }
      rowStart[k] = e;
      boolean self = false;
      for (int q = 0; q < deg; q++) {
        if (!self && nb[q] > k) {
          col[e] = k;
          val[e++] = 0.6;
          self = true;
        }
        col[e] = nb[q];
        val[e++] = 0.4 / deg;
      }
      if (!self) {
        col[e] = k;
        val[e++] = 0.6;
      }
    }
    rowStart[n] = e;
    return SparseTransitionMatrix.fromCsr("transition", n, rowStart, java.util.Arrays.copyOf(col, e),
        java.util.Arrays.copyOf(val, e));
  }

  /** The DPHMM model above with the default constraint, the exact support of the prior. */
  public static DphmmConfig dphmm(int states) {
    return dphmm(states, Constraint.support());
  }

  /**
   * The DPHMM model above with {@code constraint} instead of the default (e.g. the opt-in truncation
   * {@link Constraint#support(double)}, docs/dphmm.md, 'The constraint C_t').
   */
  public static DphmmConfig dphmm(int states, Constraint constraint) {
    SyntheticPath path = new SyntheticPath(states);
    double[][] f = new double[states][];
    for (int k = 0; k < states; k++) {
      f[k] = path.rows() > 1 ? new double[] {k / path.cols(), k % path.cols()} : new double[] {k};
    }
    double[] p0 = new double[states];
    Arrays.fill(p0, 1.0 / states);
    StateQuery query = StateQuery.of("query", f, states);
    return DphmmConfig.builder().forRelease().transition(sparseLazyWalk(path))
        .initial(p0).query(query).policyGraph(PolicyGraph.utility(query, 1.5)).constraint(constraint).epsilon(EPSILON)
        .budget(UNLIMITED).build();
  }

  /** The sticky uniform chain 0.5·I + 0.5/k. */
  static double[][] stickyUniform(int k) {
    double[][] m = new double[k][k];
    for (int i = 0; i < k; i++) {
      Arrays.fill(m[i], 0.5 / k);
      m[i][i] += 0.5;
    }
    return m;
  }

  public static MqmWindowPlan mqm(int states) {
    return MqmWindowPlan.builder().window(WINDOW).slide(SLIDE).epsilon(EPSILON)
        .chains(java.util.Collections.singletonList(stickyUniform(states))).budget(UNLIMITED).build();
  }

  /** Labels "0", "1", … of the MQM histogram bins. */
  public static List<String> labels(int states) {
    List<String> out = new ArrayList<>(states);
    for (int i = 0; i < states; i++) {
      out.add(Integer.toString(i));
    }
    return out;
  }

  public static RedactionPlan redaction() {
    long holdBack = RedactionPlan.of(ALPHA, BETA, EPSILON, RedactionMechanism.DEFAULT, SplitRule.DEFAULT,
        RedactionPlan.MAX_SIDE_TICKS).holdBack();
    return RedactionPlan.of(ALPHA, BETA, EPSILON, RedactionMechanism.DEFAULT, null, holdBack);
  }

  /** The fixed public benchmark key (bytes 0x5a, 0x5b, …), hexadecimal. */
  static byte[] benchKey() {
    byte[] key = new byte[NoiseKey.MIN_BYTES];
    for (int i = 0; i < key.length; i++) {
      key[i] = (byte) (0x5a + i);
    }
    return key;
  }

  /** Writes the benchmark key as hexadecimal to {@code dir}/bench.key and returns its source. */
  public static NoiseKeySource writeBenchKey(Path dir) {
    StringBuilder hex = new StringBuilder();
    for (byte b : benchKey()) {
      hex.append(String.format("%02x", b));
    }
    Path file = dir.resolve("bench.key").toAbsolutePath();
    try {
      Files.writeString(file, hex.toString(), StandardCharsets.US_ASCII);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the benchmark key", e);
    }
    return NoiseKeySource.file(file.toString());
  }
}
