package org.pufferflow.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Instant;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.WithNull;
import org.junit.jupiter.api.Test;
import org.pufferflow.avro.Observation;
import org.pufferflow.avro.OptOut;

/**
 * {@link EventTimes} against Avro's own encoder (docs/configuration.md, 'Event time and lateness'): the time read from
 * the prefix of an encoded record is its {@code eventTime} field, whatever the other fields hold; any bytes at all
 * give a number or {@link EventTimes#NONE} without throwing.
 */
class EventTimesProperties {

  @Property(tries = 1000)
  void theTimeOfAnEncodedObservationIsItsEventTimeField(@ForAll @WithNull(0.2) String subject,
      @ForAll @WithNull(0.2) Long millis, @ForAll @WithNull(0.5) String label, @ForAll @WithNull(0.5) Double reading)
      throws IOException {
    Observation o = Observation.newBuilder().setSubjectId(subject)
        .setEventTime(millis == null ? null : Instant.ofEpochMilli(millis)).setStateLabel(label).setReading(reading)
        .build();
    assertThat(EventTimes.ofObservation(encode(o))).isEqualTo(millis == null ? EventTimes.NONE : millis);
  }

  @Property(tries = 1000)
  void theTimeOfAnEncodedOptOutIsItsEventTimeField(@ForAll String subject, @ForAll long from, @ForAll long to,
      @ForAll @WithNull(0.2) Long millis) throws IOException {
    OptOut o = new OptOut(subject, from, to, millis == null ? null : Instant.ofEpochMilli(millis));
    assertThat(EventTimes.ofOptOut(encode(o))).isEqualTo(millis == null ? EventTimes.NONE : millis);
  }

  @Property(tries = 2000)
  void anyBytesGiveATimeOrNoneWithoutThrowing(@ForAll @Size(max = 40) byte[] bytes) {
    EventTimes.ofObservation(bytes);
    EventTimes.ofOptOut(bytes);
  }

  @Test
  void truncatedValuesAndNullHaveNoTime() throws IOException {
    byte[] full = encode(Observation.newBuilder().setSubjectId("meter-7").setEventTime(Instant.ofEpochMilli(1L << 40))
        .build());
    assertThat(EventTimes.ofObservation(full)).isEqualTo(1L << 40);
    for (int n = 0; n < 15; n++) { // the subject (1 + 1 + 7 bytes), the branch and the first bytes of the time
      assertThat(EventTimes.ofObservation(java.util.Arrays.copyOf(full, n))).as("first %s bytes", n)
          .isEqualTo(EventTimes.NONE);
    }
    assertThat(EventTimes.ofObservation(null)).isEqualTo(EventTimes.NONE);
    assertThat(EventTimes.ofOptOut(null)).isEqualTo(EventTimes.NONE);
    assertThat(EventTimes.ofObservation(new byte[] {4, 0})).as("union branch 2 does not exist")
        .isEqualTo(EventTimes.NONE);
  }

  private static byte[] encode(Observation o) {
    return new ObservationEncoder().encode(o);
  }

  private static byte[] encode(OptOut o) throws IOException {
    return StrictAvroDecoderTest.encode(o);
  }
}
