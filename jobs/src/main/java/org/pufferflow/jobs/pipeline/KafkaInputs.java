package org.pufferflow.jobs.pipeline;

import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.common.eventtime.WatermarkGenerator;
import org.apache.flink.api.common.eventtime.WatermarkOutput;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.connector.kafka.source.KafkaSource;
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
import org.pufferflow.operators.RawRecord;
import org.pufferflow.operators.Rejections;

/**
 * The Kafka sources of the job: observations from {@code kafka.inputTopic} and, with redaction, opt-outs from
 * {@code kafka.optOutTopic}, both read committed, starting from the consumer group's committed offsets (the
 * earliest offsets for a new group), or bounded by stopping offsets. Values stay raw bytes until an operator
 * decodes them, so an undecodable record goes to the rejected output with its payload instead of failing the job.
 */
public final class KafkaInputs {

  private KafkaInputs() {}

  /**
   * Records of {@code topic}; {@code stoppingOffsets == null} = unbounded. Public for {@code bench pipeline}, whose
   * Kafka pass-through job reads through the same source.
   */
  public static DataStream<RawRecord> raw(StreamExecutionEnvironment env, String bootstrapServers, String topic,
      String groupId, OffsetsInitializer stoppingOffsets, WatermarkStrategy<RawRecord> watermarks, String name,
      String uid) {
    KafkaSourceBuilder<RawRecord> b =
        KafkaSource.<RawRecord>builder()
            .setBootstrapServers(bootstrapServers)
            .setTopics(topic)
            .setGroupId(groupId)
            .setDeserializer(new RawRecordDeserializer())
            .setProperty("isolation.level", "read_committed")
            .setProperty("partition.discovery.interval.ms", stoppingOffsets != null ? "-1" : "60000");
    if (stoppingOffsets != null) {
      b.setStartingOffsets(OffsetsInitializer.earliest()).setBounded(stoppingOffsets);
      // a bounded source restored from a savepoint must still finish (the connector's enumerator never says so)
      return env.fromSource(new RestorableBoundedSource<>(b.build()), watermarks, name).uid(uid);
    }
    b.setStartingOffsets(OffsetsInitializer.committedOffsets(OffsetResetStrategy.EARLIEST));
    return env.fromSource(b.build(), watermarks, name).uid(uid);
  }

  /**
   * Opt-outs of {@code kafka.optOutTopic}: decoded, undecodable ones to {@link Rejections#TAG} ({@code UNDECODABLE}).
   * Their watermark is {@code Long.MAX_VALUE}: the control input never holds back event time (an opt-out for a
   * record already released is reported as {@code OPT_OUT_TOO_LATE} by the redaction function).
   */
  static SingleOutputStreamOperator<OptOut> optOuts(DataStream<RawRecord> raw, String id) {
    return raw.process(new DecodeOptOuts(), MechanismStreams.OPT_OUT_TYPE).name(id + "decode opt-outs")
        .uid(id + "decode-opt-outs");
  }

  /** A watermark strategy whose watermark is always {@code Long.MAX_VALUE}. */
  static <T> WatermarkStrategy<T> neverHoldsBack() {
    return WatermarkStrategy.forGenerator(ctx -> new MaxWatermark<>());
  }

  private static final class MaxWatermark<T> implements WatermarkGenerator<T> {
    @Override
    public void onEvent(T event, long eventTimestamp, WatermarkOutput output) {}

    @Override
    public void onPeriodicEmit(WatermarkOutput output) {
      output.emitWatermark(new Watermark(Long.MAX_VALUE));
    }
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
      if (o != null) {
        out.collect(o);
      } else {
        ctx.output(Rejections.TAG, Rejections.of(r.topic, r.partition, r.offset, r.payload, ReasonCode.UNDECODABLE,
            decoder.error()));
      }
    }
  }
}
