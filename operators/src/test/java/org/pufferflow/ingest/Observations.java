package org.pufferflow.ingest;

import java.time.Instant;
import org.pufferflow.avro.Observation;

/** Test helpers building {@link Observation}s. */
final class Observations {
  private Observations() {}

  static Observation label(String subject, Long time, String label) {
    return Observation.newBuilder().setSubjectId(subject).setEventTime(time == null ? null : Instant.ofEpochMilli(time))
        .setStateLabel(label).build();
  }

  static Observation reading(String subject, Long time, Double reading) {
    return Observation.newBuilder().setSubjectId(subject).setEventTime(time == null ? null : Instant.ofEpochMilli(time))
        .setReading(reading).build();
  }

  static Observation position(String subject, Long time, Double lat, Double lon) {
    return Observation.newBuilder().setSubjectId(subject).setEventTime(time == null ? null : Instant.ofEpochMilli(time))
        .setLat(lat).setLon(lon).build();
  }
}
