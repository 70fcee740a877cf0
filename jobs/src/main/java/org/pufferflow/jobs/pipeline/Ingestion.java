package org.pufferflow.jobs.pipeline;

import java.time.Duration;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.ingest.ObservationValidator;
import org.pufferflow.ingest.TickClock;
import org.pufferflow.ingest.TickOrder;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.config.TimeConfig;
import org.pufferflow.operators.AcceptedRecord;
import org.pufferflow.operators.RawRecord;
import org.pufferflow.operators.Rejections;
import org.pufferflow.operators.StateObservation;
import org.pufferflow.operators.TickOrderFunction;
import org.pufferflow.operators.ValidateObservations;

/**
 * The ingestion operators (docs/ingestion.md, 'Event time and lateness'), whatever the source:
 * <pre>
 *   raw records → validate + discretize ─(rejected)─┐
 *     → timestamps/watermarks (event time, lateness L ticks, idleness)   ├→ rejected
 *     → keyBy(subject) → tick order (DUPLICATE_TICK, TOO_LATE) ──────────┘
 *     → StateObservation (subject, tick, state)
 * </pre>
 * No sink is attached: the caller decides where the rejected records go.
 */
public final class Ingestion {

  static final Duration IDLENESS = Duration.ofSeconds(5);

  private Ingestion() {}

  /**
   * @param raw the input records (Kafka or file), each with its payload as stored
   * @param id prefix of operator uids and names ({@code ""} for none, else ending in {@code /})
   */
  public static IngestStreams attach(JobConfig config, DataStream<RawRecord> raw, String id) {
    PufferPreconditions.checkNotNull("config", config);
    TimeConfig time = config.time();
    TickClock clock = new TickClock(time.tickMillis(), time.epochMillis());
    ObservationValidator validator =
        new ObservationValidator(Discretizers.of(config.discretizer(), config.model()), clock);
    SingleOutputStreamOperator<AcceptedRecord> valid =
        raw.process(new ValidateObservations(validator)).name(id + "validate + discretize").uid(id + "validate");

    Duration lateness = Duration.ofMillis(Math.multiplyExact(time.tickMillis(), (long) time.allowedLatenessTicks()));
    DataStream<AcceptedRecord> timed =
        valid.assignTimestampsAndWatermarks(
                WatermarkStrategy.<AcceptedRecord>forBoundedOutOfOrderness(lateness)
                    .withTimestampAssigner((r, previous) -> r.eventTime)
                    .withIdleness(IDLENESS))
            .name(id + "event time").uid(id + "event-time");

    SingleOutputStreamOperator<StateObservation> ordered =
        timed.keyBy(r -> r.subjectId)
            .process(new TickOrderFunction(clock, new TickOrder(time.allowedLatenessTicks())))
            .name(id + "tick order").uid(id + "tick-order");

    DataStream<RejectedObservation> rejected =
        valid.getSideOutput(Rejections.TAG).union(ordered.getSideOutput(Rejections.TAG));
    return new IngestStreams(ordered, rejected);
  }
}
