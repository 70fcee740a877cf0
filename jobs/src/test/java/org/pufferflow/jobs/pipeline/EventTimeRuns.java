package org.pufferflow.jobs.pipeline;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.config.OutputConfig;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.jobs.io.file.FileOutputs;
import org.pufferflow.jobs.testing.CommittedRecords;
import org.pufferflow.jobs.testing.ObservationRecords;

/**
 * Test fixture of the event-time tests: the job configuration (every mechanism, two-state model, ticks of 1 s, an
 * allowed lateness of 2 ticks) for Kafka or for files, a file-mode run, a synchronous producer to chosen partitions,
 * and every output read back as comparable text: one line per record, the record's JSON form (for rejections
 * without the source position, which differs between a topic and a file), sorted.
 */
final class EventTimeRuns {

  private EventTimeRuns() {}

  /** The mechanisms and time of every run: the Kafka and file configurations differ only in their ends. */
  static String mechanisms(Path dir, String timeExtras) throws IOException {
    Path key = dir.resolve("noise.key");
    if (!Files.exists(key)) {
      Files.writeString(key, "3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d");
    }
    return String.join("\n",
        "time: {tickMillis: 1000, allowedLatenessTicks: 2" + timeExtras + "}",
        "model: {states: [\"off\", \"on\"], transition: [[0.8, 0.2], [0.3, 0.7]], query: [[0.0], [1.0]]}",
        "discretizer: {type: categorical}",
        "dphmm: {epsilon: 1.0, policyGraph: {type: complete}, budget: {total: 40.0}}",
        "mqm: {window: 8, slide: 4, epsilon: 1.0, fleet: true, budget: {total: 1000.0}}",
        "redaction: {alpha: 0.2, beta: 0.3, epsilon: 1.0, holdBackTicks: " + HOLD_BACK + "}",
        "noise: {keyFile: " + key.toAbsolutePath() + "}", "");
  }

  /** {@code redaction.holdBackTicks} of the runs. */
  static final int HOLD_BACK = 6;

  static JobConfig kafka(Path dir, String run, String input, String optOuts, String timeExtras) throws IOException {
    String yaml = String.join("\n",
        "kafka: {bootstrapServers: embedded, inputTopic: " + input + ", optOutTopic: " + optOuts + ",",
        "  rejectedTopic: rej-" + run + ", dphmmTopic: dphmm-" + run + ", mqmTopic: mqm-" + run + ",",
        "  redactedTopic: red-" + run + ", ledgerTopic: ledger-" + run + ", fleetTopic: fleet-" + run + ",",
        "  ledgerStoreTopic: store-" + run + ", transactionalIdPrefix: tx-" + run + ", groupId: g-" + run + "}", "")
        + mechanisms(dir, timeExtras);
    return ConfigLoader.parse(yaml, dir);
  }

  static JobConfig file(Path dir, Path csv, Path optOuts, Path out) throws IOException {
    String yaml = String.join("\n",
        "input: {file: " + csv.toAbsolutePath() + ", format: csv, optOuts: " + optOuts.toAbsolutePath() + "}",
        "output: {dir: " + out.toAbsolutePath() + ", format: avro}",
        "ledger: {dir: " + out.toAbsolutePath() + "-ledger}", "") + mechanisms(dir, "");
    return ConfigLoader.parse(yaml, dir);
  }

  /** Runs a file-mode job at {@code parallelism} and returns its outputs ({@link #lines}). */
  static Map<String, List<String>> runFile(JobConfig config, int parallelism) throws Exception {
    OutputConfig.Directory out = (OutputConfig.Directory) config.output();
    FileOutputs.clearParts(out);
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
    env.setParallelism(parallelism);
    env.enableCheckpointing(200);
    Assembled a = JobAssembly.builder(config).build(env);
    env.execute("file " + out.dir());
    FileOutputs.finish(out, a.outputs());
    Map<String, List<String>> all = new TreeMap<>();
    for (OutputKind k : a.outputs()) {
      all.put(k.fileStem(), lines(readFile(FileOutputs.fileOf(out, k), castClass(k.recordClass()))));
    }
    return all;
  }

  /** The records of an Avro output file. */
  static <T extends SpecificRecordBase> List<T> readFile(Path file, Class<T> type) throws IOException {
    List<T> records = new ArrayList<>();
    try (InputStream in = Files.newInputStream(file);
        DataFileStream<T> s = new DataFileStream<>(in, new SpecificDatumReader<>(type))) {
      s.forEach(records::add);
    }
    return records;
  }

  /** Every committed output of a Kafka run ({@link #lines}). */
  static Map<String, List<String>> committed(String bootstrap, JobConfig config) throws IOException {
    Map<String, List<String>> all = new TreeMap<>();
    for (OutputKind k : OutputKind.of(config)) {
      List<SpecificRecordBase> records = new ArrayList<>();
      for (CommittedRecords.Rec<? extends SpecificRecordBase> r :
          CommittedRecords.read(bootstrap, k.topic(config.kafka()), k.recordClass())) {
        records.add(r.record());
      }
      all.put(k.fileStem(), lines(records));
    }
    return all;
  }

  /** One line per record, sorted: its JSON form; a rejection as reason, message and payload only. */
  static List<String> lines(List<? extends SpecificRecordBase> records) {
    List<String> out = new ArrayList<>();
    for (SpecificRecordBase r : records) {
      if (r instanceof RejectedObservation x) {
        ByteBuffer p = x.getRawPayload().duplicate();
        byte[] b = new byte[p.remaining()];
        p.get(b);
        out.add(x.getReasonCode() + " | " + x.getMessage() + " | " + Base64.getEncoder().encodeToString(b));
      } else {
        out.add(r.toString());
      }
    }
    out.sort(null);
    return out;
  }

  /** A producer that writes values to chosen partitions (idempotent, acks=all). */
  static KafkaProducer<byte[], byte[]> producer(String bootstrap) {
    Properties p = new Properties();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(ProducerConfig.ACKS_CONFIG, "all");
    p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
    p.put(ProducerConfig.LINGER_MS_CONFIG, 0);
    return new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer());
  }

  static void send(KafkaProducer<byte[], byte[]> producer, String topic, int partition, String key, byte[] value) {
    producer.send(new ProducerRecord<>(topic, partition, key.getBytes(StandardCharsets.UTF_8), value));
  }

  static void send(KafkaProducer<byte[], byte[]> producer, String topic, SkewedInput.Opt o) {
    send(producer, topic, o.partition(), o.optOut().getSubjectId(), ObservationRecords.encode(o.optOut()));
  }

  @SuppressWarnings("unchecked")
  private static Class<SpecificRecordBase> castClass(Class<? extends SpecificRecordBase> c) {
    return (Class<SpecificRecordBase>) c;
  }
}
