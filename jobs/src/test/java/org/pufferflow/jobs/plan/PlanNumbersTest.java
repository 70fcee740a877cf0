package org.pufferflow.jobs.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Scale;
import org.junit.jupiter.api.Test;

/**
 * Numbers in a plan's text (docs/cli.md, "plan --config"): three significant digits; a loss rounded up never
 * shows less than it is, a duration rounded down never more.
 */
class PlanNumbersTest {

  @Test
  void theIssuesNumbersAsAPersonReadsThem() {
    assertThat(PlanNumbers.up(1.0000000000009097)).isEqualTo("1.01"); // never understated
    assertThat(PlanNumbers.up(3.0000000000034865)).isEqualTo("3.01");
    assertThat(PlanNumbers.near(0.005250000000000753)).isEqualTo("0.00525");
    assertThat(PlanNumbers.up(100_000.0)).isEqualTo("100,000");
    assertThat(PlanNumbers.up(1460.0)).isEqualTo("1,460");
    assertThat(PlanNumbers.up(1460.5)).isEqualTo("1,461");
    assertThat(PlanNumbers.up(0.955669626255147)).isEqualTo("0.956");
    assertThat(PlanNumbers.up(4.0)).isEqualTo("4");
    assertThat(PlanNumbers.down(364.99)).isEqualTo("364");
    assertThat(PlanNumbers.near(8.415201414750653)).isEqualTo("8.42");
    assertThat(PlanNumbers.up(Double.POSITIVE_INFINITY)).isEqualTo("unbounded");
    assertThat(PlanNumbers.up(0)).isEqualTo("0");
    assertThat(PlanNumbers.up(-0.5)).isEqualTo("-0.5");
    assertThat(PlanNumbers.near(1234567.0)).isEqualTo("1,234,567");
    assertThat(PlanNumbers.up(0.01)).as("the configured 0.01, not its binary tail").isEqualTo("0.01");
    assertThat(PlanNumbers.up(0.1 + 0.2)).isEqualTo("0.301"); // 0.30000000000000004 > 0.3
  }

  @Property
  boolean upNeverShowsLessThanTheValue(@ForAll @DoubleRange(min = 1e-6, max = 1e9) @Scale(12) double v) {
    BigDecimal shown = new BigDecimal(PlanNumbers.up(v).replace(",", ""));
    return shown.compareTo(BigDecimal.valueOf(v)) >= 0 && PlanNumbers.upValue(v) >= v;
  }

  @Property
  boolean downNeverShowsMoreThanTheValue(@ForAll @DoubleRange(min = 1e-6, max = 1e9) @Scale(12) double v) {
    return new BigDecimal(PlanNumbers.down(v).replace(",", "")).compareTo(BigDecimal.valueOf(v)) <= 0;
  }

  @Property
  boolean atMostThreeSignificantDigitsAfterTheIntegerPart(@ForAll @DoubleRange(min = 1e-6, max = 1e9) @Scale(12) double v) {
    String s = PlanNumbers.near(v).replace(",", "");
    String digits = s.contains(".") ? s.replace(".", "").replaceFirst("^0+", "") : "";
    return digits.length() <= Math.max(PlanNumbers.DIGITS, s.indexOf('.'));
  }
}
