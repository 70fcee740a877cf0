package org.pufferflow.operators;

import java.io.Serializable;
import org.apache.flink.annotation.PublicEvolving;

/**
 * Says, for a record whose value is not an Avro {@code Observation}, what the value is instead and what is wrong
 * with it, in the words of the format it was written in: e.g. a CSV line (docs/configuration.md, 'Observations from
 * CSV'). {@link ValidateObservations} asks it before falling back to the Avro decoder's message; the reason code stays
 * {@code UNDECODABLE} and the rejected record keeps the value's bytes.
 *
 * <p>The caller's duties: deterministic (a replay after a restore gives the same message for the same record),
 * never throws on any bytes, and returns null when it does not recognise the value. Instances are serialized into
 * the job graph; per-subtask helpers belong in transient fields.
 */
@PublicEvolving
@FunctionalInterface
public interface UndecodableDiagnosis extends Serializable {

  /** The message for {@code raw}, whose payload did not decode; null when the payload is not of this format. */
  String diagnose(RawRecord raw);
}
