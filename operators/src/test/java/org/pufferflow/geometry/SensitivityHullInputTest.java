package org.pufferflow.geometry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * {@link SensitivityHull} assumes a centrally symmetric point set (Δf holds ±(f_j − f_k)); a one-sided set used to
 * give ‖v‖_K = 0 for some v ≠ 0. It is now rejected with a message naming the point whose negation is missing.
 */
class SensitivityHullInputTest {

  @Test
  void nonSymmetricPointSetIsRejected() {
    assertThatThrownBy(() -> SensitivityHull.of(2, new double[][] {{1, 0}, {0, 1}, {-1, 0}}))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("points[1] = [0.0, 1.0]")
        .hasMessageContaining("centrally symmetric");
    assertThatThrownBy(() -> SensitivityHull.ofFlat(1, new double[] {0, 2}, 2))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("points[1] = [2.0]");
  }

  @Test
  void symmetricSetsIncludingSignedZerosAreAccepted() {
    SensitivityHull h = SensitivityHull.of(2, new double[][] {{1, 0.0}, {-1, -0.0}, {0, 2}, {-0.0, -2}});
    assertThat(h.rank()).isEqualTo(2);
    assertThat(h.norm(new double[] {0, 1})).isEqualTo(0.5);
    assertThat(SensitivityHull.of(3, new double[0][]).rank()).isZero();
  }
}
