package org.pufferflow.mechanism.dphmm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.pufferflow.policy.DphmmVectors.ints;
import static org.pufferflow.policy.DphmmVectors.matrix;
import static org.pufferflow.policy.DphmmVectors.vector;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.pufferflow.policy.DphmmVectors;
import org.pufferflow.policy.StateQuery;

/** the test resource dphmm-vectors.json (docs/test-vectors.md) extras: constraints (support, δ-location set) and the surrogate state. */
class ConstraintVectorsTest {

  static final JsonNode X = DphmmVectors.root().get("extras");

  static int[] select(Constraint c, double[] p) {
    int[] out = new int[p.length];
    int k = c.select(p, out);
    return Arrays.copyOf(out, k);
  }

  @Test
  void deltaLocationSets() {
    for (JsonNode t : X.get("constraints").get("dls")) {
      double[] p = vector(t.get("p_minus"));
      assertThat(select(Constraint.deltaLocationSet(t.get("delta").asDouble()), p))
          .as(t.toString()).containsExactly(ints(t.get("C")));
    }
  }

  @Test
  void supportIsStrict() {
    for (JsonNode t : X.get("constraints").get("support")) {
      double[] p = vector(t.get("p_minus"));
      assertThat(select(Constraint.support(t.get("tau").asDouble()), p)).containsExactly(ints(t.get("C")));
      // the default is the exact support (Definition 4.1): the vectors' states at or below τ stay in C
      assertThat(select(Constraint.support(), p)).containsExactly(
          java.util.stream.IntStream.range(0, p.length).filter(i -> p[i] > 0).toArray());
      assertThat(Constraint.support().droppedMassBound(p.length)).isZero();
      assertThat(Constraint.support(t.get("tau").asDouble()).droppedMassBound(p.length))
          .isGreaterThanOrEqualTo((p.length - 1) * t.get("tau").asDouble());
    }
  }

  @Test
  void badDeltaAndTauNameTheValue() {
    assertThatThrownBy(() -> Constraint.deltaLocationSet(1.0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("delta = 1.0");
    assertThatThrownBy(() -> Constraint.deltaLocationSet(-0.1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("delta = -0.1");
    assertThatThrownBy(() -> Constraint.support(Double.NaN))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NaN");
  }

  @Test
  void surrogates() {
    StateQuery f = StateQuery.of(matrix(DphmmVectors.root().get("a_running_example").get("F")));
    for (JsonNode t : X.get("surrogate")) {
      int[] c = ints(t.get("C"));
      assertThat(DphmmReleaser.surrogate(f, c, c.length, t.get("s_true").asInt()))
          .as(t.toString()).isEqualTo(t.get("surrogate").asInt());
    }
  }
}
