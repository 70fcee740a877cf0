package org.pufferflow.jobs.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Scale;
import org.pufferflow.chain.TransitionMatrices;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;

/** Invariants of the validation over generated models. */
class ConfigPropertiesTest {

  @Provide
  Arbitrary<double[][]> stochastic() {
    return Arbitraries.integers()
        .between(1, 6)
        .flatMap(
            n ->
                Arbitraries.doubles()
                    .between(0.01, 1)
                    .array(double[].class)
                    .ofSize(n)
                    .array(double[][].class)
                    .ofSize(n)
                    .map(ConfigPropertiesTest::normalise));
  }

  private static double[][] normalise(double[][] m) {
    for (double[] row : m) {
      double s = 0;
      for (double x : row) {
        s += x;
      }
      for (int j = 0; j < row.length; j++) {
        row[j] /= s;
      }
    }
    return m;
  }

  private static String yaml(double[][] m) {
    StringJoiner states = new StringJoiner(", ", "[", "]");
    StringJoiner rows = new StringJoiner(", ", "[", "]");
    for (int i = 0; i < m.length; i++) {
      states.add("s" + i);
      StringJoiner row = new StringJoiner(", ", "[", "]");
      for (double x : m[i]) {
        row.add(Double.toString(x));
      }
      rows.add(row.toString());
    }
    return "kafka: {bootstrapServers: embedded}\ntime: {tickMillis: 1000}\n"
        + "model: {states: " + states + ", transition: " + rows + "}\n"
        + "discretizer: {type: categorical}\n"
        + "mqm: {window: 4, epsilon: 1.0, budget: {total: 10}}\nnoise: {keyEnv: KEY}\n";
  }

  /** Positive row-stochastic matrices are valid, ergodic, and read back exactly. */
  @Property(tries = 100)
  void positiveStochasticMatricesAreAccepted(@ForAll("stochastic") double[][] m) {
    JobConfig c = ConfigLoader.parse(yaml(m), Path.of("."));
    assertThat(c.model().transition().toArray()).isDeepEqualTo(m);
    assertThat(c.description(MqmWindowPlan.class).chainClass()).isEqualTo(org.pufferflow.mechanism.mqm.FiniteChainClass.of(m));
  }

  /** A row pushed off 1 by more than the tolerance is reported at exactly that row. */
  @Property(tries = 100)
  void aRowOffByMoreThanTheToleranceIsNamed(
      @ForAll("stochastic") double[][] m,
      @ForAll @IntRange(min = 0, max = 5) int r,
      @ForAll @DoubleRange(min = 1e-8, max = 0.5) @Scale(12) double delta) {
    int row = r % m.length;
    m[row][0] += delta;
    assertThatThrownBy(() -> ConfigLoader.parse(yaml(m), Path.of(".")))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("model.transition[" + row + "]: row sums to ")
        .hasMessageEndingWith(", expected 1 (±1e-9)");
  }

  /** The cyclic shift on n ≥ 2 states is periodic with period n; adding one self-loop makes it aperiodic. */
  @Property(tries = 30)
  void cyclesHaveTheirLengthAsPeriod(@ForAll @IntRange(min = 2, max = 40) int n) {
    double[][] p = new double[n][n];
    List<String> labels = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      p[i][(i + 1) % n] = 1;
      labels.add("s" + i);
    }
    assertThat(ChainChecks.ergodicityProblem(TransitionMatrices.of(p), labels)).isEqualTo("periodic with period " + n + ", not aperiodic");
    p[n - 1][n - 1] = 0.5;
    p[n - 1][0] = 0.5;
    assertThat(ChainChecks.ergodicityProblem(TransitionMatrices.of(p), labels)).isNull();
  }

  /** Reversibility is preserved by construction: P_ij = w_ij / W_i for a symmetric weight matrix w. */
  @Property(tries = 100)
  void chainsFromSymmetricWeightsAreReversible(@ForAll("symmetricWeights") double[][] w) {
    int n = w.length;
    double[][] p = new double[n][n];
    List<String> labels = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      double s = 0;
      for (double x : w[i]) {
        s += x;
      }
      for (int j = 0; j < n; j++) {
        p[i][j] = w[i][j] / s;
      }
      labels.add("s" + i);
    }
    assertThat(ChainChecks.reversibilityProblem(TransitionMatrices.of(p), labels)).isNull();
  }

  @Provide
  Arbitrary<double[][]> symmetricWeights() {
    return Combinators.combine(Arbitraries.integers().between(2, 6), Arbitraries.longs())
        .as(
            (n, seed) -> {
              double[][] w = new double[n][n];
              long x = seed;
              for (int i = 0; i < n; i++) {
                for (int j = i; j < n; j++) {
                  x = x * 6364136223846793005L + 1442695040888963407L;
                  double v = 0.05 + ((x >>> 11) * 0x1.0p-53);
                  w[i][j] = v;
                  w[j][i] = v;
                }
              }
              return w;
            });
  }
}
