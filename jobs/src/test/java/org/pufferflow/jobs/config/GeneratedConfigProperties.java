package org.pufferflow.jobs.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import org.pufferflow.mechanism.redaction.RedactionPlan;

import java.nio.file.Path;
import java.util.Locale;
import java.util.StringJoiner;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;

/**
 * Generated valid configurations (model size 2..5, every policy-graph type, constraints, repairs, noises, ε, MQM
 * windows, slides, Θ and modes, budgets with and without periods, redaction parameters) all load, build every
 * mechanism at load time, and survive Java serialization with identical behaviour. Redaction cases also check the
 * other side of the hold-back rule: one tick less than the plan needs is refused at {@code redaction.holdBackTicks}.
 */
class GeneratedConfigProperties {

  /** A small deterministic generator (test only): everything of one case follows from the seed. */
  private static final class Draws {
    private long x;

    Draws(long seed) {
      x = seed ^ 0x9E3779B97F4A7C15L;
    }

    double uniform() {
      x = x * 6364136223846793005L + 1442695040888963407L;
      return (x >>> 11) * 0x1.0p-53;
    }

    double between(double lo, double hi) {
      return lo + (hi - lo) * uniform();
    }

    int below(int n) {
      return (int) Math.min(n - 1, Math.floor(uniform() * n));
    }

    boolean coin() {
      return uniform() < 0.5;
    }
  }

  static String num(double v) {
    return String.format(Locale.ROOT, "%.6f", v);
  }

  /** A positive row-stochastic matrix (every entry ≥ 0.05 before normalising), rows rounded to 6 digits. */
  static double[][] chain(Draws r, int n) {
    double[][] m = new double[n][n];
    for (int i = 0; i < n; i++) {
      double s = 0;
      for (int j = 0; j < n; j++) {
        m[i][j] = Math.round(r.between(0.05, 1) * 1e6) / 1e6;
        s += m[i][j];
      }
      double rest = 1;
      for (int j = 0; j < n - 1; j++) {
        m[i][j] = Math.round(m[i][j] / s * 1e6) / 1e6;
        rest -= m[i][j];
      }
      m[i][n - 1] = rest;
    }
    return m;
  }

  static String matrix(double[][] m) {
    StringJoiner rows = new StringJoiner(", ", "[", "]");
    for (double[] row : m) {
      StringJoiner j = new StringJoiner(", ", "[", "]");
      for (double x : row) {
        j.add(Double.toString(x));
      }
      rows.add(j.toString());
    }
    return rows.toString();
  }

  static String budget(Draws r) {
    double total = r.between(1, 1000);
    return r.coin()
        ? "{total: " + num(total) + "}"
        : "{total: " + num(total) + ", perPeriod: " + num(total * r.between(0.01, 1)) + ", periodTicks: "
            + (1 + r.below(2000)) + "}";
  }

  /** The YAML of case {@code seed} over n states with the mechanisms of {@code mask} (bit 0 dphmm, 1 mqm, 2 redaction). */
  static String yaml(long seed, int n, int mask, long holdBackOverride) {
    Draws r = new Draws(seed);
    double[][] m = chain(r, n);
    StringBuilder y = new StringBuilder();
    y.append("kafka: {bootstrapServers: embedded}\ntime: {tickMillis: 1000}\n");
    StringJoiner states = new StringJoiner(", ", "[", "]");
    StringJoiner query = new StringJoiner(", ", "[", "]");
    for (int i = 0; i < n; i++) {
      states.add("s" + i);
      query.add("[" + num(r.between(-5, 5)) + ", " + num(r.between(-5, 5)) + "]");
    }
    y.append("model: {states: ").append(states).append(", transition: ").append(matrix(m));
    if (r.coin()) {
      y.append(", query: ").append(query);
    }
    y.append("}\ndiscretizer: {type: categorical}\n");
    if ((mask & 1) != 0) {
      String[] graphs = {
        "{type: complete}",
        "{type: categorical, labels: [" + "a, b, a, b, c".substring(0, 3 * n - 2) + "]}",
        "{type: utility, radius: " + num(r.between(0.5, 8)) + "}",
        "{type: transition, theta: " + num(r.between(0, 0.3)) + "}",
        "{type: edges, edges: [[0, 1]" + (n > 2 ? ", [s1, s2]" : "") + "]}"
      };
      y.append("dphmm:\n  epsilon: ").append(num(r.between(0.05, 5)))
          .append("\n  policyGraph: ").append(graphs[r.below(graphs.length)]);
      if (r.coin()) {
        y.append("\n  constraint: ").append(r.coin() ? "{type: support}" : "{type: delta, delta: " + num(
            r.between(0, 0.2)) + "}");
      }
      String[] repairs = {"strict", "greedy", "min-volume"};
      y.append("\n  repair: ").append(repairs[r.below(3)]).append("\n  fullSpan: ").append(r.coin())
          .append("\n  mechanism: ").append(r.coin() ? "k-norm" : "laplace")
          .append("\n  budget: ").append(budget(r)).append('\n');
    }
    if ((mask & 2) != 0) {
      int window = 1 + r.below(40);
      int slide = 1 + r.below(window);
      y.append("mqm:\n  window: ").append(window).append("\n  slide: ").append(slide)
          .append("\n  epsilon: ").append(num(r.between(0.5, 4)));
      if (r.below(3) == 0) {
        y.append("\n  theta: {piMin: ").append(num(r.between(0.5, 1) / n)).append(", gap: ")
            .append(num(r.between(0.3, 1))).append("}\n  mode: approx-general");
      } else {
        y.append("\n  theta: model");
        String[] modes = n == 2
            ? new String[] {"exact", "exact-any-initial", "approx-general", "approx-reversible"}
            : new String[] {"exact", "exact-any-initial", "approx-general"};
        y.append("\n  mode: ").append(modes[r.below(modes.length)]);
      }
      y.append("\n  output: ").append(r.coin() ? "counts" : "frequencies")
          .append("\n  budget: ").append(budget(r)).append('\n');
    }
    if ((mask & 4) != 0 && n == 2) {
      String[] mechanisms = {"3r-relaxed", "3r-optimal", "3r-numerical", "mq", "mq-tight"};
      String mechanism = mechanisms[r.below(mechanisms.length)];
      y.append("redaction:\n  alpha: ").append(m[0][1]).append("\n  beta: ").append(m[1][0])
          .append("\n  epsilon: ").append(num(r.between(0.5, 4)))
          .append("\n  mechanism: ").append(mechanism);
      if (!mechanism.startsWith("mq") && r.coin()) {
        y.append("\n  split: ").append(r.coin() ? "auto" : "half");
      }
      y.append("\n  holdBackTicks: ").append(holdBackOverride).append('\n');
    }
    y.append("noise: {keyEnv: PUFFERFLOW_NOISE_KEY}\n");
    return y.toString();
  }

  @Property(tries = 200)
  void generatedConfigurationsLoadBuildAndSerialize(
      @ForAll long seed,
      @ForAll @IntRange(min = 2, max = 5) int n,
      @ForAll @IntRange(min = 1, max = 7) int mask,
      @ForAll @LongRange(min = 0, max = 50) long spareTicks) throws Exception {
    if (n != 2) {
      mask = (mask & 3) == 0 ? 3 : mask & 3; // redaction needs N = 2
    }
    // redaction needs the plan's hold-back: find it with a generous value, then use exactly needed + spare
    long needed = 0;
    if ((mask & 4) != 0 && n == 2) {
      JobConfig probe = ConfigLoader.parse(yaml(seed, n, mask, 1_000_000), Path.of("."));
      needed = probe.description(RedactionPlan.class).holdBack();
      if (needed > 0) {
        String tooShort = yaml(seed, n, mask, needed - 1);
        assertThatThrownBy(() -> ConfigLoader.parse(tooShort, Path.of(".")))
            .isInstanceOf(ConfigException.class)
            .hasMessageStartingWith("redaction.holdBackTicks: holdBackTicks = " + (needed - 1) + ": too small")
            .hasMessageContaining("needs holdBackTicks >= " + needed);
      }
    }
    JobConfig c = ConfigLoader.parse(yaml(seed, n, mask, needed + spareTicks), Path.of("."));
    assertThat(c.anyMechanism()).isTrue();
    assertThat(c.description(DphmmConfig.class) != null).isEqualTo((mask & 1) != 0);
    assertThat(c.description(MqmWindowPlan.class) != null).isEqualTo((mask & 2) != 0);
    BuiltMechanisms.assertSerializesAndBehavesIdentically(c);
  }
}
