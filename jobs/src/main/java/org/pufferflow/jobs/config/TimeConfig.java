package org.pufferflow.jobs.config;

import java.io.Serializable;

/**
 * Event time to ticks (docs/ingestion.md, 'Data model'): {@code tick = floor((eventTime - epochMillis) / tickMillis)}. Records up to
 * {@code allowedLatenessTicks} ticks late are buffered and processed in order; later ones are rejected.
 *
 * @param tickMillis length of one chain step, > 0
 * @param epochMillis start of tick 0, >= 0
 * @param allowedLatenessTicks >= 0
 */
public record TimeConfig(long tickMillis, long epochMillis, int allowedLatenessTicks) implements Serializable {

  /** The tick of {@code eventTimeMillis}; the caller guarantees {@code eventTimeMillis >= epochMillis}. */
  public long tickOf(long eventTimeMillis) {
    return Math.floorDiv(eventTimeMillis - epochMillis, tickMillis);
  }
}
