package org.pufferflow.operators;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;
import org.pufferflow.avro.Observation;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.ingest.ObservationDecoder;
import org.pufferflow.ingest.ObservationValidator;
import org.pufferflow.ingest.ReasonCode;
import org.pufferflow.ingest.Rejection;

/**
 * "validate + discretize" (docs/configuration.md, 'Event time and lateness'): decodes each raw Kafka value as an Avro
 * {@code Observation}, checks it with the {@link ObservationValidator} and emits an {@link AcceptedRecord}; anything
 * else goes to the {@link Rejections#TAG} side output with its reason ({@code UNDECODABLE} for bytes that are not an
 * Observation, worded by an optional {@link UndecodableDiagnosis}). Stateless; never throws on bad input, so one record
 * cannot fail the job.
 */
@PublicEvolving
public final class ValidateObservations extends ProcessFunction<RawRecord, AcceptedRecord> {
  private static final long serialVersionUID = 1L;

  private static final ReasonCode[] REASONS = {
    ReasonCode.UNDECODABLE, ReasonCode.MISSING_SUBJECT, ReasonCode.MISSING_TIME, ReasonCode.NEGATIVE_TIME,
    ReasonCode.UNKNOWN_LABEL, ReasonCode.MISSING_VALUE, ReasonCode.READING_NOT_FINITE, ReasonCode.READING_OUT_OF_RANGE,
    ReasonCode.LATLON_OUT_OF_RANGE, ReasonCode.OUTSIDE_GRID
  };

  private final ObservationValidator validator;
  private final UndecodableDiagnosis diagnosis;
  private transient ObservationDecoder decoder;
  private transient OperatorMetrics metrics;

  public ValidateObservations(ObservationValidator validator) {
    this(validator, null);
  }

  /**
   * @param diagnosis words the rejection of a value that is not an Observation (e.g. a CSV line); null for the Avro
   *     decoder's message only
   */
  public ValidateObservations(ObservationValidator validator, UndecodableDiagnosis diagnosis) {
    this.validator = PufferPreconditions.checkNotNull("validator", validator);
    this.diagnosis = diagnosis;
  }

  @Override
  public void open(OpenContext openContext) {
    decoder = new ObservationDecoder();
    metrics = OperatorMetrics.forIngestion(getRuntimeContext(), REASONS);
  }

  @Override
  public void processElement(RawRecord raw, Context ctx, Collector<AcceptedRecord> out) {
    Observation o = decoder.decode(raw.payload);
    if (o == null) {
      String message = diagnosis == null ? null : diagnosis.diagnose(raw);
      reject(raw, ReasonCode.UNDECODABLE, message == null ? decoder.error() : message, ctx);
      return;
    }
    int state = validator.check(o);
    if (state >= 0) {
      long eventTime = o.getEventTime().toEpochMilli();
      out.collect(new AcceptedRecord(o.getSubjectId(), validator.clock().tickOf(eventTime), state, eventTime, raw));
    } else {
      Rejection r = validator.reject(o, state);
      reject(raw, r.reasonCode(), r.message(), ctx);
    }
  }

  private void reject(RawRecord raw, ReasonCode reason, String message, Context ctx) {
    metrics.reject(reason);
    ctx.output(Rejections.TAG, Rejections.of(raw.topic, raw.partition, raw.offset, raw.payload, reason, message));
  }
}
