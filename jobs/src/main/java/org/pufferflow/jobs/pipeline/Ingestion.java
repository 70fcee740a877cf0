package org.pufferflow.jobs.pipeline;

import org.apache.flink.annotation.Internal;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.jobs.config.IngestObjects;
import org.pufferflow.jobs.config.InputConfig;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.io.file.CsvLineDiagnosis;
import org.pufferflow.jobs.io.kafka.KafkaInputs;
import org.pufferflow.operators.AcceptedRecord;
import org.pufferflow.operators.RawRecord;
import org.pufferflow.operators.Rejections;
import org.pufferflow.operators.StateObservation;
import org.pufferflow.operators.TickOrderFunction;
import org.pufferflow.operators.UndecodableDiagnosis;
import org.pufferflow.operators.ValidateObservations;

/**
 * The ingestion operators (docs/configuration.md, 'Event time and lateness'), whatever the source:
 * <pre>
 *   raw records (event time assigned in the source) → validate + discretize ─(rejected)─┐
 *     → keyBy(subject) → tick order (DUPLICATE_TICK, TOO_LATE) ─────────────────────────┴→ rejected
 *     → StateObservation (subject, tick, state)
 * </pre>
 * Event time is the source's: a Kafka source keeps one watermark per partition ({@link KafkaInputs#eventTime}); a
 * file source has none until it ends (the file is complete, so event time completes at its end, whatever the order
 * of its rows). No sink is attached: the caller decides where the rejected records go. Public for the benchmarks'
 * pass-through jobs, which time ingestion alone; jobs get it through {@link JobAssembly}.
 */
@Internal
public final class Ingestion {

  private Ingestion() {}

  /**
   * @param raw the input records (Kafka or file), each with its payload as stored, watermarked by their source
   * @param id prefix of operator uids and names ({@code ""} for none, else ending in {@code /})
   */
  public static IngestStreams attach(JobConfig config, DataStream<RawRecord> raw, String id) {
    PufferPreconditions.checkNotNull("config", config);
    IngestObjects ingest = config.ingest();
    SingleOutputStreamOperator<AcceptedRecord> valid =
        raw.process(new ValidateObservations(ingest.validator(), csvDiagnosis(config)))
        .name(id + "validate + discretize").uid(id + "validate");

    SingleOutputStreamOperator<StateObservation> ordered =
        valid.keyBy(r -> r.subjectId)
            .process(new TickOrderFunction(ingest.clock(), ingest.tickOrder()))
            .name(id + "tick order").uid(id + "tick-order");

    DataStream<RejectedObservation> rejected =
        valid.getSideOutput(Rejections.TAG).union(ordered.getSideOutput(Rejections.TAG));
    return new IngestStreams(ordered, rejected);
  }

  /**
   * How a value that is not an Observation is worded: as a CSV line where one can arrive (a CSV file; the input topic,
   * which {@code feed} fills), else by the Avro decoder alone.
   */
  static UndecodableDiagnosis csvDiagnosis(JobConfig config) {
    if (config.input() instanceof InputConfig.File f) {
      return f.format() == InputConfig.Format.CSV ? CsvLineDiagnosis.ofFile(config.discretizer()) : null;
    }
    return CsvLineDiagnosis.ofTopic(config.discretizer());
  }
}
