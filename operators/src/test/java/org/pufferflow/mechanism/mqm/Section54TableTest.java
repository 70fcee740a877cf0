package org.pufferflow.mechanism.mqm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * docs/experiments.md: σ_Θ for the binary class Θ = [ℓ, 1−ℓ] (T = 100, ε = 1), p = P(1→1) and q = P(0→0) on the grid
 * {0.1, …, 0.9}, and the per-θ grid of σ_APPROX_REV / σ_EXACT.
 */
class Section54TableTest {

  static double[][] chain(double p, double q) {
    return new double[][] {{q, 1 - q}, {1 - p, p}};
  }

  static double sigma(ChainClass c, MqmMode mode) {
    return MqmCalibration.builder().chainClass(c).mode(mode).epsilon(1).windowLength(100).build().sigmaMax();
  }

  @ParameterizedTest
  @CsvSource({
    "1, 68.6413, 32, 28, 49.2202, 31.7378, 1.2695",
    "2, 29.6317, 14, 12, 23.9791, 13.0751, 0.5230",
    "3, 17.7173, 8, 7, 15.5724, 6.7236, 0.2689",
    "4, 12.1058, 6, 5, 11.5368, 3.5718, 0.1429"
  })
  void classTable(int tenths, double global, int ga, int gb, double perThetaRev, double perThetaExact, double l1) {
    double l = tenths / 10.0;
    MqmCalibration g = MqmCalibration.builder().chainClass(BoundedChainClass.of(2, l, 2 * l))
        .mode(MqmMode.APPROX_REVERSIBLE).epsilon(1).windowLength(100).build();
    assertThat(g.sigmaMax()).isCloseTo(global, within(1e-4));
    assertThat(new int[] {g.activeQuilt().a(), g.activeQuilt().b()}).containsExactly(ga, gb);

    List<double[][]> grid = new ArrayList<>();
    for (int pi = tenths; pi <= 10 - tenths; pi++) {
      for (int qi = tenths; qi <= 10 - tenths; qi++) {
        grid.add(chain(pi / 10.0, qi / 10.0));
      }
    }
    FiniteChainClass theta = FiniteChainClass.of(grid);
    assertThat(sigma(theta, MqmMode.APPROX_REVERSIBLE)).isCloseTo(perThetaRev, within(1e-4));
    double exact = sigma(theta, MqmMode.EXACT);
    assertThat(exact).isCloseTo(perThetaExact, within(1e-4));
    assertThat(4 * exact / 100).isCloseTo(l1, within(1e-4));
  }

  static final String[] GRID = {
    "49.22/31.74 32.94/19.60 24.88/13.58 20.07/10.08 16.99/7.74 14.90/5.86 13.71/4.34 12.85/3.36 12.92/1.00",
    "32.94/19.60 23.98/13.08 19.35/9.55 16.34/7.17 14.21/5.50 12.64/3.92 11.73/3.24 11.28/1.00 14.08/3.63",
    "24.88/13.58 19.35/9.55 15.57/6.72 13.53/4.90 12.00/3.71 11.00/2.35 10.15/1.00 12.22/3.29 15.77/5.71",
    "20.07/10.08 16.34/7.17 13.53/4.90 11.54/3.57 10.23/1.81 9.51/1.00 11.25/2.35 13.71/4.34 17.67/7.75",
    "16.99/7.74 14.21/5.50 12.00/3.71 10.23/1.81 8.97/1.00 10.30/1.81 12.28/3.80 15.18/6.14 20.18/9.90",
    "14.90/5.86 12.64/3.92 11.00/2.35 9.51/1.00 10.30/1.81 11.54/3.57 13.91/5.13 17.26/7.98 23.51/12.84",
    "13.71/4.34 11.73/3.24 10.15/1.00 11.25/2.35 12.28/3.80 13.91/5.13 15.57/6.72 20.07/10.12 28.28/16.63",
    "12.85/3.36 11.28/1.00 12.22/3.29 13.71/4.34 15.18/6.14 17.26/7.98 20.07/10.12 23.98/13.08 35.75/22.30",
    "12.92/1.00 14.08/3.63 15.77/5.71 17.67/7.75 20.18/9.90 23.51/12.84 28.28/16.63 35.75/22.30 49.22/31.74"
  };

  @Test
  void perThetaGrid() {
    for (int pi = 1; pi <= 9; pi++) {
      String[] cells = GRID[pi - 1].split(" ");
      for (int qi = 1; qi <= 9; qi++) {
        String[] v = cells[qi - 1].split("/");
        FiniteChainClass c = FiniteChainClass.of(chain(pi / 10.0, qi / 10.0));
        assertThat(sigma(c, MqmMode.APPROX_REVERSIBLE)).as("REV p=%d q=%d", pi, qi)
            .isCloseTo(Double.parseDouble(v[0]), within(0.005 + 1e-9));
        assertThat(sigma(c, MqmMode.EXACT)).as("EXACT p=%d q=%d", pi, qi)
            .isCloseTo(Double.parseDouble(v[1]), within(0.005 + 1e-9));
      }
    }
  }
}
