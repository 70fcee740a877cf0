package org.pufferflow.jobs.config;

/** Reads and validates the {@code time} section into a {@link TimeConfig}. */
final class TimeSection {

  private TimeSection() {}

  static TimeConfig read(ConfigNode t) {
    t.requireMapping("tickMillis", "epochMillis", "allowedLatenessTicks");
    ConfigNode tick = t.required("tickMillis");
    long tickMillis = tick.asLong();
    if (tickMillis <= 0) {
      throw tick.error("must be > 0, got " + tickMillis);
    }
    ConfigNode epochNode = t.optional("epochMillis");
    long epoch = epochNode == null ? 0 : epochNode.asLong();
    if (epoch < 0) {
      throw epochNode.error("must be >= 0, got " + epoch);
    }
    ConfigNode latenessNode = t.optional("allowedLatenessTicks");
    int lateness = latenessNode == null ? 0 : latenessNode.asInt();
    if (lateness < 0) {
      throw latenessNode.error("must be >= 0, got " + lateness);
    }
    return new TimeConfig(tickMillis, epoch, lateness);
  }
}
