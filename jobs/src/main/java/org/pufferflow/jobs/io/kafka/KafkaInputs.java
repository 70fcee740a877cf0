package org.pufferflow.jobs.io.kafka;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.KafkaSourceOptions;
import org.apache.flink.connector.kafka.source.KafkaSourceBuilder;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;
import org.apache.kafka.clients.consumer.OffsetResetStrategy;
import org.pufferflow.avro.OptOut;
import org.pufferflow.ingest.ReasonCode;
import org.pufferflow.ingest.StrictAvroDecoder;
import org.pufferflow.jobs.config.TimeConfig;
import org.pufferflow.operators.RawRecord;
import org.pufferflow.operators.RedactionFunction;
import org.pufferflow.operators.Rejections;
import org.pufferflow.operators.TickWatermarks;

/**
 * The Kafka sources of the job: observations from {@code kafka.inputTopic} and, with redaction, opt-outs from
 * {@code kafka.optOutTopic}, both read committed, from {@link #COMMITTED} (the consumer group's committed offsets,
 * the earliest offsets for a new group) unless the caller names other starting offsets, unbounded or bounded by
 * stopping offsets. Values stay raw bytes until an operator
 * decodes them, so an undecodable record goes to the rejected output with its payload instead of failing the job;
 * only their event time is read in the source ({@link RawRecordDeserializer}), where {@link #eventTime} keeps one
 * watermark per partition.
 */
@Internal
public final class KafkaInputs {

  /**
   * Where a job started without state reads: the consumer group's committed offsets, the earliest offsets of a
   * partition the group has none for. The source commits the offsets it read with every completed checkpoint.
   */
  public static final OffsetsInitializer COMMITTED = OffsetsInitializer.committedOffsets(OffsetResetStrategy.EARLIEST);

  private KafkaInputs() {}

  /**
   * Observations of {@code topic} from {@code startingOffsets} (usually {@link #COMMITTED}); {@code stoppingOffsets
   * == null} = unbounded. Public for {@code bench pipeline}, whose Kafka pass-through job reads through the same
   * source.
   */
  public static DataStream<RawRecord> observations(StreamExecutionEnvironment env, String bootstrapServers,
      String topic, String groupId, OffsetsInitializer startingOffsets, OffsetsInitializer stoppingOffsets,
      WatermarkStrategy<RawRecord> watermarks, String name, String uid) {
    return raw(env, bootstrapServers, topic, groupId, startingOffsets, stoppingOffsets,
        RawRecordDeserializer.Values.OBSERVATIONS, watermarks, name, uid);
  }

  /**
   * The event time of the job's sources (docs/configuration.md, 'Event time and lateness'): {@link TickWatermarks} per
   * partition, and the sources of one pipeline in one watermark-alignment group ({@code time.maxDriftTicks}, compared
   * every {@code time.alignmentUpdateMillis}).
   *
   * @param group the alignment group (one per pipeline: its observation and opt-out sources)
   */
  public static WatermarkStrategy<RawRecord> eventTime(TimeConfig time, String group) {
    return new TickWatermarks(time.clock(), time.allowedLatenessTicks(), time.idleTimeout())
        .withWatermarkAlignment(group, time.maxDrift(), time.alignmentUpdate());
  }

  /** Opt-outs of {@code topic}, with their event time ({@code OptOut.eventTime}) as timestamp. */
  public static DataStream<RawRecord> rawOptOuts(StreamExecutionEnvironment env, String bootstrapServers, String topic,
      String groupId, OffsetsInitializer startingOffsets, OffsetsInitializer stoppingOffsets,
      WatermarkStrategy<RawRecord> watermarks, String name, String uid) {
    return raw(env, bootstrapServers, topic, groupId, startingOffsets, stoppingOffsets,
        RawRecordDeserializer.Values.OPT_OUTS, watermarks, name, uid);
  }

  private static DataStream<RawRecord> raw(StreamExecutionEnvironment env, String bootstrapServers, String topic,
      String groupId, OffsetsInitializer startingOffsets, OffsetsInitializer stoppingOffsets,
      RawRecordDeserializer.Values values,
      WatermarkStrategy<RawRecord> watermarks, String name, String uid) {
    KafkaSourceBuilder<RawRecord> b =
        KafkaSource.<RawRecord>builder()
            .setBootstrapServers(bootstrapServers)
            .setTopics(topic)
            .setGroupId(groupId)
            .setStartingOffsets(startingOffsets)
            .setDeserializer(new RawRecordDeserializer(values))
            .setProperty("isolation.level", "read_committed")
            .setProperty("partition.discovery.interval.ms", stoppingOffsets != null ? "-1" : "60000")
            // the connector would copy every Kafka consumer metric into one group by its bare name, where the
            // Kafka 4 consumer's same-named metrics of different groups collide (a warning each); the lag stays
            // measured: the source's pendingRecords (docs/operators.md, 'Metrics to watch')
            .setProperty(KafkaSourceOptions.REGISTER_KAFKA_CONSUMER_METRICS.key(), "false");
    if (stoppingOffsets != null) {
      b.setBounded(stoppingOffsets);
      // a bounded source restored from a savepoint must still finish (the connector's enumerator never says so)
      return env.fromSource(new RestorableBoundedSource<>(b.build()), watermarks, name).uid(uid);
    }
    return env.fromSource(b.build(), watermarks, name).uid(uid);
  }

  /**
   * Opt-outs of {@code kafka.optOutTopic}: decoded, undecodable ones to {@link Rejections#TAG} ({@code UNDECODABLE}),
   * those without an event time ({@code MISSING_TIME}: the contract of docs/redaction.md needs it).
   */
  public static SingleOutputStreamOperator<OptOut> optOuts(DataStream<RawRecord> raw, String id) {
    return raw.process(new DecodeOptOuts(), RedactionFunction.OPT_OUT_TYPE).name(id + "decode opt-outs")
        .uid(id + "decode-opt-outs");
  }

  /** Avro-binary {@code OptOut} values; anything else (or trailing bytes) is rejected as {@code UNDECODABLE}. */
  static final class DecodeOptOuts extends ProcessFunction<RawRecord, OptOut> {
    private static final long serialVersionUID = 1L;
    private transient StrictAvroDecoder<OptOut> decoder;

    @Override
    public void open(OpenContext context) {
      decoder = new StrictAvroDecoder<>(OptOut.class, null); // a new OptOut per record: it is emitted
    }

    @Override
    public void processElement(RawRecord r, Context ctx, Collector<OptOut> out) {
      OptOut o = decoder.decode(r.payload);
      if (o == null) {
        ctx.output(Rejections.TAG, Rejections.of(r.topic, r.partition, r.offset, r.payload, ReasonCode.UNDECODABLE,
            decoder.error()));
      } else if (o.getEventTime() == null) {
        ctx.output(Rejections.TAG, Rejections.of(r.topic, r.partition, r.offset, r.payload, ReasonCode.MISSING_TIME,
            "opt-out without eventTime: the time it was issued decides which ticks it can still protect"
                + " (docs/redaction.md, 'When an opt-out takes effect')"));
      } else {
        out.collect(o);
      }
    }
  }
}
