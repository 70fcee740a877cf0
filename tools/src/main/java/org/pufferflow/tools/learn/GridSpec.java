package org.pufferflow.tools.learn;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.ingest.GridDiscretizer;

/**
 * A rows×cols grid over the box [minLat, maxLat]×[minLon, maxLon], numbered exactly as the {@code grid} discretizer
 * of a job numbers it (docs/configuration.md, 'discretizer'): cell = row·cols + col, row counted from minLat upward,
 * col from minLon eastward, the max edges belonging to the last row/column. Cell lookup and centres are those of
 * {@link GridDiscretizer}, so a model learned on this grid is indexed like the job's observations.
 *
 * <p>{@link #ofCellSize} chooses rows and cols so that cells are at most {@code cellMeters} on a side, measured on a
 * sphere of radius {@link #EARTH_RADIUS_METERS} at the box's middle latitude (an equirectangular approximation,
 * good for city-sized boxes); the box itself is kept, so cells are slightly smaller than asked.
 */
@Internal
public record GridSpec(double minLat, double maxLat, double minLon, double maxLon, int rows, int cols) {

  /** Mean Earth radius (IUGG), metres. */
  public static final double EARTH_RADIUS_METERS = 6_371_008.8;

  /** Largest number of cells accepted (a 100 × 100 grid): the learned matrix is held as cells × cells doubles. */
  public static final int MAX_CELLS = 10_000;

  public GridSpec {
    PufferPreconditions.checkAtLeast("rows", rows, 1);
    PufferPreconditions.checkAtLeast("cols", cols, 1);
    PufferPreconditions.checkArgument(
        (long) rows * cols <= MAX_CELLS, "rows * cols = %s: more than %s cells", (long) rows * cols, MAX_CELLS);
    new GridDiscretizer(minLat, maxLat, minLon, maxLon, rows, cols); // validates the box
  }

  /** The grid with cells at most {@code cellMeters} on a side over the given box. */
  public static GridSpec ofCellSize(double minLat, double maxLat, double minLon, double maxLon, double cellMeters) {
    PufferPreconditions.checkPositive("cellMeters", cellMeters);
    PufferPreconditions.checkFinite("cellMeters", cellMeters);
    PufferPreconditions.checkArgument(minLat < maxLat, "maxLat = %s: must be > minLat = %s", maxLat, minLat);
    PufferPreconditions.checkArgument(minLon < maxLon, "maxLon = %s: must be > minLon = %s", maxLon, minLon);
    double metersPerDegree = EARTH_RADIUS_METERS * Math.PI / 180;
    double height = (maxLat - minLat) * metersPerDegree;
    double width = (maxLon - minLon) * metersPerDegree * Math.cos(Math.toRadians((minLat + maxLat) / 2));
    long rows = Math.max(1, (long) Math.ceil(height / cellMeters));
    long cols = Math.max(1, (long) Math.ceil(width / cellMeters));
    PufferPreconditions.checkArgument(
        rows * cols <= MAX_CELLS, "cellMeters = %s: gives %s cells over the box, more than %s", cellMeters,
        rows * cols, MAX_CELLS);
    return new GridSpec(minLat, maxLat, minLon, maxLon, (int) rows, (int) cols);
  }

  /** Number of cells, rows·cols. */
  public int cells() {
    return rows * cols;
  }

  /** The cell of a position, or {@link TraceSet#GAP} when it lies outside the closed box (or is not finite). */
  public int cell(double lat, double lon) {
    return contains(lat, lon) ? discretizer().cell(lat, lon) : TraceSet.GAP;
  }

  /** True iff the position lies in the closed box (false for NaN). */
  public boolean contains(double lat, double lon) {
    return lat >= minLat && lat <= maxLat && lon >= minLon && lon <= maxLon;
  }

  /** The cell labels {@code r<row>c<col>}, in cell order. */
  public List<String> labels() {
    List<String> labels = new ArrayList<>(cells());
    for (int i = 0; i < cells(); i++) {
      labels.add("r" + (i / cols) + "c" + (i % cols));
    }
    return labels;
  }

  /** The cell centres {lat, lon}: the query f of a grid model (the job's default query for a grid discretizer). */
  public double[][] centres() {
    return discretizer().cellCentres();
  }

  /** The equivalent discretizer of a job. */
  public GridDiscretizer discretizer() {
    return new GridDiscretizer(minLat, maxLat, minLon, maxLon, rows, cols);
  }
}
