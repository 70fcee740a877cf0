package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;

/**
 * Invariants of the fleet's noise formula (docs/operators.md, 'Fleet histogram'): the discrete Laplace variance
 * 2t/(1−t)², t = e^{−1/β}, equals 1/(2·sinh²(1/(2β))), lies in [2β² − 1/6, 2β²] and grows with β.
 */
class FleetHistogramFunctionProperties {

  @Property(tries = 500)
  void varianceMatchesTheSinhFormAndItsBounds(@ForAll @DoubleRange(min = 0.05, max = 1e7) double beta) {
    double v = FleetHistogramFunction.discreteLaplaceVariance(beta);
    double s = Math.sinh(1 / (2 * beta));
    assertThat(v).isCloseTo(1 / (2 * s * s), within(1e-12 * v));
    assertThat(v).isLessThanOrEqualTo(2 * beta * beta * (1 + 1e-15));
    assertThat(v).isGreaterThanOrEqualTo(2 * beta * beta - 1.0 / 6 - 1e-12 * v);
    assertThat(FleetHistogramFunction.discreteLaplaceVariance(beta * 1.01)).isGreaterThan(v);
  }
}
