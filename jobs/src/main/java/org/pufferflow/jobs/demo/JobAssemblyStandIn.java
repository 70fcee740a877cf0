package org.pufferflow.jobs.demo;

import java.time.Duration;
import java.util.EnumSet;
import java.util.Properties;
import java.util.Set;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.base.DeliveryGuarantee;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.formats.avro.AvroDeserializationSchema;
import org.apache.flink.formats.avro.AvroSerializationSchema;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.pufferflow.avro.OptOut;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.pipeline.IngestStreams;
import org.pufferflow.jobs.pipeline.MechanismStreams;
import org.pufferflow.jobs.pipeline.OutputKind;
import org.pufferflow.jobs.pipeline.PipelineBuilder;

/** TEMPORARY stand-in for the lead's JobAssembly (same API); deleted when main's lands. */
final class JobAssemblyStandIn {
  record Assembled(IngestStreams ingest, MechanismStreams mechanisms, Set<OutputKind> outputs) {}

  private final JobConfig config;
  private String bootstrap;
  private String id = "";
  private OffsetsInitializer stop;

  private JobAssemblyStandIn(JobConfig config) {
    this.config = config;
  }

  static JobAssemblyStandIn builder(JobConfig config) {
    return new JobAssemblyStandIn(config);
  }

  JobAssemblyStandIn bootstrapServers(String s) {
    bootstrap = s;
    return this;
  }

  JobAssemblyStandIn id(String s) {
    id = s;
    return this;
  }

  JobAssemblyStandIn boundedAt(OffsetsInitializer o) {
    stop = o;
    return this;
  }

  Assembled build(StreamExecutionEnvironment env) {
    IngestStreams ingest = new PipelineBuilder(config, bootstrap).id(id).boundedAt(stop)
        .checkpointInterval(Duration.ofSeconds(1)).build(env);
    DataStream<OptOut> optOuts = null;
    if (config.redaction() != null) {
      KafkaSource<OptOut> src = KafkaSource.<OptOut>builder().setBootstrapServers(bootstrap)
          .setTopics(config.kafka().optOutTopic()).setGroupId(id + "-opt-outs")
          .setValueOnlyDeserializer(AvroDeserializationSchema.forSpecific(OptOut.class))
          .setProperty("isolation.level", "read_committed")
          .setStartingOffsets(OffsetsInitializer.earliest()).setBounded(OffsetsInitializer.latest()).build();
      optOuts = env.fromSource(src, WatermarkStrategy.noWatermarks(), id + "/opt-outs").uid(id + "/opt-outs");
    }
    MechanismStreams m = MechanismStreams.attach(config, ingest.keyedObservations(), optOuts, id);
    Set<OutputKind> outputs = EnumSet.of(OutputKind.REJECTED);
    sink(m.dphmm(), OutputKind.DPHMM_RELEASES, outputs);
    sink(m.mqm(), OutputKind.WINDOW_HISTOGRAMS, outputs);
    sink(m.fleet(), OutputKind.FLEET_HISTOGRAMS, outputs);
    sink(m.redaction(), OutputKind.REDACTED_RECORDS, outputs);
    sink(m.ledgerEvents(), OutputKind.LEDGER_EVENTS, outputs);
    if (m.rejected() != null) {
      @SuppressWarnings("unchecked")
      KafkaSink<org.pufferflow.avro.RejectedObservation> k =
          (KafkaSink<org.pufferflow.avro.RejectedObservation>) kafkaSink(OutputKind.REJECTED, "mech-rejected");
      m.rejected().sinkTo(k).uid(id + "/mech-rejected");
    }
    return new Assembled(ingest, m, outputs);
  }

  @SuppressWarnings("unchecked")
  private <T> void sink(DataStream<T> s, OutputKind kind, Set<OutputKind> outputs) {
    if (s != null) {
      s.sinkTo((KafkaSink<T>) kafkaSink(kind, kind.fileStem())).uid(id + "/" + kind.fileStem() + "-sink");
      outputs.add(kind);
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private KafkaSink<?> kafkaSink(OutputKind kind, String suffix) {
    Properties producer = new Properties();
    producer.setProperty("transaction.timeout.ms", "600000");
    Class<SpecificRecordBase> cls = (Class<SpecificRecordBase>) kind.recordClass();
    return KafkaSink.builder().setBootstrapServers(bootstrap).setKafkaProducerConfig(producer)
        .setRecordSerializer(KafkaRecordSerializationSchema.builder().setTopic(kind.topic(config.kafka()))
            .setValueSerializationSchema((AvroSerializationSchema) AvroSerializationSchema.forSpecific(cls)).build())
        .setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)
        .setTransactionalIdPrefix(config.kafka().transactionalIdPrefix() + "-" + id + "-" + suffix).build();
  }
}
