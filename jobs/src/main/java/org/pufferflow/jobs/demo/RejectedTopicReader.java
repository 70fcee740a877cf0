package org.pufferflow.jobs.demo;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.pufferflow.avro.RejectedObservation;

/**
 * Reads a whole rejected-observations topic as a {@code read_committed} consumer (what downstream users see): the
 * rejected-topic case of {@link AvroTopicReader}, kept for its callers.
 */
public final class RejectedTopicReader {
  private RejectedTopicReader() {}

  /** Every committed record of {@code topic}, up to its end offsets; fails after 60 s. */
  public static List<RejectedObservation> readAll(String bootstrapServers, String topic) throws IOException {
    return AvroTopicReader.readAll(bootstrapServers, topic, RejectedObservation.class, 0, Duration.ofSeconds(60));
  }
}
