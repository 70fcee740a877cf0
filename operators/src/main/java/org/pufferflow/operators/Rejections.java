package org.pufferflow.operators;

import java.nio.ByteBuffer;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.util.OutputTag;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.ingest.ReasonCode;

/** The side output of rejected input records and how they are built. */
public final class Rejections {

  /**
   * Side output of {@link ValidateObservations} and {@link TickOrderFunction}. The type is Avro-specific
   * ({@code flink-avro} provides its serializer at runtime).
   */
  public static final OutputTag<RejectedObservation> TAG =
      new OutputTag<>("rejected-observations", TypeInformation.of(RejectedObservation.class));

  private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

  private Rejections() {}

  public static RejectedObservation of(String topic, int partition, long offset, byte[] payload, ReasonCode reason,
      String message) {
    return RejectedObservation.newBuilder()
        .setSourceTopic(topic == null ? "" : topic)
        .setSourcePartition(partition)
        .setSourceOffset(offset)
        .setRawPayload(payload == null ? EMPTY : ByteBuffer.wrap(payload))
        .setReasonCode(reason.name())
        .setMessage(message)
        .build();
  }
}
