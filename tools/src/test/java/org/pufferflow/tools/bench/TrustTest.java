package org.pufferflow.tools.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** When a benchmark's runs support its ratio (docs/benchmarks.md, 'How the bench commands measure'). */
class TrustTest {

  private static final double[] LONG_SPANS = {10, 10.2, 9.9};

  @Test
  void threeCloseRunsOfTheAskedLengthSupportTheirRatio() {
    Ratio r = Trust.judge(new double[] {0.62, 0.60, 0.66}, 10, LONG_SPANS, true);
    assertThat(r.trusted()).isTrue();
    assertThat(r.spread()).isEqualTo(new Spread(0.60, 0.62, 0.66, 3));
    assertThat(r.describe()).isEqualTo("0.62 (min 0.60, max 0.66 over 3 runs)");
  }

  @Test
  void eachReasonIsNamed() {
    assertThat(Trust.judge(new double[] {0.6, 0.61}, 10, LONG_SPANS, true).untrusted())
        .containsExactly("2 runs (at least 3 are needed to see the noise; --runs)");
    assertThat(Trust.judge(new double[] {0.6, 0.61, 0.6}, 2, new double[] {2, 0.307, 2}, true).untrusted())
        .containsExactly("a timed run lasted 0.31 s (at least 1.4 s are needed; --seconds)");
    assertThat(Trust.judge(new double[] {0.6, 0.61, 0.6}, 0.5, new double[] {0.5, 0.5, 0.5}, true).untrusted())
        .containsExactly("a timed run lasted 0.50 s (at least 1.0 s are needed; --seconds)");
    assertThat(Trust.judge(new double[] {0.4, 0.6, 0.7}, 10, LONG_SPANS, true).untrusted())
        .containsExactly("too noisy: the runs gave 0.40 to 0.70 (more than 25% apart; a busy machine)");
    assertThat(Trust.judge(new double[] {1.42, 1.40, 1.45}, 10, LONG_SPANS, true).untrusted())
        .containsExactly("implausible: 1.42 times as fast as a baseline that does less work (a disturbed baseline)");
    assertThat(Trust.judge(new double[] {1.42, 1.40, 1.45}, 10, LONG_SPANS, false).trusted())
        .as("a baseline that may do more work").isTrue();
    assertThat(Trust.judge(new double[] {1.42, 1.40, 1.45}, 10, LONG_SPANS, true).describe())
        .startsWith("not reported: implausible");
  }

  @Test
  void medianOfAnEvenNumberIsTheMeanOfTheMiddleTwo() {
    assertThat(Spread.of(4, 1, 3, 2)).isEqualTo(new Spread(1, 2.5, 4, 4));
    assertThat(Spread.of(7).relativeRange()).isZero();
    assertThatThrownBy(() -> Spread.of()).hasMessageContaining("at least one");
  }

  /** A property run found (a + b) / 2 overflowing to infinity for two values near Double.MAX_VALUE. */
  @Test
  void theMedianOfTwoHugeValuesDoesNotOverflow() {
    assertThat(Spread.of(1.3e292, Double.MAX_VALUE, Double.MAX_VALUE, 1).median())
        .isEqualTo(Double.MAX_VALUE / 2 + 1.3e292 / 2);
    assertThat(Spread.of(-Double.MAX_VALUE, Double.MAX_VALUE).median()).isZero();
    assertThat(Spread.of(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY).median()).isZero();
    assertThat(Spread.of(Double.NEGATIVE_INFINITY, 1).median()).isEqualTo(Double.NEGATIVE_INFINITY);
  }

  @Property
  void theSpreadBracketsEveryValueAndTheMedianHalvesThem(
      @ForAll @Size(min = 1, max = 20) double[] values) {
    for (int i = 0; i < values.length; i++) {
      values[i] = Double.isNaN(values[i]) ? 0 : values[i];
    }
    Spread s = Spread.of(values);
    long below = 0;
    long above = 0;
    for (double v : values) {
      assertThat(v).isBetween(s.min(), s.max());
      below += v <= s.median() ? 1 : 0;
      above += v >= s.median() ? 1 : 0;
    }
    assertThat(below).isGreaterThanOrEqualTo((values.length + 1) / 2);
    assertThat(above).isGreaterThanOrEqualTo((values.length + 1) / 2);
  }

  @Property
  void aTrustedRatioHasEnoughLongRunsThatAgree(@ForAll @Size(min = 1, max = 6) double[] ratios,
      @ForAll @DoubleRange(min = 0.1, max = 20) double seconds) {
    for (int i = 0; i < ratios.length; i++) {
      ratios[i] = Double.isFinite(ratios[i]) ? Math.abs(ratios[i]) % 3 : 1;
    }
    double[] spans = new double[ratios.length];
    java.util.Arrays.fill(spans, seconds);
    Ratio r = Trust.judge(ratios, seconds, spans, true);
    if (r.trusted()) {
      assertThat(ratios.length).isGreaterThanOrEqualTo(Trust.MIN_RUNS);
      assertThat(seconds).isGreaterThanOrEqualTo(Trust.MIN_SECONDS);
      assertThat(r.spread().max() - r.spread().min()).isLessThanOrEqualTo(Trust.MAX_RELATIVE_RANGE * r.spread().median());
      assertThat(r.spread().median()).isLessThanOrEqualTo(Trust.IMPLAUSIBLE);
    }
  }
}
