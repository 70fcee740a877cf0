package org.pufferflow.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * {@link ProtectableGraph#repair} takes C as sorted distinct state indices; an unsorted C used to throw
 * ArrayIndexOutOfBoundsException and a C with duplicates returned nonsense. Both are rejected up front, naming the
 * offending entry.
 */
class ProtectableGraphInputTest {

  static final StateQuery F = StateQuery.of(new double[][] {{0, 0}, {1, 0}, {0, 1}, {1, 1}});
  static final PolicyGraph G = PolicyGraph.utility(F, 1.0);

  @Test
  void unsortedOrDuplicateOrOutOfRangeConstraintIsRejected() {
    assertThatThrownBy(() -> ProtectableGraph.repair(F, G, new int[] {2, 0, 1}, RepairMode.STRICT, true))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("constraint[1] = 0")
        .hasMessageContaining("sorted increasing, no duplicates");
    assertThatThrownBy(() -> ProtectableGraph.repair(F, G, new int[] {0, 1, 1}, RepairMode.STRICT, true))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("constraint[2] = 1");
    assertThatThrownBy(() -> ProtectableGraph.repair(F, G, new int[] {0, 4}, RepairMode.STRICT, true))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("constraint[1] = 4");
    assertThatThrownBy(() -> ProtectableGraph.repair(F, G, new int[0], RepairMode.STRICT, true))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one state");
    assertThat(ProtectableGraph.repair(F, G, new int[] {0, 1, 3}, RepairMode.STRICT, true).constraintSize())
        .isEqualTo(3);
  }
}
