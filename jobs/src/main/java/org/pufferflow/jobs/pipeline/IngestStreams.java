package org.pufferflow.jobs.pipeline;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.operators.StateObservation;

/**
 * The streams the ingestion half produces. {@link #observations()} is where the mechanisms (DPHMM, MQM, redaction)
 * attach their keyed operators; {@link #rejected()} already flows into the rejected-observations topic.
 *
 * @param observations per subject, strictly increasing ticks, one state per tick; timestamp = end of the tick
 * @param rejected every rejected input record (already attached to the dead-letter sink)
 */
@PublicEvolving
public record IngestStreams(DataStream<StateObservation> observations, DataStream<RejectedObservation> rejected) {

  /** {@link #observations()} keyed by subject, for the mechanisms' keyed operators. */
  public KeyedStream<StateObservation, String> keyedObservations() {
    return observations.keyBy(o -> o.subjectId);
  }
}
