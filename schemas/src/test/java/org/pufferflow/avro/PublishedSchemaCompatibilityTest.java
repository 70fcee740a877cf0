package org.pufferflow.avro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;
import org.apache.avro.SchemaCompatibility.Incompatibility;
import org.apache.avro.SchemaCompatibility.SchemaCompatibilityType;
import org.junit.jupiter.api.Test;

/**
 * Guards every published schema ({@code src/main/avro/*.avsc}) against incompatible edits. Each has a golden copy in
 * {@code src/test/resources/golden/}, the schema as released; the current schema must be <em>fully</em> compatible
 * with it, in Avro's terms (Avro specification, 'Schema Resolution'): a reader on the current schema reads what a
 * producer on the golden one wrote (backward), and a reader on the golden schema reads what a producer on the
 * current one writes (forward). Records cross the job's Kafka topics between programs built at different times,
 * with no schema registry and no framing (docs/configuration.md), so both directions matter: e.g. adding a field with a
 * default passes, removing or retyping a field or adding one without a default fails.
 *
 * <p>After a compatible edit, copy the new {@code .avsc} over its golden copy in the same commit. An incompatible
 * change is a new record (a new name), not an edit.
 */
class PublishedSchemaCompatibilityTest {

  private static final Path CURRENT = Path.of("src/main/avro");
  private static final Path GOLDEN = Path.of("src/test/resources/golden");

  @Test
  void everyPublishedSchemaHasAGoldenCopyAndNoGoldenCopyIsOrphaned() {
    assertThat(names(CURRENT)).isNotEmpty().containsExactlyInAnyOrderElementsOf(names(GOLDEN));
  }

  @Test
  void everyPublishedSchemaReadsAndIsReadByItsGoldenCopy() {
    List<String> problems = new ArrayList<>();
    for (String name : names(CURRENT)) {
      problems.addAll(incompatibilities(name, parse(GOLDEN.resolve(name)), parse(CURRENT.resolve(name))));
    }
    assertThat(problems).as("incompatible edits of published schemas").isEmpty();
  }

  @Test
  void theGuardReportsAnIncompatibleEditNamingTheSchemaAndTheChange() {
    Schema golden = parse(GOLDEN.resolve("Observation.avsc"));
    // a new required field: old records cannot be read (no default)
    String added = golden.toString().replace("\"fields\":[",
        "\"fields\":[{\"name\":\"deviceModel\",\"type\":\"string\"},");
    assertThat(incompatibilities("Observation.avsc", golden, new Schema.Parser().parse(added)))
        .singleElement().asString()
        .startsWith("Observation.avsc: backward (current reads golden data): READER_FIELD_MISSING_DEFAULT_VALUE")
        .contains("/fields/0");
    // the same field with a default is a compatible evolution
    String optional = golden.toString().replace("\"fields\":[",
        "\"fields\":[{\"name\":\"deviceModel\",\"type\":[\"null\",\"string\"],\"default\":null},");
    assertThat(incompatibilities("Observation.avsc", golden, new Schema.Parser().parse(optional))).isEmpty();
    // a removed field without a default: a golden reader cannot fill it from current data
    Schema release = parse(GOLDEN.resolve("DphmmRelease.avsc"));
    List<Schema.Field> fields = new ArrayList<>();
    release.getFields().stream().filter(f -> !f.name().equals("epsilon"))
        .forEach(f -> fields.add(new Schema.Field(f, f.schema())));
    Schema removed = Schema.createRecord(release.getName(), release.getDoc(), release.getNamespace(), false, fields);
    assertThat(incompatibilities("DphmmRelease.avsc", release, removed)).singleElement().asString()
        .startsWith("DphmmRelease.avsc: forward (golden reads current data): READER_FIELD_MISSING_DEFAULT_VALUE")
        .contains("epsilon");
    assertThatThrownBy(() -> parse(GOLDEN.resolve("Missing.avsc"))).isInstanceOf(UncheckedIOException.class);
  }

  /** One line per incompatibility of {@code current} with {@code golden}, in either direction. */
  static List<String> incompatibilities(String name, Schema golden, Schema current) {
    List<String> out = new ArrayList<>();
    check(out, name + ": backward (current reads golden data)", current, golden);
    check(out, name + ": forward (golden reads current data)", golden, current);
    return out;
  }

  private static void check(List<String> out, String what, Schema reader, Schema writer) {
    SchemaCompatibility.SchemaPairCompatibility c = SchemaCompatibility.checkReaderWriterCompatibility(reader, writer);
    if (c.getType() != SchemaCompatibilityType.COMPATIBLE) {
      for (Incompatibility i : c.getResult().getIncompatibilities()) {
        out.add(what + ": " + i.getType() + " at " + i.getLocation() + ": " + i.getMessage());
      }
    }
  }

  private static Schema parse(Path file) {
    try {
      return new Schema.Parser().parse(Files.readString(file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<String> names(Path dir) {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".avsc")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
