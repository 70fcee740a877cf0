package org.pufferflow.jobs.io.file;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificRecordBase;
import org.junit.jupiter.api.Test;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.avro.FleetHistogram;
import org.pufferflow.avro.Observation;
import org.pufferflow.avro.RedactedRecord;
import org.pufferflow.avro.WindowHistogram;
import org.pufferflow.avro.RejectedObservation;

/** docs/configuration.md, 'File mode': the jsonl outputs carry the Avro schema's field names. */
class JsonLinesTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Every schema of the schemas module, as its generated class. */
  static List<Schema> allSchemas() throws IOException {
    List<Schema> out = new ArrayList<>();
    try (Stream<Path> files = Files.list(Path.of("..", "schemas", "src", "main", "avro"))) {
      for (Path f : files.filter(p -> p.toString().endsWith(".avsc")).sorted().toList()) {
        Schema parsed = new Schema.Parser().parse(f.toFile());
        out.add(SpecificData.get().getSchema(SpecificData.get().getClass(parsed)));
      }
    }
    return out;
  }

  @Test
  void everySchemaRoundTripsItsFieldNamesAndValues() throws IOException {
    List<Schema> schemas = allSchemas();
    assertThat(schemas).hasSize(9);
    for (Schema schema : schemas) {
      for (int variant = 0; variant < 2; variant++) {
        SpecificRecordBase r = (SpecificRecordBase) SpecificData.get().newRecord(null, schema);
        for (Schema.Field f : schema.getFields()) {
          r.put(f.pos(), value(f.schema(), f.pos() + variant));
        }
        String line = JsonLines.toJson(r);
        assertThat(line).doesNotContain("\n");
        JsonNode node = JSON.readTree(line);
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        assertThat(names).as(schema.getName())
            .containsExactlyElementsOf(schema.getFields().stream().map(Schema.Field::name).toList());
        for (Schema.Field f : schema.getFields()) {
          check(f.schema(), r.get(f.pos()), node.get(f.name()), schema.getName() + "." + f.name());
        }
      }
    }
  }

  /** A value of {@code schema}: null in unions for odd {@code i}, two-element arrays with a non-finite double. */
  private static Object value(Schema schema, int i) {
    return switch (schema.getType()) {
      case UNION -> i % 2 == 1 ? null : value(schema.getTypes().get(1), i);
      case STRING -> "s" + i + " \"q\" é";
      case LONG -> schema.getLogicalType() != null ? (Object) Instant.ofEpochMilli(1_700_000_000_123L + i)
          : (Object) (1_000_000_000_000L + i);
      case INT -> -i - 1;
      case DOUBLE -> i + 0.25;
      case BOOLEAN -> i % 2 == 0;
      case BYTES -> ByteBuffer.wrap(new byte[] {0, (byte) i, -1, 10});
      case ARRAY -> List.of(value(schema.getElementType(), i), schema.getElementType().getType() == Schema.Type.DOUBLE
          ? Double.NEGATIVE_INFINITY : value(schema.getElementType(), i + 1));
      default -> throw new AssertionError("no test value for " + schema);
    };
  }

  private static void check(Schema schema, Object expected, JsonNode actual, String where) {
    switch (schema.getType()) {
      case UNION -> {
        if (expected == null) {
          assertThat(actual.isNull()).as(where).isTrue();
        } else {
          check(schema.getTypes().get(1), expected, actual, where);
        }
      }
      case STRING -> assertThat(actual.textValue()).as(where).isEqualTo(expected.toString());
      case LONG -> assertThat(actual.longValue()).as(where)
          .isEqualTo(expected instanceof Instant t ? t.toEpochMilli() : ((Long) expected).longValue());
      case INT -> assertThat(actual.intValue()).as(where).isEqualTo(expected);
      case DOUBLE -> {
        double d = (Double) expected;
        if (Double.isFinite(d)) {
          assertThat(actual.isNumber()).as(where).isTrue();
          assertThat(actual.doubleValue()).as(where).isEqualTo(d);
        } else {
          assertThat(actual.textValue()).as(where).isEqualTo(d > 0 ? "inf" : "-inf");
        }
      }
      case BOOLEAN -> assertThat(actual.booleanValue()).as(where).isEqualTo(expected);
      case BYTES -> assertThat(Base64.getDecoder().decode(actual.textValue())).as(where)
          .isEqualTo(((ByteBuffer) expected).array());
      case ARRAY -> {
        List<?> items = (List<?>) expected;
        assertThat(actual.size()).as(where).isEqualTo(items.size());
        Iterator<JsonNode> it = actual.elements();
        for (Object item : items) {
          check(schema.getElementType(), item, it.next(), where + "[]");
        }
      }
      default -> throw new AssertionError(where);
    }
  }

  @Test
  void exactLinesForARejectedLineAnObservationARedactionAndARelease() throws IOException {
    RejectedObservation rej = RejectedObservation.newBuilder().setSourceTopic("file:meters.csv").setSourcePartition(0)
        .setSourceOffset(7).setRawPayload(ByteBuffer.wrap("m,x,1".getBytes(StandardCharsets.UTF_8)))
        .setReasonCode("UNDECODABLE").setMessage("not an Avro Observation").build();
    assertThat(JsonLines.toJson(rej)).isEqualTo("{\"sourceTopic\":\"file:meters.csv\",\"sourcePartition\":0,"
        + "\"sourceOffset\":7,\"rawPayload\":\"bSx4LDE=\",\"reasonCode\":\"UNDECODABLE\","
        + "\"message\":\"not an Avro Observation\"}");
    Observation o = Observation.newBuilder().setSubjectId("m1").setEventTime(Instant.ofEpochMilli(900000))
        .setReading(0.5).build();
    assertThat(JsonLines.toJson(o)).isEqualTo("{\"subjectId\":\"m1\",\"eventTime\":900000,\"stateLabel\":null,"
        + "\"reading\":0.5,\"lat\":null,\"lon\":null}");
    assertThat(JsonLines.toJson(new RedactedRecord("s", 3L, null, null)))
        .isEqualTo("{\"subjectId\":\"s\",\"tick\":3,\"value\":null,\"label\":null}");
    DphmmRelease d = DphmmRelease.newBuilder().setSubjectId("s").setTick(4).setReleaseSeq(1)
        .setValues(List.of(1.5, Double.NaN, Double.POSITIVE_INFINITY)).setEpsilon(0.1).setMechanism("laplace")
        .setConstraintSize(2).setConstrainedDpEpsilon(0.2).setCumulativeEpsilon(0.30000000000000004).build();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JsonLines lines = new JsonLines();
    lines.write(d, out);
    lines.write(new RedactedRecord("s", 5L, 1, "home"), out);
    assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("{\"subjectId\":\"s\",\"tick\":4,\"releaseSeq\":1,"
        + "\"values\":[1.5,\"NaN\",\"inf\"],\"epsilon\":0.1,\"mechanism\":\"laplace\",\"constraintSize\":2,"
        + "\"constrainedDpEpsilon\":0.2,\"cumulativeEpsilon\":0.30000000000000004}\n"
        + "{\"subjectId\":\"s\",\"tick\":5,\"value\":1,\"label\":\"home\"}\n");
    ByteArrayOutputStream other = new ByteArrayOutputStream();
    lines.write(new RedactedRecord("t", 6L, 0, "away"), other); // a new part file: a new target stream
    assertThat(other.toString(StandardCharsets.UTF_8))
        .isEqualTo("{\"subjectId\":\"t\",\"tick\":6,\"value\":0,\"label\":\"away\"}\n");
  }

  /**
   * docs/configuration.md, 'Output files': the histograms carry their window as timestamps beside the ticks, and
   * their noisy counts (the {@code jsonIntegers} fields) print integral values as integers — the same JSON number —
   * while other doubles keep their form.
   */
  @Test
  void histogramsPrintTheirWindowTimesAndIntegralCountsAsIntegers() throws IOException {
    WindowHistogram w = WindowHistogram.newBuilder().setSubjectId("s").setWindowStartTick(2).setWindowEndTick(4)
        .setWindowStartTime(Instant.ofEpochMilli(120_000)).setWindowEndTime(Instant.ofEpochMilli(300_000))
        .setReleaseSeq(0).setStateLabels(List.of("a", "b", "c", "d")).setNoisyCounts(List.of(44.0, -3.0, 0.25, -0.0))
        .setNoiseScale(2.0).setPerPointEpsilon(1.0).setMode("exact").build();
    assertThat(JsonLines.toJson(w)).isEqualTo("{\"subjectId\":\"s\",\"windowStartTick\":2,\"windowEndTick\":4,"
        + "\"windowStartTime\":120000,\"windowEndTime\":300000,\"releaseSeq\":0,\"stateLabels\":[\"a\",\"b\",\"c\",\"d\"],"
        + "\"noisyCounts\":[44,-3,0.25,0],\"noiseScale\":2.0,\"perPointEpsilon\":1.0,\"mode\":\"exact\"}");
    JsonNode parsed = JSON.readTree(JsonLines.toJson(w));
    assertThat(parsed.get("noisyCounts").get(0).doubleValue()).isEqualTo(44.0);
    FleetHistogram f = FleetHistogram.newBuilder().setWindowStartTick(0).setWindowEndTick(1).setSubjects(2)
        .setStateLabels(List.of("a")).setNoisyCounts(List.of(1.0e17)).setNoiseStdDev(List.of(3.0)).setOutput("counts")
        .build();
    // beyond 2^53 a double is not an exact integer: it keeps the double form; old records have no times (null)
    assertThat(JsonLines.toJson(f)).isEqualTo("{\"windowStartTick\":0,\"windowEndTick\":1,\"windowStartTime\":null,"
        + "\"windowEndTime\":null,\"subjects\":2,\"stateLabels\":[\"a\"],\"noisyCounts\":[1.0E17],"
        + "\"noiseStdDev\":[3.0],\"output\":\"counts\",\"correction\":false}");
  }

  /** The types no project schema uses yet: maps, enums, fixed, floats, other unions, micros, nested records. */
  @Test
  void otherAvroTypesFollowTheSameRules() {
    Schema schema = new Schema.Parser().parse("""
        {"type": "record", "name": "T", "fields": [
          {"name": "m", "type": {"type": "map", "values": "int"}},
          {"name": "e", "type": {"type": "enum", "name": "E", "symbols": ["A", "B"]}},
          {"name": "f", "type": {"type": "fixed", "name": "F", "size": 2}},
          {"name": "x", "type": "float"},
          {"name": "u", "type": ["string", "null"]},
          {"name": "v", "type": ["null", "long", "string"]},
          {"name": "t", "type": {"type": "long", "logicalType": "timestamp-micros"}},
          {"name": "r", "type": {"type": "record", "name": "R", "fields": [{"name": "b", "type": "boolean"}]}}
        ]}""");
    org.apache.avro.generic.GenericData.Record r = new org.apache.avro.generic.GenericData.Record(schema);
    r.put("m", new java.util.TreeMap<>(java.util.Map.of("a", 1, "b", 2)));
    r.put("e", new org.apache.avro.generic.GenericData.EnumSymbol(schema.getField("e").schema(), "B"));
    r.put("f", new org.apache.avro.generic.GenericData.Fixed(schema.getField("f").schema(), new byte[] {-1, 0}));
    r.put("x", Float.NEGATIVE_INFINITY);
    r.put("u", "s");
    r.put("v", "w");
    r.put("t", Instant.ofEpochSecond(2, 5_000));
    org.apache.avro.generic.GenericData.Record nested =
        new org.apache.avro.generic.GenericData.Record(schema.getField("r").schema());
    nested.put("b", true);
    r.put("r", nested);
    assertThat(JsonLines.toJson(r)).isEqualTo("{\"m\":{\"a\":1,\"b\":2},\"e\":\"B\",\"f\":\"/wA=\",\"x\":\"-inf\","
        + "\"u\":\"s\",\"v\":\"w\",\"t\":2000005,\"r\":{\"b\":true}}");
    r.put("x", 0.5f);
    r.put("u", null);
    r.put("v", 7L);
    assertThat(JsonLines.toJson(r)).contains("\"x\":0.5,\"u\":null,\"v\":7,");
  }
}
