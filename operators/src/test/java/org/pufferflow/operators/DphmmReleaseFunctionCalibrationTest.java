package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pufferflow.operators.DphmmOperatorFixtures.feed;
import static org.pufferflow.operators.DphmmOperatorFixtures.harness;
import static org.pufferflow.operators.DphmmOperatorFixtures.keyFile;
import static org.pufferflow.operators.DphmmOperatorFixtures.smallSpec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.runtime.state.KeyedStateBackend;
import org.apache.flink.runtime.state.VoidNamespace;
import org.apache.flink.runtime.state.VoidNamespaceSerializer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.accounting.LedgerState;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.mechanism.dphmm.Constraint;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.dphmm.DphmmNoise;
import org.pufferflow.mechanism.dphmm.GridModels;
import org.pufferflow.operators.NoiseKeySource;
import org.pufferflow.operators.state.CompactPosterior;
import org.pufferflow.operators.state.LedgerStateFormat;
import org.pufferflow.operators.state.LedgerStateTypes;

/**
 * The operator does not change what the mechanism promises (docs/operators.md, 'DPHMM release function'): released
 * value minus f(s′) follows the planned noise law; plus the per-subject state size on grid models and the surrogate
 * metric.
 */
class DphmmReleaseFunctionCalibrationTest {

  /** Bin edges of z − f(s′) (the outer bins are open). */
  private static final double[] EDGES = {-3, -2, -1.5, -1, -0.5, -0.25, 0, 0.25, 0.5, 1, 1.5, 2, 3};
  /** χ² critical value for 13 degrees of freedom (14 bins) at p = 0.001. */
  private static final double CHI2_13_999 = 34.53;
  private static final int SUBJECTS = 12_000;

  @TempDir Path dir;
  private NoiseKeySource key;

  @BeforeEach
  void writeKey() throws Exception {
    key = keyFile(dir, 7);
  }

  /** Laplace(b) CDF. */
  private static double laplaceCdf(double x, double b) {
    return x < 0 ? 0.5 * Math.exp(x / b) : 1 - 0.5 * Math.exp(-x / b);
  }

  private static double chiSquare(long[] observed, double scale) {
    long n = 0;
    for (long o : observed) {
      n += o;
    }
    double chi = 0;
    for (int i = 0; i < observed.length; i++) {
      double lo = i == 0 ? 0 : laplaceCdf(EDGES[i - 1], scale);
      double hi = i == EDGES.length ? 1 : laplaceCdf(EDGES[i], scale);
      double expected = n * (hi - lo);
      chi += (observed[i] - expected) * (observed[i] - expected) / expected;
    }
    return chi;
  }

  /**
   * First releases of many subjects under the three-state chain with uniform p0: C is every state, so s′ = s* and
   * z − f(s*) must be Laplace(S_f/ε) = Laplace(1/ε) for Laplace noise, and for K-norm with K = [−1, 1] (density ∝
   * exp(−ε|x|), the K-norm mechanism in d = 1).
   */
  private long[] histogram(DphmmNoise noise, double epsilon) throws Exception {
    long[] counts = new long[EDGES.length + 1];
    try (var h = harness(new DphmmReleaseFunction(smallSpec(noise, epsilon).withBudget(Budgets.total(10)), key))) {
      h.open();
      List<StateObservation> in = new ArrayList<>();
      for (int i = 0; i < SUBJECTS; i++) {
        in.add(new StateObservation("cal-" + i, 5, i % 3));
      }
      feed(h, in);
      List<DphmmRelease> out = h.extractOutputValues();
      assertThat(out).hasSize(SUBJECTS);
      for (DphmmRelease r : out) {
        int state = Integer.parseInt(r.getSubjectId().substring(4)) % 3;
        assertThat(r.getConstraintSize()).isEqualTo(3);
        double x = r.getValues().get(0) - state; // f(s) = s
        int bin = 0;
        while (bin < EDGES.length && x >= EDGES[bin]) {
          bin++;
        }
        counts[bin]++;
      }
    }
    return counts;
  }

  @Test
  void laplaceReleasesOfAOneDimensionalQueryFollowThePlannedLaw() throws Exception {
    long[] counts = histogram(DphmmNoise.LAPLACE, 1.0);
    System.out.printf("DPHMM operator calibration, Laplace: chi2 = %.2f (13 df)%n", chiSquare(counts, 1.0));
    assertThat(chiSquare(counts, 1.0)).isLessThan(CHI2_13_999);
    assertThat(chiSquare(counts, 2.0)).as("the test can tell a doubled scale").isGreaterThan(10 * CHI2_13_999);
  }

  @Test
  void kNormReleasesOfAOneDimensionalQueryFollowThePlannedLaw() throws Exception {
    long[] counts = histogram(DphmmNoise.K_NORM, 2.0); // scale 1/ε = 0.5
    System.out.printf("DPHMM operator calibration, K-norm: chi2 = %.2f (13 df)%n", chiSquare(counts, 0.5));
    assertThat(chiSquare(counts, 0.5)).isLessThan(CHI2_13_999);
    assertThat(chiSquare(counts, 1.0)).as("the test can tell a doubled scale").isGreaterThan(10 * CHI2_13_999);
  }

  /** The lazy walk on a side×side grid, utility graph r = 1.5, support constraint, one-hot p0 at the centre, ε = 1. */
  private static DphmmConfig gridSpec(int side) {
    return gridSpec(side, Constraint.support());
  }

  private static DphmmConfig gridSpec(int side, Constraint constraint) {
    int n = side * side;
    double[] p0 = new double[n];
    p0[side * (side / 2) + side / 2] = 1;
    return DphmmOperatorFixtures.utilityRelease(GridModels.lazyWalk(side), p0, GridModels.cellCoordinates(side), 1.5)
        .constraint(constraint)
        .epsilon(1)
        .build();
  }

  @Test
  void theFirstReleaseFromAOneHotPriorIsExactAndAStateOutsideItIsCountedAsASurrogateUse() throws Exception {
    DphmmReleaseFunction fn = new DphmmReleaseFunction(gridSpec(10).withBudget(Budgets.total(10)), key);
    try (var h = harness(fn)) {
      h.open();
      feed(h, List.of(new StateObservation("far", 0, 0), new StateObservation("here", 0, 55)));
      List<DphmmRelease> out = h.extractOutputValues();
      assertThat(out).extracting(DphmmRelease::getMechanism).containsExactly("exact", "exact");
      assertThat(out).extracting(DphmmRelease::getEpsilon).containsExactly(0.0, 0.0);
      assertThat(out).extracting(DphmmRelease::getCumulativeEpsilon).containsExactly(0.0, 0.0);
      assertThat(out).extracting(DphmmRelease::getConstraintSize).containsExactly(1, 1);
      // both release the centre (5, 5): the subject in the corner is released through its surrogate
      assertThat(out.get(0).getValues()).containsExactly(5.0, 5.0);
      assertThat(fn.metrics().count(OperatorMetrics.SURROGATE_USES)).isEqualTo(1);
    }
  }

  /**
   * Bytes per subject of the serialized keyed state (values only; the state backend adds the key and namespace per
   * entry) after 30 releases of subjects walking the grid. Reported in docs/operators.md.
   */
  private static double bytesPerSubject(int side, NoiseKeySource key, int subjects, int[] support,
      Constraint constraint) throws Exception {
    DphmmConfig spec = gridSpec(side, constraint);
    Random r = new Random(side);
    double[][] m = GridModels.lazyWalk(side);
    List<StateObservation> in = new ArrayList<>();
    int[] at = new int[subjects];
    java.util.Arrays.fill(at, side * (side / 2) + side / 2);
    for (long tick = 0; tick < 30; tick++) {
      for (int j = 0; j < subjects; j++) {
        in.add(new StateObservation("walker-" + j, tick, at[j]));
        double u = r.nextDouble();
        int next = 0; // inverse CDF of the row
        double acc = m[at[j]][0];
        while (acc <= u && next < m.length - 1) {
          next++;
          acc += m[at[j]][next];
        }
        at[j] = next;
      }
    }
    long total = 0;
    try (var h = harness(new DphmmReleaseFunction(spec.withBudget(Budgets.total(1000)), key))) {
      h.open();
      feed(h, in);
      assertThat(h.extractOutputValues()).hasSize(30 * subjects);
      KeyedStateBackend<Object> backend = h.getOperator().getKeyedStateBackend();
      DataOutputSerializer out = new DataOutputSerializer(1 << 16);
      for (int j = 0; j < subjects; j++) {
        backend.setCurrentKey("walker-" + j);
        ValueState<DphmmSubjectState> state = backend.getPartitionedState(
            VoidNamespace.INSTANCE, VoidNamespaceSerializer.INSTANCE, DphmmReleaseFunction.subjectDescriptor());
        DphmmSubjectState s = state.value();
        CompactPosterior p = s.posterior();
        out.clear();
        DphmmSubjectStateSerializer.INSTANCE.serialize(s, out);
        // last tick, releaseSeq, the ledger's flag and the ledger
        assertThat(out.length()).isEqualTo(p.serializedSize() + 2 * Long.BYTES + 1 + LedgerStateFormat.BYTES)
            .isEqualTo(DphmmSubjectStateSerializer.serializedSize(s));
        support[0] = Math.max(support[0], p.support());
        total += out.length();
      }
    }
    return (double) total / subjects;
  }

  @Test
  void perSubjectStateIsCompactOnGridModels() throws Exception {
    // the sparse form pays off with the opt-in truncation (docs/dphmm.md, 'The constraint C_t'); the exact support
    // (the default) holds every cell reachable in 30 steps, so the dense form is the smaller one
    Constraint truncated = Constraint.support(1e-12);
    int[] support100 = {0};
    int[] support2500 = {0};
    int[] exact2500 = {0};
    double small = bytesPerSubject(10, key, 20, support100, truncated);
    double large = bytesPerSubject(50, key, 5, support2500, truncated);
    double exact = bytesPerSubject(50, key, 5, exact2500, Constraint.support());
    System.out.printf("DPHMM state bytes per subject: N=100 %.1f (max support %d), N=2500 %.1f (max support %d);"
        + " exact support N=2500 %.1f (max support %d)%n",
        small, support100[0], large, support2500[0], exact, exact2500[0]);
    assertThat(small).isLessThanOrEqualTo(9 + 8 * 100 + 16 + 64);
    assertThat(large).as("sparse: far below 8·N = 20,000 bytes").isLessThan(2_500);
    assertThat(exact).as("never more than the dense form").isLessThanOrEqualTo(9 + 8 * 2500 + 16 + 64);
    assertThat(exact2500[0]).as("support grows to the reachable set").isGreaterThan(support2500[0]);
  }
}
