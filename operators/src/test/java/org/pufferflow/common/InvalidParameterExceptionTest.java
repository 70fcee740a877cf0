package org.pufferflow.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The preconditions name the failing parameter (and an index) as fields, with the reason apart from the value. */
class InvalidParameterExceptionTest {

  @Test
  void aCheckNamesItsParameterAndReason() {
    assertThatThrownBy(() -> PufferPreconditions.checkPositive("radius", -1))
        .isInstanceOfSatisfying(InvalidParameterException.class, e -> {
          assertThat(e.parameter()).isEqualTo("radius");
          assertThat(e.index()).isEqualTo(-1);
          assertThat(e.reason()).isEqualTo("must be finite and > 0");
        })
        .hasMessage("radius = -1.0: must be finite and > 0");
  }

  @Test
  void aSubscriptedNameGivesTheParameterAndItsIndex() {
    assertThatThrownBy(() -> ModelPreconditions.checkDistribution("initial", new double[] {0.5, -0.5}, 2, 1e-9))
        .isInstanceOfSatisfying(InvalidParameterException.class, e -> {
          assertThat(e.parameter()).isEqualTo("initial");
          assertThat(e.index()).isEqualTo(1);
          assertThat(e.reason()).isEqualTo("must be a finite probability >= 0");
        })
        .hasMessage("initial[1] = -0.5: must be a finite probability >= 0");
    assertThatThrownBy(() -> PufferPreconditions.checkArgument("split", false, "split = %s: refused", "right"))
        .isInstanceOfSatisfying(InvalidParameterException.class,
            e -> assertThat(e.parameter()).isEqualTo("split"))
        .hasMessage("split = right: refused");
  }

  /** The one ε rule: finite, > 0 and at least 2^-40. */
  @Test
  void oneEpsilonRule() {
    assertThat(PufferPreconditions.checkEpsilon("epsilon", PufferPreconditions.MIN_EPSILON))
        .isEqualTo(PufferPreconditions.MIN_EPSILON);
    assertThatThrownBy(() -> PufferPreconditions.checkEpsilon("epsilon", 0)).hasMessageContaining("> 0");
    assertThatThrownBy(() -> PufferPreconditions.checkEpsilon("epsilon", PufferPreconditions.MIN_EPSILON / 2))
        .hasMessageContaining("2^-40");
  }
}
