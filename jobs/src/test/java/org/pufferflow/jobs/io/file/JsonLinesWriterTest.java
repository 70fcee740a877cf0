package org.pufferflow.jobs.io.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.flink.api.common.serialization.BulkWriter;
import org.apache.flink.core.fs.local.LocalDataOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.RedactedRecord;

/** {@link JsonLinesWriter}: the lines of {@link JsonLines}, buffered until Flink flushes or finishes the part. */
class JsonLinesWriterTest {

  @TempDir Path dir;

  @Test
  void writesTheSameLinesAsJsonLinesOnlyWhenFlushedOrFinished() throws Exception {
    Path part = dir.resolve("part.jsonl");
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    JsonLines lines = new JsonLines();
    try (LocalDataOutputStream stream = new LocalDataOutputStream(part.toFile())) {
      BulkWriter<RedactedRecord> w = JsonLinesWriter.<RedactedRecord>factory().create(stream);
      for (int t = 0; t < 3; t++) {
        RedactedRecord r = new RedactedRecord("s" + t, (long) t, t % 2 == 0 ? t : null, t % 2 == 0 ? "home" : null);
        w.addElement(r);
        lines.write(r, expected);
      }
      assertThat(Files.size(part)).as("buffered, not yet in the file").isZero();
      w.flush();
      assertThat(Files.readString(part)).isEqualTo(expected.toString(StandardCharsets.UTF_8));
      RedactedRecord last = new RedactedRecord("z", 9L, 1, "away");
      w.addElement(last);
      lines.write(last, expected);
      w.finish();
      stream.write('#'); // finish leaves the stream open: it belongs to the sink
    }
    assertThat(Files.readString(part)).isEqualTo(expected.toString(StandardCharsets.UTF_8) + "#");
  }
}
