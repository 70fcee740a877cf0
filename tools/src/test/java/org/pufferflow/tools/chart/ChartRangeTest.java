package org.pufferflow.tools.chart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Chart#roundedYRange()}: round bounds that are not both data values (the demo's budget chart). */
class ChartRangeTest {

  private static Chart.Series ys(Double... y) {
    List<Double> x = new java.util.ArrayList<>();
    for (int i = 0; i < y.length; i++) {
      x.add((double) i);
    }
    return Chart.Series.line("s", x, List.of(y));
  }

  @Test
  void boundsAreRoundAndEncloseTheData() {
    assertThat(Chart.roundedRange(List.of(ys(1.0, 50.0, 96.0)))).containsExactly(new double[] {0.0, 100.0}, within(1e-9));
    assertThat(Chart.roundedRange(List.of(ys(39.73, 40.09)))).containsExactly(new double[] {39.7, 40.1}, within(1e-9));
  }

  @Test
  void dataOnRoundBoundsGetsOneMoreStep() {
    assertThat(Chart.roundedRange(List.of(ys(0.0, 80.0)))).containsExactly(new double[] {0.0, 90.0}, within(1e-9));
  }

  @Test
  void aFlatRangeIsLeftToXChart() {
    assertThat(Chart.roundedRange(List.of(ys(3.0, 3.0)))).isNull();
  }
}
