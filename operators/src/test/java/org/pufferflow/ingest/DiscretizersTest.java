package org.pufferflow.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.pufferflow.ingest.Observations.label;
import static org.pufferflow.ingest.Observations.position;
import static org.pufferflow.ingest.Observations.reading;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class DiscretizersTest {

  private static int code(ReasonCode r) {
    return Discretizer.rejected(r);
  }

  @Test
  void rejectionCodesRoundTripAndAreNegative() {
    for (ReasonCode r : ReasonCode.values()) {
      assertThat(Discretizer.rejected(r)).isNegative();
      assertThat(Discretizer.reasonOf(Discretizer.rejected(r))).isEqualTo(r);
    }
    assertThatThrownBy(() -> Discretizer.reasonOf(0)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void categoricalMapsLabelsToTheirIndex() {
    CategoricalDiscretizer d = new CategoricalDiscretizer(List.of("away", "home", "busy"));
    assertThat(d.numStates()).isEqualTo(3);
    assertThat(d.discretize(label("s", 0L, "away"))).isZero();
    assertThat(d.discretize(label("s", 0L, "busy"))).isEqualTo(2);
    assertThat(d.discretize(label("s", 0L, "Home"))).isEqualTo(code(ReasonCode.UNKNOWN_LABEL));
    assertThat(d.discretize(label("s", 0L, null))).isEqualTo(code(ReasonCode.MISSING_VALUE));
    assertThat(d.explain(label("s", 0L, "Home"), ReasonCode.UNKNOWN_LABEL))
        .isEqualTo("stateLabel = \"Home\": not one of [away, home, busy]");
  }

  @Test
  void categoricalRejectsDuplicateLabels() {
    assertThatThrownBy(() -> new CategoricalDiscretizer(List.of("a", "b", "a")))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("labels[2] = a: duplicate of labels[0]");
  }

  @Test
  void binsCountThresholdsAtOrBelowTheReading() {
    BinsDiscretizer d = new BinsDiscretizer(new double[] {0.2, 1.0}, 0.0, 50.0);
    assertThat(d.numStates()).isEqualTo(3);
    assertThat(d.discretize(reading("s", 0L, 0.0))).isZero();
    assertThat(d.discretize(reading("s", 0L, 0.19999))).isZero();
    assertThat(d.discretize(reading("s", 0L, 0.2))).isEqualTo(1);
    assertThat(d.discretize(reading("s", 0L, 0.99))).isEqualTo(1);
    assertThat(d.discretize(reading("s", 0L, 1.0))).isEqualTo(2);
    assertThat(d.discretize(reading("s", 0L, 50.0))).isEqualTo(2);
  }

  @Test
  void binsRejectMissingNonFiniteAndOutOfRangeReadings() {
    BinsDiscretizer d = new BinsDiscretizer(new double[] {0.2, 1.0}, 0.0, 50.0);
    assertThat(d.discretize(reading("s", 0L, null))).isEqualTo(code(ReasonCode.MISSING_VALUE));
    assertThat(d.discretize(reading("s", 0L, Double.NaN))).isEqualTo(code(ReasonCode.READING_NOT_FINITE));
    assertThat(d.discretize(reading("s", 0L, Double.POSITIVE_INFINITY))).isEqualTo(code(ReasonCode.READING_NOT_FINITE));
    assertThat(d.discretize(reading("s", 0L, -0.001))).isEqualTo(code(ReasonCode.READING_OUT_OF_RANGE));
    assertThat(d.discretize(reading("s", 0L, 50.001))).isEqualTo(code(ReasonCode.READING_OUT_OF_RANGE));
    assertThat(d.explain(reading("s", 0L, 51.0), ReasonCode.READING_OUT_OF_RANGE))
        .isEqualTo("reading = 51.0: outside the configured range [0.0, 50.0]");
  }

  @Test
  void binsValidateTheirConfiguration() {
    assertThatThrownBy(() -> new BinsDiscretizer(new double[] {1.0, 1.0}, 0, 2))
        .hasMessage("thresholds[1] = 1.0: must be > thresholds[0] = 1.0 (strictly ascending)");
    assertThatThrownBy(() -> new BinsDiscretizer(new double[] {}, 2, 2)).hasMessage("max = 2.0: must be > min = 2.0");
    assertThatThrownBy(() -> new BinsDiscretizer(new double[] {Double.NaN}, 0, 2))
        .hasMessage("thresholds[0] = NaN: must be finite");
  }

  @Property(tries = 300)
  void binsLevelIsMonotoneInTheReading(
      @ForAll @DoubleRange(min = -10, max = 10) double a, @ForAll @DoubleRange(min = -10, max = 10) double b) {
    BinsDiscretizer d = new BinsDiscretizer(new double[] {-3, -0.5, 0, 0.25, 4}, -10, 10);
    int la = d.discretize(reading("s", 0L, Math.min(a, b)));
    int lb = d.discretize(reading("s", 0L, Math.max(a, b)));
    assertThat(la).isBetween(0, 5);
    assertThat(lb).isBetween(la, 5);
    // level = number of thresholds <= reading, by brute force
    double x = Math.max(a, b);
    int count = 0;
    for (double t : new double[] {-3, -0.5, 0, 0.25, 4}) {
      count += t <= x ? 1 : 0;
    }
    assertThat(lb).isEqualTo(count);
  }

  @Test
  void gridNumbersCellsRowMajorFromTheSouthWestCorner() {
    GridDiscretizer g = new GridDiscretizer(40, 42, 10, 13, 2, 3); // cells 1 x 1 degree
    assertThat(g.numStates()).isEqualTo(6);
    assertThat(g.discretize(position("s", 0L, 40.0, 10.0))).isZero();
    assertThat(g.discretize(position("s", 0L, 40.5, 11.5))).isEqualTo(1);
    assertThat(g.discretize(position("s", 0L, 41.0, 10.0))).isEqualTo(3);
    assertThat(g.discretize(position("s", 0L, 42.0, 13.0))).as("max corner belongs to the last cell").isEqualTo(5);
    assertThat(g.cellCentre(4)).containsExactly(41.5, 11.5);
  }

  @Test
  void gridRejectsMissingInvalidAndOutsidePositions() {
    GridDiscretizer g = new GridDiscretizer(40, 42, 10, 13, 2, 3);
    assertThat(g.discretize(position("s", 0L, 41.0, null))).isEqualTo(code(ReasonCode.MISSING_VALUE));
    assertThat(g.discretize(position("s", 0L, null, 11.0))).isEqualTo(code(ReasonCode.MISSING_VALUE));
    assertThat(g.discretize(position("s", 0L, 91.0, 11.0))).isEqualTo(code(ReasonCode.LATLON_OUT_OF_RANGE));
    assertThat(g.discretize(position("s", 0L, 41.0, -181.0))).isEqualTo(code(ReasonCode.LATLON_OUT_OF_RANGE));
    assertThat(g.discretize(position("s", 0L, Double.NaN, 11.0))).isEqualTo(code(ReasonCode.LATLON_OUT_OF_RANGE));
    assertThat(g.discretize(position("s", 0L, 39.99, 11.0))).isEqualTo(code(ReasonCode.OUTSIDE_GRID));
    assertThat(g.discretize(position("s", 0L, 41.0, 13.01))).isEqualTo(code(ReasonCode.OUTSIDE_GRID));
    assertThat(g.explain(position("s", 0L, 39.0, 11.0), ReasonCode.OUTSIDE_GRID))
        .isEqualTo("(lat, lon) = (39.0, 11.0): outside the grid [40.0, 42.0] x [10.0, 13.0]");
  }

  @Test
  void gridValidatesItsConfiguration() {
    assertThatThrownBy(() -> new GridDiscretizer(42, 40, 10, 13, 2, 3)).hasMessage("maxLat = 40.0: must be > minLat = 42.0");
    assertThatThrownBy(() -> new GridDiscretizer(-91, 40, 10, 13, 2, 3)).hasMessage("minLat = -91.0: must lie in [-90, 90]");
    assertThatThrownBy(() -> new GridDiscretizer(40, 42, 10, 13, 0, 3)).hasMessage("rows = 0: must be >= 1");
  }

  @Property(tries = 500)
  void everyPointOfTheBoxMapsToAValidCellContainingIt(
      @ForAll @DoubleRange(min = 0, max = 1) double u,
      @ForAll @DoubleRange(min = 0, max = 1) double v,
      @ForAll @IntRange(min = 1, max = 12) int rows,
      @ForAll @IntRange(min = 1, max = 12) int cols) {
    double minLat = -33.9;
    double maxLat = 51.5;
    double minLon = -122.4;
    double maxLon = 151.2;
    GridDiscretizer g = new GridDiscretizer(minLat, maxLat, minLon, maxLon, rows, cols);
    double lat = Math.min(maxLat, minLat + u * (maxLat - minLat));
    double lon = Math.min(maxLon, minLon + v * (maxLon - minLon));
    int cell = g.discretize(position("s", 0L, lat, lon));
    assertThat(cell).isBetween(0, rows * cols - 1);
    double[] c = g.cellCentre(cell);
    double h = (maxLat - minLat) / rows;
    double w = (maxLon - minLon) / cols;
    assertThat(Math.abs(lat - c[0])).isLessThanOrEqualTo(h / 2 + 1e-9);
    assertThat(Math.abs(lon - c[1])).isLessThanOrEqualTo(w / 2 + 1e-9);
  }
}
