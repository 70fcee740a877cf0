package org.pufferflow.tools.bench;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.base.DeliveryGuarantee;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.pufferflow.jobs.pipeline.JobTypes;
import org.pufferflow.jobs.io.kafka.KafkaInputs;
import org.pufferflow.jobs.io.kafka.KafkaOutputs;
import org.pufferflow.operators.RawRecord;

/**
 * The baseline of {@code bench pipeline} (docs/benchmarks.md, 'Pipeline, end to end'): the job's own Kafka source
 * ({@link KafkaInputs#observations}, read committed, bounded) → the rate probe (a map) → a {@link KafkaSink} with
 * {@link DeliveryGuarantee#EXACTLY_ONCE} and the job's producer settings ({@link KafkaOutputs#producerProperties})
 * that writes every record's value bytes unchanged to {@value PipelineConfigs#PASS_THROUGH_TOPIC} (no key: the
 * payload is not decoded). No keyBy, no state besides the source's offsets and the sink's transactions: what
 * moving the records through Kafka and Flink costs.
 */
final class PassThroughPipeline {

  private static final TypeInformation<RawRecord> RAW = TypeInformation.of(RawRecord.class);

  private PassThroughPipeline() {}

  /**
   * Adds the job to {@code env}.
   *
   * @param id prefix of uids, names and the transactional id (distinct per run)
   */
  static void build(StreamExecutionEnvironment env, String bootstrapServers, String inputTopic, String groupId,
      OffsetsInitializer stoppingOffsets, String id) {
    JobTypes.applyJobRules(env);
    // every run reads the topic from its start (the runs share the group and the topic, which grows between them)
    DataStream<RawRecord> raw = KafkaInputs.observations(env, bootstrapServers, inputTopic, groupId,
        OffsetsInitializer.earliest(), stoppingOffsets, WatermarkStrategy.noWatermarks(),
        id + "observations: " + inputTopic, id + "kafka-source");
    raw.map(new RateProbe<RawRecord>(), RAW).name(id + "rate probe").uid(id + "probe")
        .sinkTo(KafkaSink.<RawRecord>builder()
            .setBootstrapServers(bootstrapServers)
            .setKafkaProducerConfig(KafkaOutputs.producerProperties())
            .setRecordSerializer(new PayloadOnly())
            .setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)
            .setTransactionalIdPrefix("bench-" + id.replace('/', '-') + "pass-through")
            .build())
        .name(id + "pass-through: " + PipelineConfigs.PASS_THROUGH_TOPIC).uid(id + "pass-through-sink");
  }

  /** The record's value bytes as they were read, no key. */
  static final class PayloadOnly implements KafkaRecordSerializationSchema<RawRecord> {
    private static final long serialVersionUID = 1L;

    @Override
    public ProducerRecord<byte[], byte[]> serialize(RawRecord r, KafkaSinkContext context, Long timestamp) {
      return new ProducerRecord<>(PipelineConfigs.PASS_THROUGH_TOPIC, null, r.payload);
    }
  }
}
