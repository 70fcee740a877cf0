package org.pufferflow.operators;

import java.nio.ByteBuffer;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.util.OutputTag;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.ingest.ReasonCode;

/**
 * The one way a {@link RejectedObservation} (a record for the dead-letter topic) is built, and the side output of the
 * ingestion functions. Every function builds its rejections here, with a {@link ReasonCode}:
 * <ul>
 *   <li>{@link #of} — a record that still has its Kafka origin (ingestion: topic, partition, offset, raw bytes);</li>
 *   <li>{@link #ofObservation} — a {@link StateObservation} a mechanism function refuses: source topic = the
 *       mechanism id, partition and offset −1, empty payload (the record is no longer a Kafka record there), message
 *       {@code "subject <s>, tick <t>: <detail>"};</li>
 *   <li>{@link #ofControlRecord} — a control record without a Kafka origin (an opt-out): source topic = its kind,
 *       partition and offset −1, its own encoding as payload.</li>
 * </ul>
 * Messages name subjects and ticks only, never a state or a raw value (the caller's duty for {@code detail}).
 */
@PublicEvolving
public final class Rejections {

  /**
   * Side output of {@link ValidateObservations} and {@link TickOrderFunction}. The type is Avro-specific
   * ({@code flink-avro} provides its serializer at runtime).
   */
  public static final OutputTag<RejectedObservation> TAG =
      new OutputTag<>("rejected-observations", TypeInformation.of(RejectedObservation.class));

  private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

  private Rejections() {}

  /** A rejection of a record read from {@code topic}-{@code partition}@{@code offset}, carrying its raw bytes. */
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

  /**
   * A mechanism function's rejection of subject {@code subject}'s observation at {@code tick}.
   *
   * @param mechanism the mechanism id (the rejection's source topic)
   * @param detail why, naming ticks only (never the state)
   */
  public static RejectedObservation ofObservation(String mechanism, ReasonCode reason, String subject, long tick,
      String detail) {
    return of(mechanism, -1, -1, null, reason, "subject " + subject + ", tick " + tick + ": " + detail);
  }

  /** A rejection of a control record of kind {@code source} (e.g. an opt-out), with its encoding as payload. */
  public static RejectedObservation ofControlRecord(String source, byte[] payload, ReasonCode reason, String message) {
    return of(source, -1, -1, payload, reason, message);
  }

  /**
   * The reason of an observation at {@code tick} that is not after the subject's {@code last} tick:
   * {@link ReasonCode#DUPLICATE_TICK} for the same tick, {@link ReasonCode#TOO_LATE} for an earlier one.
   */
  public static ReasonCode outOfOrder(long tick, long last) {
    return tick == last ? ReasonCode.DUPLICATE_TICK : ReasonCode.TOO_LATE;
  }
}
