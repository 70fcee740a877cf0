package org.pufferflow.jobs.io.kafka;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.util.Collector;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.pufferflow.ingest.EventTimes;
import org.pufferflow.operators.RawRecord;

/**
 * Reads Kafka records without decoding them: topic, partition, offset, the value bytes, and the event time read from
 * the value's Avro prefix ({@link EventTimes}), which {@link org.pufferflow.operators.TickWatermarks} makes the
 * record's timestamp in the source, one watermark per partition. Decoding happens later (observations in
 * {@link org.pufferflow.operators.ValidateObservations}, opt-outs in {@link KafkaInputs}), so a value that is not the
 * expected record becomes an {@code UNDECODABLE} rejection instead of a failed source.
 */
final class RawRecordDeserializer implements KafkaRecordDeserializationSchema<RawRecord> {
  private static final long serialVersionUID = 1L;

  /** Which record type the topic holds: where its event time sits in the value. */
  enum Values {
    OBSERVATIONS,
    OPT_OUTS;

    long eventTime(byte[] value) {
      return this == OBSERVATIONS ? EventTimes.ofObservation(value) : EventTimes.ofOptOut(value);
    }
  }

  private final Values values;

  RawRecordDeserializer(Values values) {
    this.values = values;
  }

  @Override
  public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<RawRecord> out) {
    byte[] value = record.value();
    out.collect(new RawRecord(record.topic(), record.partition(), record.offset(), value, values.eventTime(value)));
  }

  @Override
  public TypeInformation<RawRecord> getProducedType() {
    return TypeInformation.of(RawRecord.class);
  }
}
