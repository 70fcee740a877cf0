package org.pufferflow.ingest;

import java.util.Arrays;
import org.pufferflow.avro.Observation;
import org.pufferflow.common.PufferPreconditions;

/**
 * {@code bins}: a numeric {@code reading} (e.g. kWh in the tick) becomes a level by thresholds: the level is the
 * number of thresholds {@code <= reading}, so N−1 strictly ascending thresholds give levels 0..N−1. Readings must be
 * finite ({@link ReasonCode#READING_NOT_FINITE}) and inside the configured {@code [min, max]}
 * ({@link ReasonCode#READING_OUT_OF_RANGE}); a null reading is {@link ReasonCode#MISSING_VALUE}.
 *
 * <p>The level is non-decreasing in the reading. Lookup is a binary search; nothing is allocated per record.
 */
public final class BinsDiscretizer implements Discretizer {
  private static final long serialVersionUID = 1L;

  private final double[] thresholds;
  private final double min;
  private final double max;

  /**
   * @param thresholds finite, strictly ascending (may be empty: a single level)
   * @param min lowest accepted reading, finite
   * @param max highest accepted reading, finite, {@code > min}
   */
  public BinsDiscretizer(double[] thresholds, double min, double max) {
    PufferPreconditions.checkNotNull("thresholds", thresholds);
    PufferPreconditions.checkFinite("min", min);
    PufferPreconditions.checkFinite("max", max);
    PufferPreconditions.checkArgument(min < max, "max = %s: must be > min = %s", max, min);
    for (int i = 0; i < thresholds.length; i++) {
      PufferPreconditions.checkFinite("thresholds[" + i + "]", thresholds[i]);
      PufferPreconditions.checkArgument(
          i == 0 || thresholds[i] > thresholds[i - 1],
          "thresholds[%d] = %s: must be > thresholds[%d] = %s (strictly ascending)",
          i, thresholds[i], i - 1, i == 0 ? 0 : thresholds[i - 1]);
    }
    this.thresholds = thresholds.clone();
    this.min = min;
    this.max = max;
  }

  @Override
  public int numStates() {
    return thresholds.length + 1;
  }

  @Override
  public int discretize(Observation observation) {
    Double boxed = observation.getReading();
    if (boxed == null) {
      return Discretizer.rejected(ReasonCode.MISSING_VALUE);
    }
    double reading = boxed;
    if (!Double.isFinite(reading)) {
      return Discretizer.rejected(ReasonCode.READING_NOT_FINITE);
    }
    if (reading < min || reading > max) {
      return Discretizer.rejected(ReasonCode.READING_OUT_OF_RANGE);
    }
    return level(reading);
  }

  /** The level of a finite reading: the number of thresholds {@code <= reading}. */
  public int level(double reading) {
    int lo = 0;
    int hi = thresholds.length; // answer in [lo, hi]
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (thresholds[mid] <= reading) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  @Override
  public String explain(Observation observation, ReasonCode reason) {
    return switch (reason) {
      case MISSING_VALUE -> "reading is missing (bins discretizer)";
      case READING_NOT_FINITE -> "reading = " + observation.getReading() + ": must be finite";
      case READING_OUT_OF_RANGE ->
          "reading = " + observation.getReading() + ": outside the configured range [" + min + ", " + max + "]";
      default -> reason.name();
    };
  }

  @Override
  public String toString() {
    return "bins" + Arrays.toString(thresholds) + " in [" + min + ", " + max + "]";
  }
}
