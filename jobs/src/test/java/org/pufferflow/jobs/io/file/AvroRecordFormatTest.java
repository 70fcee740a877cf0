package org.pufferflow.jobs.io.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.specific.SpecificDatumReader;
import org.junit.jupiter.api.Test;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.avro.LedgerEvent;
import org.pufferflow.jobs.config.OutputConfig;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.jobs.mechanism.dphmm.DphmmUnit;

/** {@link AvroRecordFormat}: a container file with no codec, no metadata but the schema, the schema's sync marker. */
class AvroRecordFormatTest {

  @Test
  void theSyncMarkerIsAFunctionOfTheSchema() {
    byte[] a = AvroRecordFormat.syncMarker(DphmmRelease.getClassSchema());
    assertThat(a).hasSize(16).isEqualTo(AvroRecordFormat.syncMarker(new Schema.Parser()
        .parse(DphmmRelease.getClassSchema().toString())));
    assertThat(AvroRecordFormat.syncMarker(LedgerEvent.getClassSchema())).isNotEqualTo(a);
  }

  @Test
  void aFileHasOnlyTheSchemaAndTheDerivedSyncMarker() throws IOException {
    DphmmRelease r = OutputOrderTest.release("m", 3, 0);
    RecordFormat format = RecordFormat.of(OutputConfig.Format.AVRO, DphmmUnit.RELEASES);
    ByteArrayOutputStream file = new ByteArrayOutputStream();
    try (RecordFormat.RecordWriter w = format.writer(file)) {
      w.accept(PartFiles.encoded(r, OutputConfig.Format.AVRO));
    }
    byte[] bytes = file.toByteArray();
    // a file ends with the sync marker after its last block
    assertThat(Arrays.copyOfRange(bytes, bytes.length - 16, bytes.length))
        .isEqualTo(AvroRecordFormat.syncMarker(DphmmRelease.getClassSchema()));
    try (DataFileStream<DphmmRelease> in =
        new DataFileStream<>(new ByteArrayInputStream(bytes), new SpecificDatumReader<>(DphmmRelease.class))) {
      assertThat(in.getMetaKeys()).containsExactly("avro.schema"); // the null codec is the default, not recorded
      assertThat(in.getSchema()).isEqualTo(DphmmRelease.getClassSchema());
      assertThat(in.next()).isEqualTo(r);
      assertThat(in.hasNext()).isFalse();
    }
  }
}
