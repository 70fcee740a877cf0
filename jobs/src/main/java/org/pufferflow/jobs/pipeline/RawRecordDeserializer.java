package org.pufferflow.jobs.pipeline;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.util.Collector;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.pufferflow.operators.RawRecord;

/**
 * Reads Kafka records without interpreting them: topic, partition, offset and the value bytes. Decoding happens in
 * {@link org.pufferflow.operators.ValidateObservations}, so a value that is not an Avro Observation becomes an
 * {@code UNDECODABLE} rejection instead of a failed source.
 */
public final class RawRecordDeserializer implements KafkaRecordDeserializationSchema<RawRecord> {
  private static final long serialVersionUID = 1L;

  @Override
  public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<RawRecord> out) {
    out.collect(new RawRecord(record.topic(), record.partition(), record.offset(), record.value()));
  }

  @Override
  public TypeInformation<RawRecord> getProducedType() {
    return TypeInformation.of(RawRecord.class);
  }
}
