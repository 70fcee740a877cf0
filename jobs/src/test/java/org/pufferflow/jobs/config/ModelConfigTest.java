package org.pufferflow.jobs.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.pufferflow.jobs.config.InvalidConfigTest.mutate;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.chain.DenseTransitionMatrix;
import org.pufferflow.chain.SparseTransitionMatrix;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.mechanism.mqm.CertifiedChainClass;
import org.pufferflow.mechanism.mqm.FiniteChainClass;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;

/**
 * {@link ModelConfig} holds its transition matrix as a {@link TransitionMatrix}: sparse rows (a file's or inline)
 * never become an N×N array, the dense and the sparse form of one matrix give equal models, and large models reach
 * MQM as a {@link CertifiedChainClass} (docs/configuration.md, 'Model files').
 */
class ModelConfigTest {

  /** A job with only the model (from {@code file}), a categorical discretizer and {@code more} mutations. */
  private static JobConfig load(Path dir, String file, String... more) throws Exception {
    String[] base = {"-model.states", "-model.transition", "model.modelFile=\"" + file + "\"",
        "discretizer={\"type\":\"categorical\"}", "-redaction", "-dphmm", "-mqm"};
    String[] all = new String[base.length + more.length];
    System.arraycopy(base, 0, all, 0, base.length);
    System.arraycopy(more, 0, all, base.length, more.length);
    return ConfigLoader.parse(mutate(all), dir);
  }

  @Test
  void denseAndSparseRowsOfOneMatrixGiveEqualModels(@TempDir Path dir) throws Exception {
    GridModelFiles.write(dir, "sparse.yaml", 4, true);
    GridModelFiles.write(dir, "dense.yaml", 4, false);
    ModelConfig sparse = load(dir, "sparse.yaml").model();
    ModelConfig dense = load(dir, "dense.yaml").model();
    assertThat(sparse).isEqualTo(dense).hasSameHashCodeAs(dense);
    // 16 states, 64 non-zeros: a quarter of the entries, stored sparsely either way (TransitionMatrices' rule)
    assertThat(sparse.transition()).isInstanceOf(SparseTransitionMatrix.class);
    assertThat(dense.transition()).isInstanceOf(SparseTransitionMatrix.class);
    for (int i = 0; i < 16; i++) {
      for (int j = 0; j < 16; j++) {
        assertThat(sparse.transition().get(i, j)).isEqualTo(GridModelFiles.entry(4, i, j));
      }
    }
  }

  @Test
  void aDenseMatrixInSparseRowsIsStoredDenseAndEqualsItsDenseRows(@TempDir Path dir) throws Exception {
    GridModelFiles.writeSparseRows(dir, "m.yaml", "[a, b]", "{to: [0, 1], p: [0.9, 0.1]}",
        "{to: [0, 1], p: [0.2, 0.8]}");
    ModelConfig fromFile = load(dir, "m.yaml").model();
    assertThat(fromFile.transition()).isInstanceOf(DenseTransitionMatrix.class);
    ModelConfig inline = new ModelConfig(List.of("a", "b"), new double[][] {{0.9, 0.1}, {0.2, 0.8}},
        new double[] {0.5, 0.5}, fromFile.query());
    assertThat(fromFile).isEqualTo(inline).hasSameHashCodeAs(inline);
    ModelConfig other = new ModelConfig(List.of("a", "b"), new double[][] {{0.8, 0.2}, {0.2, 0.8}},
        new double[] {0.5, 0.5}, fromFile.query());
    assertThat(fromFile).isNotEqualTo(other);
  }

  @Test
  void aSparseModelOfTenThousandStatesLoadsWithoutAnNxNArray(@TempDir Path dir) throws Exception {
    int side = 100;
    GridModelFiles.write(dir, "city.yaml", side, true);
    JobConfig c = load(dir, "city.yaml");
    TransitionMatrix m = c.model().transition();
    assertThat(m).isInstanceOf(SparseTransitionMatrix.class);
    assertThat(m.size()).isEqualTo(side * side);
    assertThat(m.nonZeros()).isEqualTo(5L * side * side - 4L * side);
    assertThat(m.get(0, 1)).isEqualTo(0.2);
    assertThat(m.get(side + 1, 1)).isEqualTo(0.1);
    assertThat(m.get(side + 1, side + 1)).isEqualTo(0.6);
    assertThat(m.get(0, side * side - 1)).isZero();
    // the summary names the size and storage, never 10⁴ rows of numbers
    assertThat(c.model().toString()).hasSizeLessThan(300).contains("N=10000", "sparse 10000x10000");
  }

  @Test
  void theModelSurvivesJavaSerialization(@TempDir Path dir) throws Exception {
    GridModelFiles.write(dir, "g.yaml", 5, true);
    ModelConfig m = load(dir, "g.yaml").model();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(m);
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      ModelConfig back = (ModelConfig) in.readObject();
      assertThat(back).isEqualTo(m).hasSameHashCodeAs(m);
      assertThat(back.transition()).isInstanceOf(SparseTransitionMatrix.class);
    }
  }

  @Test
  void listedZerosAreNotEdges(@TempDir Path dir) throws Exception {
    // 8 states, 15 non-zeros (sparse): a listed 0 must neither be stored nor make state 1 reachable from state 0
    StringBuilder y = new StringBuilder("states: [s0, s1, s2, s3, s4, s5, s6, s7]\ntransition:\n  sparse:\n");
    y.append("    - {to: [0, 1], p: [1.0, 0.0]}\n");
    for (int i = 1; i < 8; i++) {
      y.append("    - {to: [0, ").append(i).append("], p: [0.5, 0.5]}\n");
    }
    Files.writeString(dir.resolve("z.yaml"), y);
    TransitionMatrix m = load(dir, "z.yaml").model().transition();
    assertThat(m).isInstanceOf(SparseTransitionMatrix.class);
    assertThat(m.nonZeros()).isEqualTo(15);
    assertThatThrownBy(() -> load(dir, "z.yaml", "mqm={\"window\":4,\"epsilon\":1.0,\"budget\":{\"total\":10}}"))
        .isInstanceOf(ConfigException.class)
        .hasMessage("model.transition: not irreducible: state 1 (s1) cannot be reached from state 0 (s0); mqm needs"
            + " an ergodic chain");
  }

  @Test
  void aNegativeSparseEntryIsNamedByItsColumn(@TempDir Path dir) throws Exception {
    GridModelFiles.writeSparseRows(dir, "n.yaml", "[a, b, c]", "{to: [0], p: [1.0]}",
        "{to: [0, 2], p: [1.1, -0.1]}", "{to: [2], p: [1.0]}");
    assertThatThrownBy(() -> load(dir, "n.yaml")).isInstanceOf(ConfigException.class)
        .hasMessage("model.modelFile(n.yaml).transition[1][2]: is negative (-0.1)");
  }

  @Test
  void largeModelsReachMqmAsCertifiedChainsWithTheDenseClassBounds(@TempDir Path dir) throws Exception {
    int side = 15; // 225 states: above FiniteChainClass.DENSE_ANALYSIS_MAX_STATES
    GridModelFiles.write(dir, "g.yaml", side, true);
    String mqm = "mqm={\"window\":24,\"epsilon\":50.0,\"mode\":\"approx-general\",\"budget\":{\"total\":1000}}";
    JobConfig c = load(dir, "g.yaml", mqm);
    MqmWindowPlan plan = c.description(MqmWindowPlan.class);
    assertThat(plan.chainClass()).isInstanceOf(CertifiedChainClass.class);
    FiniteChainClass dense = FiniteChainClass.of(c.model().transition().toArray());
    assertThat(plan.chainClass().piMin(plan.mode())).isEqualTo(dense.piMin(plan.mode()));
    assertThat(plan.chainClass().gap(plan.mode())).isEqualTo(dense.gap(plan.mode()));
    // no mode: the documented default for known chains, exact-any-initial, which a large chain cannot run
    String noMode = "mqm={\"window\":24,\"epsilon\":50.0,\"budget\":{\"total\":1000}}";
    assertThatThrownBy(() -> load(dir, "g.yaml", noMode)).isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("mqm.mode: mode = exact-any-initial:");
  }

  @Test
  void aLargeNonReversibleChainIsRefusedForApproxReversibleAtItsPath(@TempDir Path dir) throws Exception {
    int n = 225; // the lazy directed cycle: ergodic, not reversible, above the dense-analysis size
    String[] rows = new String[n];
    StringBuilder states = new StringBuilder("[");
    for (int i = 0; i < n; i++) {
      int next = (i + 1) % n;
      rows[i] = next > i ? "{to: [" + i + ", " + next + "], p: [0.5, 0.5]}" : "{to: [0, " + i + "], p: [0.5, 0.5]}";
      states.append(i == 0 ? "" : ", ").append("s").append(i);
    }
    GridModelFiles.writeSparseRows(dir, "cycle.yaml", states.append("]").toString(), rows);
    String mqm = "mqm={\"window\":24,\"epsilon\":50.0,\"mode\":\"approx-reversible\",\"budget\":{\"total\":1000}}";
    assertThatThrownBy(() -> load(dir, "cycle.yaml", mqm)).isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("model.transition: chain[0] is not reversible")
        .hasMessageEndingWith("mode approx-reversible is refused, use approx-general");
  }
}
