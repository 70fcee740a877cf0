package org.pufferflow.jobs.io.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.AlphaChars;
import net.jqwik.api.constraints.NumericChars;
import net.jqwik.api.constraints.StringLength;
import org.pufferflow.avro.Observation;

/**
 * docs/configuration.md, 'File mode': a malformed line goes to ingestion as its own bytes and is rejected as
 * UNDECODABLE; a well-formed line decodes to exactly its fields.
 */
class CsvObservationsProperties {

  private final CsvObservations bins = CsvObservations.forDiscretizer(IoFixtures.bins().discretizer());
  private final CsvObservations grid = CsvObservations.forDiscretizer(IoFixtures.grid().discretizer());
  private final CsvObservations categorical = CsvObservations.forDiscretizer(IoFixtures.categorical().discretizer());

  /** Printable lines, mostly CSV-like: separators, digits, signs, dots, letters, spaces, some non-ASCII. */
  @Provide
  Arbitrary<String> printableLines() {
    Arbitrary<String> csvLike = Arbitraries.strings().withChars(",,,0123456789-+.eE NaInfty").ofMaxLength(40);
    Arbitrary<String> any = Arbitraries.strings().withCharRange(' ', '~').withChars("äé€\u00a0\uFEFF").ofMaxLength(60);
    return Arbitraries.oneOf(csvLike, any);
  }

  @Property(tries = 2000)
  void aLineEitherDecodesToAnObservationOrIsSentAsItsBytesThatNeverDecode(
      @ForAll("printableLines") String line) {
    for (CsvObservations csv : new CsvObservations[] {bins, grid, categorical}) {
      byte[] p = csv.payload(line);
      Observation o = IoFixtures.decode(p);
      if (csv.malformed()) {
        assertThat(p).isEqualTo(line.getBytes(StandardCharsets.UTF_8));
        assertThat(o).as("malformed line %s must be UNDECODABLE", line).isNull();
      } else {
        assertThat(o).as("encoded line %s must decode", line).isNotNull();
        assertThat(o.getSubjectId()).isEqualTo(csv.subject());
        assertThat(o.getEventTime() == null).isEqualTo(!csv.hasTime());
      }
    }
  }

  @Property(tries = 500)
  void aWellFormedLineDecodesToItsFields(
      @ForAll @AlphaChars @NumericChars @StringLength(min = 1, max = 12) String subject,
      @ForAll long time, @ForAll double reading, @ForAll double lat, @ForAll double lon) {
    Observation b = IoFixtures.decode(bins.payload(subject + "," + time + "," + reading));
    assertThat(bins.malformed()).isFalse();
    assertThat(b.getSubjectId()).isEqualTo(subject);
    assertThat(b.getEventTime().toEpochMilli()).isEqualTo(time);
    assertThat(Double.compare(b.getReading(), reading)).isZero();
    Observation g = IoFixtures.decode(grid.payload(subject + "," + time + "," + lat + "," + lon));
    assertThat(Double.compare(g.getLat(), lat)).isZero();
    assertThat(Double.compare(g.getLon(), lon)).isZero();
    assertThat(g.getReading()).isNull();
    Observation c = IoFixtures.decode(categorical.payload(subject + "," + time + "," + subject));
    assertThat(c.getStateLabel()).isEqualTo(subject);
    assertThat(c.getReading()).isNull();
  }
}
