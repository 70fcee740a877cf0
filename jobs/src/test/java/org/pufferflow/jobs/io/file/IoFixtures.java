package org.pufferflow.jobs.io.file;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;
import org.pufferflow.avro.Observation;
import org.pufferflow.ingest.ObservationDecoder;
import org.pufferflow.ingest.ObservationValidator;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.JobConfig;

/** Small job configurations, one per discretizer kind, and the ingestion objects that read their payloads. */
final class IoFixtures {
  private IoFixtures() {}

  static final String HEAD = String.join("\n",
      "kafka: {bootstrapServers: embedded, inputTopic: in, rejectedTopic: rej}",
      "time: {tickMillis: 1000, allowedLatenessTicks: 1}",
      "");

  static JobConfig categorical() {
    return ConfigLoader.parse(HEAD + String.join("\n",
        "model: {states: [\"off\", \"on\"], transition: [[0.5, 0.5], [0.5, 0.5]]}",
        "discretizer: {type: categorical}", ""), Path.of("."));
  }

  static JobConfig bins() {
    return ConfigLoader.parse(HEAD + String.join("\n",
        "model: {states: [low, mid, high], transition: [[0.5, 0.25, 0.25], [0.25, 0.5, 0.25], [0.25, 0.25, 0.5]]}",
        "discretizer: {type: bins, thresholds: [0.2, 1.0], min: 0.0, max: 50.0}", ""), Path.of("."));
  }

  static JobConfig grid() {
    return ConfigLoader.parse(HEAD + String.join("\n",
        "model: {states: [a, b, c, d], transition: [[0.25, 0.25, 0.25, 0.25], [0.25, 0.25, 0.25, 0.25],"
            + " [0.25, 0.25, 0.25, 0.25], [0.25, 0.25, 0.25, 0.25]]}",
        "discretizer: {type: grid, minLat: 0.0, maxLat: 2.0, minLon: 10.0, maxLon: 12.0, rows: 2, cols: 2}", ""),
        Path.of("."));
  }

  static ObservationValidator validator(JobConfig job) {
    return job.ingest().validator();
  }

  /** Decodes as ingestion does; null when ingestion would reject the bytes as UNDECODABLE. */
  static Observation decode(byte[] payload) {
    Observation o = new ObservationDecoder().decode(payload);
    return o == null ? null : Observation.newBuilder(o).build();
  }

  /** The Avro binary encoding of {@code record} by Avro's own writer. */
  static <T extends SpecificRecord> byte[] avro(T record) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      BinaryEncoder e = EncoderFactory.get().binaryEncoder(bytes, null);
      new SpecificDatumWriter<T>(record.getSchema()).write(record, e);
      e.flush();
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
