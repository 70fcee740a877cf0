package org.pufferflow.jobs.config;

/** Reads and validates the {@code time} section into a {@link TimeConfig}. */
final class TimeSection {

  private TimeSection() {}

  static TimeConfig read(ConfigNode t) {
    t.requireMapping("tickMillis", "epochMillis", "allowedLatenessTicks", "idleTimeoutMillis", "maxDriftTicks",
        "alignmentUpdateMillis");
    ConfigNode tick = t.required("tickMillis");
    long tickMillis = tick.asLong();
    if (tickMillis <= 0) {
      throw tick.error("must be > 0, got " + tickMillis);
    }
    long epoch = atLeast(t, "epochMillis", 0, 0);
    long lateness = atLeast(t, "allowedLatenessTicks", 0, 0);
    if (lateness > Integer.MAX_VALUE) {
      throw t.required("allowedLatenessTicks").error("must be <= " + Integer.MAX_VALUE + ", got " + lateness);
    }
    if (Math.multiplyHigh(lateness, tickMillis) != 0 || lateness * tickMillis < 0) {
      throw t.required("allowedLatenessTicks").error(lateness + " ticks of " + tickMillis
          + " ms overflow a millisecond count");
    }
    long idle = atLeast(t, "idleTimeoutMillis", TimeConfig.DEFAULT_IDLE_TIMEOUT_MILLIS, 1);
    long drift = atLeast(t, "maxDriftTicks", TimeConfig.DEFAULT_MAX_DRIFT_TICKS, 1);
    long update = atLeast(t, "alignmentUpdateMillis", TimeConfig.DEFAULT_ALIGNMENT_UPDATE_MILLIS,
        TimeConfig.MIN_ALIGNMENT_UPDATE_MILLIS);
    return new TimeConfig(tickMillis, epoch, (int) lateness, idle, drift, update);
  }

  /** The optional integer {@code key}, {@code fallback} when absent; at least {@code min}. */
  private static long atLeast(ConfigNode t, String key, long fallback, long min) {
    ConfigNode n = t.optional(key);
    if (n == null) {
      return fallback;
    }
    long v = n.asLong();
    if (v < min) {
      throw n.error("must be >= " + min + ", got " + v);
    }
    return v;
  }
}
