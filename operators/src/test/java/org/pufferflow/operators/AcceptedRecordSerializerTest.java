package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;

/** {@link AcceptedRecordSerializer} and {@link StateObservationSerializer}: every field survives, nulls included. */
class AcceptedRecordSerializerTest {

  private static final TypeSerializer<AcceptedRecord> SERIALIZER =
      TypeInformation.of(AcceptedRecord.class).createSerializer(new org.apache.flink.api.common.serialization
          .SerializerConfigImpl());

  @Property
  void everyFieldSurvivesARoundTrip(@ForAll String subject, @ForAll long tick, @ForAll int state,
      @ForAll long eventTime, @ForAll String topic, @ForAll int partition, @ForAll long offset,
      @ForAll byte[] payload) throws Exception {
    AcceptedRecord r = new AcceptedRecord();
    r.subjectId = subject;
    r.tick = tick;
    r.state = state;
    r.eventTime = eventTime;
    r.topic = topic;
    r.partition = partition;
    r.offset = offset;
    r.payload = payload;
    assertSame(r, roundTrip(r));
    assertSame(r, SERIALIZER.copy(r));
  }

  @Property
  void anObservationSurvivesARoundTrip(@ForAll String subject, @ForAll long tick, @ForAll int state) throws Exception {
    TypeSerializer<StateObservation> s = TypeInformation.of(StateObservation.class)
        .createSerializer(new org.apache.flink.api.common.serialization.SerializerConfigImpl());
    StateObservation o = new StateObservation(subject, tick, state);
    DataOutputSerializer out = new DataOutputSerializer(32);
    s.serialize(o, out);
    assertThat(s.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()))).isEqualTo(o);
    assertThat(s.copy(o)).isEqualTo(o).isNotSameAs(o);
  }

  /**
   * One serializer, as a task uses it, through a stream of records whose topics repeat, alternate, change length and
   * leave ASCII, and whose strings outgrow the scratch buffer: the topic it reuses is always the one written.
   */
  @Property
  void aStreamOfRecordsSurvivesInOneSerializer(
      @ForAll @Size(max = 40) List<@From("origins") String> topics, @ForAll @Size(max = 40) List<String> subjects)
      throws Exception {
    TypeSerializer<AcceptedRecord> one = SERIALIZER.duplicate();
    DataOutputSerializer out = new DataOutputSerializer(64);
    List<AcceptedRecord> written = new ArrayList<>();
    for (int i = 0; i < Math.max(topics.size(), subjects.size()); i++) {
      AcceptedRecord r = new AcceptedRecord();
      r.topic = i < topics.size() ? topics.get(i) : "in";
      r.subjectId = i < subjects.size() ? subjects.get(i) : "s" + i;
      r.offset = i;
      r.payload = new byte[] {(byte) i};
      one.serialize(r, out);
      written.add(r);
    }
    DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());
    for (AcceptedRecord r : written) {
      assertSame(r, one.deserialize(in));
    }
  }

  @Provide
  Arbitrary<String> origins() {
    return Arbitraries.oneOf(Arbitraries.of("in", "observations", "ïn-ü", "x".repeat(1500), ""),
        Arbitraries.strings().ofMaxLength(30), Arbitraries.just(null));
  }

  @Test
  void nullsAreKept() throws Exception {
    AcceptedRecord r = new AcceptedRecord();
    assertSame(r, roundTrip(r));
  }

  @Test
  void theSnapshotRestoresTheSameSerializer() {
    assertThat(SERIALIZER).isInstanceOf(AcceptedRecordSerializer.class).isEqualTo(SERIALIZER.duplicate())
        .isNotSameAs(SERIALIZER.duplicate());
    TypeSerializerSchemaCompatibility<AcceptedRecord> c =
        SERIALIZER.snapshotConfiguration().resolveSchemaCompatibility(SERIALIZER.snapshotConfiguration());
    assertThat(c.isCompatibleAsIs()).isTrue();
  }

  private static AcceptedRecord roundTrip(AcceptedRecord r) throws Exception {
    DataOutputSerializer out = new DataOutputSerializer(64);
    SERIALIZER.serialize(r, out);
    DataOutputSerializer copied = new DataOutputSerializer(64);
    SERIALIZER.copy(new DataInputDeserializer(out.getCopyOfBuffer()), copied);
    assertThat(copied.getCopyOfBuffer()).isEqualTo(out.getCopyOfBuffer());
    return SERIALIZER.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));
  }

  private static void assertSame(AcceptedRecord a, AcceptedRecord b) {
    assertThat(b).usingRecursiveComparison().isEqualTo(a);
  }
}
