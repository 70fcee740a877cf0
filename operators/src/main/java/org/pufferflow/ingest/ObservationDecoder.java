package org.pufferflow.ingest;

import org.pufferflow.avro.Observation;

/**
 * Decodes Kafka record values written as Avro binary with the {@link Observation} schema (no framing, no schema
 * registry). Anything else — garbage, a truncated record, trailing bytes, an invalid union branch — is reported as
 * {@link ReasonCode#UNDECODABLE} instead of throwing, so one bad record never fails the job.
 *
 * <p>A {@link StrictAvroDecoder} of {@link Observation}s.
 *
 * <p>Not thread-safe: it reuses one decoder and one {@link Observation} between calls (one instance per Flink
 * subtask). The returned observation is overwritten by the next call.
 */
public final class ObservationDecoder {

  private final StrictAvroDecoder<Observation> decoder = new StrictAvroDecoder<>(Observation.class, Observation::new);

  /**
   * Decodes {@code payload}; returns the observation, or null when the bytes are not an Observation (then
   * {@link #error()} says why).
   */
  public Observation decode(byte[] payload) {
    return decoder.decode(payload);
  }

  /** Why the last {@link #decode} returned null. */
  public String error() {
    return decoder.error();
  }
}
