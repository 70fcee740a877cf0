package org.pufferflow.mechanism.dphmm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.pufferflow.chain.DenseTransitionMatrix;
import org.pufferflow.chain.SparseTransitionMatrix;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.noise.NoiseKey;
import org.pufferflow.policy.PolicyGraph;
import org.pufferflow.policy.RepairMode;
import org.pufferflow.policy.StateQuery;

/**
 * The public DPHMM description classes survive Java serialization (a job specification may carry them), and a
 * releaser built from the deserialized {@link DphmmConfig} releases exactly what one built from the original does:
 * same key, same inputs, same z, costs and posteriors.
 */
class DphmmSerializationTest {

  @SuppressWarnings("unchecked")
  static <T> T roundTrip(T o) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(o);
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return (T) in.readObject();
    }
  }

  enum Variant { K_NORM_SPARSE_SUPPORT, LAPLACE_DENSE_DLS, K_NORM_DPLS }

  @ParameterizedTest
  @EnumSource(Variant.class)
  void deserializedConfigReleasesIdentically(Variant v) throws Exception {
    int side = 6;
    double[][] rows = GridModels.lazyWalk(side);
    StateQuery q = StateQuery.of(GridModels.cellCoordinates(side));
    int n = side * side;
    double[] p0 = new double[n];
    p0[n / 2] = 0.5;
    p0[n / 2 + 1] = 0.5;
    TransitionMatrix m = v == Variant.LAPLACE_DENSE_DLS ? DenseTransitionMatrix.of(rows)
        : SparseTransitionMatrix.fromDense(rows);
    DphmmConfig.Builder b = DphmmConfig.builder().transition(roundTrip(m)).initial(p0).query(roundTrip(q))
        .epsilon(0.7).repair(RepairMode.GREEDY);
    switch (v) {
      case K_NORM_SPARSE_SUPPORT:
        b.policyGraph(roundTrip(PolicyGraph.utility(q, 1.5))).constraint(roundTrip(Constraint.support(1e-9)));
        break;
      case LAPLACE_DENSE_DLS:
        b.policyGraph(PolicyGraph.utility(q, 1.0)).constraint(roundTrip(Constraint.deltaLocationSet(0.05)))
            .noise(DphmmNoise.LAPLACE);
        break;
      default:
        b.dpls(0.02);
        break;
    }
    DphmmConfig original = b.build();
    DphmmConfig copy = roundTrip(original);
    assertThat(copy.constraint()).isEqualTo(original.constraint());
    assertThat(copy.initial()).containsExactly(original.initial());
    assertThat(copy.states()).isEqualTo(n);
    DphmmReleaser a = new DphmmReleaser(original);
    DphmmReleaser c = new DphmmReleaser(copy);
    KeyedRandom ra = new KeyedRandom(NoiseKey.of(new byte[32]));
    KeyedRandom rc = new KeyedRandom(NoiseKey.of(new byte[32]));
    double[] pa = a.newPosterior();
    double[] pc = c.newPosterior();
    DphmmRelease oa = a.newResult();
    DphmmRelease oc = c.newResult();
    int s = n / 2;
    for (int t = 0; t < 60; t++) {
      s = (s + (t % 3 == 0 ? 1 : t % 3 == 1 ? side : 0)) % n;
      long gap = t == 0 ? DphmmReleaser.FIRST_RELEASE : 1 + t % 4;
      a.release(pa, gap, s, ra.reset("ser", "s", t), oa);
      c.release(pc, gap, s, rc.reset("ser", "s", t), oc);
      assertThat(oc.z()).as("z at t = " + t).containsExactly(oa.z());
      assertThat(oc.constrainedDpEpsilon()).isEqualTo(oa.constrainedDpEpsilon());
      assertThat(oc.dphmmEpsilon()).isEqualTo(oa.dphmmEpsilon());
      assertThat(pc).containsExactly(pa);
    }
  }
}
