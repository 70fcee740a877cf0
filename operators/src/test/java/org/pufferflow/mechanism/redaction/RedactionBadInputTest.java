package org.pufferflow.mechanism.redaction;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.pufferflow.chain.BinaryMarkovChain;

/** Bad input: a clear IllegalArgumentException naming the value (via PufferPreconditions). */
class RedactionBadInputTest {

  private static final BinaryMarkovChain C = BinaryMarkovChain.of(0.2, 0.5);

  @Test
  void chainParameters() {
    assertThatThrownBy(() -> BinaryMarkovChain.of(0, 0.5)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("alpha = 0.0").hasMessageContaining("(0, 1)");
    assertThatThrownBy(() -> BinaryMarkovChain.of(0.5, 1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("beta = 1.0");
    assertThatThrownBy(() -> BinaryMarkovChain.of(Double.NaN, 0.5)).hasMessageContaining("alpha = NaN");
  }

  @Test
  void mechanismParameters() {
    assertThatThrownBy(() -> ThreeRMechanism.builder().chain(C).epsilon(0).privateIndex(1).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("epsilon = 0.0");
    assertThatThrownBy(() -> ThreeRMechanism.builder().chain(C).epsilon(-1).privateIndex(1).build())
        .hasMessageContaining("epsilon = -1.0");
    assertThatThrownBy(() -> ThreeRMechanism.builder().chain(C).epsilon(1).privateIndex(0).length(5).build())
        .hasMessageContaining("private index p = 0").hasMessageContaining("[1, 5]");
    assertThatThrownBy(() -> ThreeRMechanism.builder().chain(C).epsilon(1).privateIndex(6).length(5).build())
        .hasMessageContaining("private index p = 6");
    assertThatThrownBy(() -> ThreeRMechanism.builder().chain(C).epsilon(1).privateIndex(1).length(0).build())
        .hasMessageContaining("n = 0");
    assertThatThrownBy(() -> ThreeRMechanism.builder().epsilon(1).privateIndex(1).build())
        .hasMessageContaining("chain");
    assertThatThrownBy(() -> ThreeRMechanism.builder().chain(C).epsilon(1).privateIndex(1)
        .split(new BudgetSplit(0.6, 0.6)).build()).hasMessageContaining("exceeds epsilon");
    assertThatThrownBy(() -> ThreeRMechanism.builder().chain(C).epsilon(1).privateIndex(3)
        .split(BudgetSplit.left(1)).build()).hasMessageContaining("right epsilon = 0");
    assertThatThrownBy(() -> MqMechanism.builder().chain(C).epsilon(1).privateIndex(9).length(8).build())
        .hasMessageContaining("private index p = 9");
    assertThatThrownBy(() -> DataIndependentBound.corrected(C, 0, 1, 1)).hasMessageContaining("n = 0");
    assertThatThrownBy(() -> BudgetSplit.of(1, 2)).hasMessageContaining("left epsilon = 2.0");
  }

  @Test
  void checkerInputs() {
    TableRedactionMechanism m = TableRedactionMechanism.of(new double[][] {{1, 1}, {0, 0}});
    assertThatThrownBy(() -> ExactLeakage.of(C, m, 3)).hasMessageContaining("private index p = 3");
    assertThatThrownBy(() -> TableRedactionMechanism.of(new double[][] {{1, 1.5}}))
        .hasMessageContaining("r[0][1] = 1.5");
    LocalRedactionMechanism endless = new LocalRedactionMechanism() {
      @Override
      public long length() {
        return UNBOUNDED;
      }

      @Override
      public double redactionProbability(long t, int value) {
        return t == 1 ? 1 : 0.5;
      }
    };
    assertThatThrownBy(() -> ExactLeakage.of(C, endless, 1)).hasMessageContaining("release horizon");
  }
}
