package org.pufferflow.jobs.io.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pufferflow.avro.Observation;
import org.pufferflow.ingest.ObservationValidator;
import org.pufferflow.ingest.ReasonCode;
import org.pufferflow.jobs.config.JobConfig;

/** docs/configuration.md, 'File mode': one CSV line per observation, columns per discretizer. */
class CsvObservationsTest {

  private static Observation obs(String subject, Long time, String label, Double reading, Double lat, Double lon) {
    return Observation.newBuilder().setSubjectId(subject).setEventTime(time == null ? null : Instant.ofEpochMilli(time))
        .setStateLabel(label).setReading(reading).setLat(lat).setLon(lon).build();
  }

  @Test
  void categoricalLinesEncodeExactlyAsAvroWouldWriteTheObservation() {
    CsvObservations csv = CsvObservations.forDiscretizer(IoFixtures.categorical().discretizer());
    byte[] p = csv.payload("meter-1,1700000000000,on");
    assertThat(csv.malformed()).isFalse();
    assertThat(p).isEqualTo(IoFixtures.avro(obs("meter-1", 1700000000000L, "on", null, null, null)));
    assertThat(csv.subject()).isEqualTo("meter-1");
    assertThat(csv.hasTime()).isTrue();
    assertThat(csv.time()).isEqualTo(1700000000000L);
    assertThat(csv.header()).isEqualTo("subject,time,state");
  }

  @Test
  void binsAndGridLinesEncodeTheirNumbersWithFieldsTrimmed() {
    CsvObservations bins = CsvObservations.forDiscretizer(IoFixtures.bins().discretizer());
    assertThat(bins.payload(" m 2 , 900000 ,  0.35 "))
        .isEqualTo(IoFixtures.avro(obs("m 2", 900000L, null, 0.35, null, null)));
    assertThat(bins.payload("m,1,-1.5e-3")).isEqualTo(IoFixtures.avro(obs("m", 1L, null, -1.5e-3, null, null)));
    assertThat(bins.payload("m,1,7")).isEqualTo(IoFixtures.avro(obs("m", 1L, null, 7.0, null, null)));
    CsvObservations grid = CsvObservations.forDiscretizer(IoFixtures.grid().discretizer());
    assertThat(grid.payload("p,5,1.25,-11.5")).isEqualTo(IoFixtures.avro(obs("p", 5L, null, null, 1.25, -11.5)));
    assertThat(grid.malformed()).isFalse();
    assertThat(grid.header()).isEqualTo("subject,time,lat,lon");
  }

  /** Empty fields and bad values still encode: ingestion rejects them with its own reason codes. */
  @Test
  void emptyFieldsAndBadValuesReachIngestionWithTheirOwnReasons() {
    JobConfig bins = IoFixtures.bins();
    CsvObservations csv = CsvObservations.forDiscretizer(bins.discretizer());
    ObservationValidator v = IoFixtures.validator(bins);
    assertThat(reason(v, csv, ",1000,0.5")).isEqualTo(ReasonCode.MISSING_SUBJECT);
    assertThat(csv.subject()).isNull();
    assertThat(reason(v, csv, "m,  ,0.5")).isEqualTo(ReasonCode.MISSING_TIME);
    assertThat(csv.hasTime()).isFalse();
    assertThat(reason(v, csv, "m,-5,0.5")).isEqualTo(ReasonCode.NEGATIVE_TIME);
    assertThat(reason(v, csv, "m,5,")).isEqualTo(ReasonCode.MISSING_VALUE);
    assertThat(reason(v, csv, "m,5,NaN")).isEqualTo(ReasonCode.READING_NOT_FINITE);
    assertThat(reason(v, csv, "m,5,-Infinity")).isEqualTo(ReasonCode.READING_NOT_FINITE);
    assertThat(reason(v, csv, "m,5,51")).isEqualTo(ReasonCode.READING_OUT_OF_RANGE);
    assertThat(accepted(v, IoFixtures.decode(csv.payload("m,5000,0.5")))).isEqualTo("m@5=1");

    JobConfig cat = IoFixtures.categorical();
    CsvObservations c = CsvObservations.forDiscretizer(cat.discretizer());
    assertThat(reason(IoFixtures.validator(cat), c, "m,5,maybe")).isEqualTo(ReasonCode.UNKNOWN_LABEL);
    assertThat(reason(IoFixtures.validator(cat), c, "m,5, ")).isEqualTo(ReasonCode.MISSING_VALUE);

    JobConfig grid = IoFixtures.grid();
    CsvObservations g = CsvObservations.forDiscretizer(grid.discretizer());
    assertThat(reason(IoFixtures.validator(grid), g, "m,5,1.0,")).isEqualTo(ReasonCode.MISSING_VALUE);
    assertThat(reason(IoFixtures.validator(grid), g, "m,5,5.0,11.0")).isEqualTo(ReasonCode.OUTSIDE_GRID);
    assertThat(accepted(IoFixtures.validator(grid), IoFixtures.decode(g.payload("m,5000,1.5,10.5")))).isEqualTo("m@5=2");
  }

  /** An accepted observation as {@code "subject@tick=state"}. */
  private static String accepted(ObservationValidator v, Observation o) {
    int state = v.check(o);
    assertThat(state).isNotNegative();
    return o.getSubjectId() + "@" + v.clock().tickOf(o.getEventTime().toEpochMilli()) + "=" + state;
  }

  private static ReasonCode reason(ObservationValidator v, CsvObservations csv, String line) {
    byte[] p = csv.payload(line);
    assertThat(csv.malformed()).as(line).isFalse();
    Observation o = IoFixtures.decode(p);
    assertThat(o).as(line).isNotNull();
    int code = v.check(o);
    assertThat(code).as(line).isNegative();
    return v.reject(o, code).reasonCode();
  }

  @ParameterizedTest
  @ValueSource(strings = {"", " ", "m,abc,0.5", "m,1.5,0.5", "m,1,2,3", "m,1", "m", "m,1,0x1p3", "m,1,1d", "m,1,1f",
      "m,1,.", "m,1,1e", "m,1,--1", "m,1,1.2.3", "m,1,inf", "m,99999999999999999999,1", "subject,time,reading"})
  void malformedLinesAreSentAsTheirOwnBytesAndNeverDecode(String line) {
    CsvObservations csv = CsvObservations.forDiscretizer(IoFixtures.bins().discretizer());
    byte[] p = csv.payload(line);
    assertThat(csv.malformed()).isTrue();
    assertThat(csv.problem()).as(line).isNotBlank();
    assertThat(p).isEqualTo(line.getBytes(StandardCharsets.UTF_8));
    assertThat(csv.subject()).isNull();
    assertThat(csv.hasTime()).isFalse();
    assertThat(IoFixtures.decode(p)).isNull();
  }

  @Test
  void gridNeedsFourColumnsAndNumericCoordinates() {
    CsvObservations g = CsvObservations.forDiscretizer(IoFixtures.grid().discretizer());
    for (String line : new String[] {"m,1,2", "m,1,2,3,4", "m,1,north,3", "m,1,2,east"}) {
      assertThat(g.payload(line)).as(line).isEqualTo(line.getBytes(StandardCharsets.UTF_8));
      assertThat(g.malformed()).as(line).isTrue();
    }
  }

  @Test
  void aQuotedLineIsMalformed() {
    CsvObservations csv = CsvObservations.forDiscretizer(IoFixtures.categorical().discretizer());
    assertThat(csv.payload("m,1,on")).isEqualTo(IoFixtures.avro(obs("m", 1L, "on", null, null, null)));
    assertThat(csv.malformed()).isFalse();
    assertThat(csv.payload("\"m\",1,on")).isEqualTo("\"m\",1,on".getBytes(StandardCharsets.UTF_8));
    assertThat(csv.malformed()).isTrue();
  }

  @Test
  void decimalAcceptsDecimalsAndTheNamesOfNonFiniteValuesOnly() {
    for (String s : new String[] {"0", "-0", "+1", "1.", ".5", "1.5e10", "1E-3", "NaN", "Infinity", "-Infinity",
        "+Infinity"}) {
      assertThat(CsvObservations.decimal(s, 0, s.length())).as(s).isTrue();
    }
    for (String s : new String[] {"", "+", "-NaN", "e5", "1e", "1e+", "0x10", "1d", "١", "Inf", "1 2"}) {
      assertThat(CsvObservations.decimal(s, 0, s.length())).as(s).isFalse();
    }
  }

  /** examples/data/smart-meters.csv: every line is accepted by examples/smart-meters.yaml's ingestion. */
  @Test
  void theExampleDataIsAcceptedByTheSmartMetersJob() throws java.io.IOException {
    JobConfig job = org.pufferflow.jobs.config.ConfigLoader.load(java.nio.file.Path.of("..", "examples",
        "smart-meters.yaml"));
    java.util.List<String> lines = java.nio.file.Files.readAllLines(
        java.nio.file.Path.of("..", "examples", "data", "smart-meters.csv"), StandardCharsets.UTF_8);
    CsvObservations csv = CsvObservations.forDiscretizer(job.discretizer());
    assertThat(CsvRows.isHeader(lines.get(0))).isTrue();
    assertThat(lines.get(0)).isEqualTo(csv.header());
    ObservationValidator v = IoFixtures.validator(job);
    java.util.Map<String, java.util.Set<Long>> ticks = new java.util.TreeMap<>();
    int[] levels = new int[3];
    for (String line : lines.subList(1, lines.size())) {
      Observation o = IoFixtures.decode(csv.payload(line));
      assertThat(o).as(line).isNotNull();
      int state = v.check(o);
      assertThat(state).as(line).isNotNegative();
      long tick = v.clock().tickOf(o.getEventTime().toEpochMilli());
      assertThat(ticks.computeIfAbsent(o.getSubjectId(), k -> new java.util.TreeSet<>()).add(tick)).as(line).isTrue();
      levels[state]++;
    }
    assertThat(lines).hasSizeGreaterThan(300);
    assertThat(ticks).hasSize(4).allSatisfy((subject, t) -> assertThat(t).hasSize(96)); // one MQM window each
    assertThat(java.util.Arrays.stream(levels).min().getAsInt()).isGreaterThan(20);
  }
}
