package org.pufferflow.jobs.config;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;
import org.pufferflow.ingest.GridDiscretizer;

/**
 * How an {@code Observation} becomes a state index 0..N-1 (config section {@code discretizer}, docs/configuration.md,
 * 'Data model'). The loader guarantees that each variant matches the model's N.
 */
@PublicEvolving
public sealed interface DiscretizerConfig extends Serializable
    permits DiscretizerConfig.Categorical, DiscretizerConfig.Bins, DiscretizerConfig.Grid {

  /** {@code type: categorical}: the observation's label is looked up in {@code model.states}. */
  record Categorical() implements DiscretizerConfig {}

  /**
   * {@code type: bins}: a numeric reading in [min, max] maps to level {@code #{thresholds <= reading}}; a reading
   * outside [min, max] is {@code READING_OUT_OF_RANGE}.
   *
   * @param thresholds N-1 strictly ascending values, each in (min, max]
   * @param min smallest valid reading
   * @param max largest valid reading, > min
   */
  record Bins(double[] thresholds, double min, double max) implements DiscretizerConfig {
    public Bins {
      thresholds = thresholds.clone();
    }

    @Override
    public double[] thresholds() {
      return thresholds.clone();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Bins b
          && Arrays.equals(thresholds, b.thresholds)
          && Double.compare(min, b.min) == 0
          && Double.compare(max, b.max) == 0;
    }

    @Override
    public int hashCode() {
      return Objects.hash(Arrays.hashCode(thresholds), min, max);
    }

    @Override
    public String toString() {
      return "Bins[thresholds=" + Arrays.toString(thresholds) + ", min=" + min + ", max=" + max + "]";
    }
  }

  /**
   * {@code type: grid}: a rows×cols grid over [minLat, maxLat]×[minLon, maxLon]. Cell index = row·cols + col, row
   * counted from minLat upward, col from minLon eastward; the max edge belongs to the last cell. A position outside
   * the box is {@code OUTSIDE_GRID}.
   */
  record Grid(double minLat, double maxLat, double minLon, double maxLon, int rows, int cols)
      implements DiscretizerConfig {

    /** Number of cells, rows·cols (= N). */
    public int cells() {
      return rows * cols;
    }

    /** The discretizer of this grid (cell lookup and centres have their one home there). */
    public GridDiscretizer discretizer() {
      return new GridDiscretizer(minLat, maxLat, minLon, maxLon, rows, cols);
    }
  }
}
