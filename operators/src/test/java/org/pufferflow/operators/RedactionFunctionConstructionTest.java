package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.pufferflow.operators.RedactionFunctionTest.CLOCK;
import static org.pufferflow.operators.RedactionFunctionTest.SPEC;
import static org.pufferflow.operators.RedactionFunctionTest.harness;
import static org.pufferflow.operators.RedactionFunctionTest.obs;
import static org.pufferflow.operators.RedactionFunctionTest.optOut;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.mechanism.redaction.RedactionMechanism;
import org.pufferflow.mechanism.redaction.RedactionPlan;
import org.pufferflow.operators.NoiseKeySource;

/** What the redaction function refuses to be built with, and what it never shows (docs/operators.md). */
class RedactionFunctionConstructionTest {

  @TempDir Path dir;
  NoiseKeySource key;

  @BeforeEach
  void writeKey() throws IOException {
    key = MqmTestSupport.keyFile(dir, 0x3c); // bytes 3c 3d 3e ...
  }

  @Test
  void aPlanBeyondTheHoldBackBoundCannotBeMade() {
    // the hold-back bound is the plan's precondition: a plan beyond it cannot be made, so no function sees one
    assertThatThrownBy(
            () -> RedactionPlan.of(0.1, 0.2, 1.0, RedactionMechanism.THREE_R_NUMERICAL, null, (1L << 20) + 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("holdBackTicks = 1048577: more than 1048576 ticks held back per subject");
  }

  @Test
  void toStringShowsNoValueNoKeyAndNoTick() throws Exception {
    RedactionFunction fn = new RedactionFunction(SPEC, key, CLOCK, OptOutPreload.NONE, false);
    assertThat(fn.toString()).doesNotContain(dir.toString()).doesNotContain("3c3d3e")
        .contains("holdBackTicks=4");
    try (var h = harness(fn)) {
      h.open();
      h.processElement1(obs("a", 123_456, 1));
      h.processElement2(optOut("a", 777_777, 888_888));
      h.snapshot(1L, 1L);
    }
    org.pufferflow.operators.state.RedactionBuffer b = new org.pufferflow.operators.state.RedactionBuffer(8);
    b.add(123_456, 1);
    b.optOuts().add(777_777, 888_888);
    assertThat(b.toString()).doesNotContain("123456").doesNotContain("777777").isEqualTo(
        "RedactionBuffer{held=1, optOutRanges=1}");
  }
}
