package org.pufferflow.ingest;

/**
 * Why an input record was rejected (docs/configuration.md, 'Data model'–§3; the {@code reasonCode} field of
 * {@code RejectedObservation}). Every record the job reads is either accepted as one (subject, tick, state) or rejected
 * with exactly one of these codes; nothing is dropped silently. See docs/configuration.md for the table of codes.
 */
public enum ReasonCode {
  /** The Kafka value is not a binary-encoded {@code Observation} (garbage, truncated, trailing bytes). */
  UNDECODABLE,
  /** {@code subjectId} is null or empty. */
  MISSING_SUBJECT,
  /** {@code eventTime} is null (of an observation, or of an opt-out read from the opt-out topic). */
  MISSING_TIME,
  /** {@code eventTime} is negative or before the configured epoch (a negative tick). */
  NEGATIVE_TIME,
  /** categorical: {@code stateLabel} is not one of the model's state labels; in a mechanism function, a state index
   * outside its model (the dead-letter record never shows the value). */
  UNKNOWN_LABEL,
  /** The field the discretizer needs is null ({@code stateLabel}, {@code reading}, or {@code lat}/{@code lon}). */
  MISSING_VALUE,
  /** bins: {@code reading} is NaN or infinite. */
  READING_NOT_FINITE,
  /** bins: {@code reading} lies outside the configured [min, max]. */
  READING_OUT_OF_RANGE,
  /** grid: latitude outside [-90, 90], longitude outside [-180, 180], or either is NaN. */
  LATLON_OUT_OF_RANGE,
  /** grid: a valid coordinate outside the configured grid's bounding box. */
  OUTSIDE_GRID,
  /** A second record for a tick of the subject that is already buffered or was the last one processed. */
  DUPLICATE_TICK,
  /** The record's tick is behind the subject's newest tick by more than the allowed lateness, or is before a tick
   * of the subject that was already processed. */
  TOO_LATE,
  /** redaction: an opt-out (or its first part) covers ticks it cannot protect: before the reach of its issue time, or
   * whose records were already released (docs/redaction.md, 'When an opt-out takes effect'). */
  OPT_OUT_TOO_LATE,
  /** redaction: an opt-out with {@code fromTick > toTick}, or one that would exceed the subject's limit of held
   * opt-out ranges; nothing of it is protected. */
  OPT_OUT_REFUSED,
  /** DPHMM, MQM, redaction: the record's tick is at or before the last tick the deployment's durable ledger
   * recorded for the subject (charged, released or decided by an earlier run, or an earlier job of the same
   * deployment); publishing it again could reuse a context's noise on other data (docs/privacy-noise.md, 'The
   * durable ledger'). */
  ALREADY_RELEASED
}
