package org.pufferflow.ingest;

import org.pufferflow.avro.Observation;
import org.pufferflow.common.PufferPreconditions;

/**
 * {@code grid}: a (lat, lon) position becomes the cell of a {@code rows × cols} grid over the box
 * {@code [minLat, maxLat] × [minLon, maxLon]}. Cell index = {@code row * cols + col}, row counted from minLat
 * upward, col from minLon eastward; each cell is closed below and open above, except that the box's max edges
 * belong to the last row/column, so every point of the closed box has a cell.
 *
 * <p>A null lat or lon is {@link ReasonCode#MISSING_VALUE}; NaN, |lat| &gt; 90 or |lon| &gt; 180 is
 * {@link ReasonCode#LATLON_OUT_OF_RANGE}; a valid position outside the box is {@link ReasonCode#OUTSIDE_GRID}.
 * The box does not wrap around the antimeridian. {@link #cellCentre} gives the query value f(s) of a cell.
 */
public final class GridDiscretizer implements Discretizer {
  private static final long serialVersionUID = 1L;

  private final double minLat;
  private final double maxLat;
  private final double minLon;
  private final double maxLon;
  private final int rows;
  private final int cols;
  private final double cellHeight;
  private final double cellWidth;

  public GridDiscretizer(double minLat, double maxLat, double minLon, double maxLon, int rows, int cols) {
    checkLat("minLat", minLat);
    checkLat("maxLat", maxLat);
    checkLon("minLon", minLon);
    checkLon("maxLon", maxLon);
    PufferPreconditions.checkArgument(minLat < maxLat, "maxLat = %s: must be > minLat = %s", maxLat, minLat);
    PufferPreconditions.checkArgument(minLon < maxLon, "maxLon = %s: must be > minLon = %s", maxLon, minLon);
    PufferPreconditions.checkAtLeast("rows", rows, 1);
    PufferPreconditions.checkAtLeast("cols", cols, 1);
    PufferPreconditions.checkArgument(
        (long) rows * cols <= Integer.MAX_VALUE, "rows * cols = %d: too many cells", (long) rows * cols);
    this.minLat = minLat;
    this.maxLat = maxLat;
    this.minLon = minLon;
    this.maxLon = maxLon;
    this.rows = rows;
    this.cols = cols;
    this.cellHeight = (maxLat - minLat) / rows;
    this.cellWidth = (maxLon - minLon) / cols;
  }

  private static void checkLat(String name, double v) {
    PufferPreconditions.checkArgument(v >= -90 && v <= 90, "%s = %s: must lie in [-90, 90]", name, v);
  }

  private static void checkLon(String name, double v) {
    PufferPreconditions.checkArgument(v >= -180 && v <= 180, "%s = %s: must lie in [-180, 180]", name, v);
  }

  @Override
  public int numStates() {
    return rows * cols;
  }

  @Override
  public int discretize(Observation observation) {
    Double boxedLat = observation.getLat();
    Double boxedLon = observation.getLon();
    if (boxedLat == null || boxedLon == null) {
      return Discretizer.rejected(ReasonCode.MISSING_VALUE);
    }
    double lat = boxedLat;
    double lon = boxedLon;
    if (!(lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180)) {
      return Discretizer.rejected(ReasonCode.LATLON_OUT_OF_RANGE);
    }
    if (lat < minLat || lat > maxLat || lon < minLon || lon > maxLon) {
      return Discretizer.rejected(ReasonCode.OUTSIDE_GRID);
    }
    return cell(lat, lon);
  }

  /** The cell of a point inside the closed box. */
  public int cell(double lat, double lon) {
    int row = Math.min(rows - 1, (int) ((lat - minLat) / cellHeight));
    int col = Math.min(cols - 1, (int) ((lon - minLon) / cellWidth));
    return row * cols + col;
  }

  /** The centres {lat, lon} of every cell, in cell order: the default query f of a grid model. */
  public double[][] cellCentres() {
    double[][] q = new double[numStates()][];
    for (int i = 0; i < q.length; i++) {
      q[i] = cellCentre(i);
    }
    return q;
  }

  /** The centre {lat, lon} of cell {@code index}. */
  public double[] cellCentre(int index) {
    PufferPreconditions.checkIndex("index", index, numStates());
    int row = index / cols;
    int col = index % cols;
    return new double[] {minLat + (row + 0.5) * cellHeight, minLon + (col + 0.5) * cellWidth};
  }

  @Override
  public String explain(Observation observation, ReasonCode reason) {
    String pos = "(lat, lon) = (" + observation.getLat() + ", " + observation.getLon() + ")";
    return switch (reason) {
      case MISSING_VALUE -> pos + ": lat and lon are both required (grid discretizer)";
      case LATLON_OUT_OF_RANGE -> pos + ": lat must lie in [-90, 90] and lon in [-180, 180]";
      case OUTSIDE_GRID ->
          pos + ": outside the grid [" + minLat + ", " + maxLat + "] x [" + minLon + ", " + maxLon + "]";
      default -> reason.name();
    };
  }
}
