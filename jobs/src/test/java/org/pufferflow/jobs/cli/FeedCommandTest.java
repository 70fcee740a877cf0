package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.utils.Utils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.Observation;
import org.pufferflow.ingest.ObservationDecoder;
import org.pufferflow.jobs.cli.CliHarness.Run;
import org.pufferflow.jobs.io.kafka.CsvFeed;
import org.pufferflow.jobs.kafka.EmbeddedKafka;

/** docs/cli.md, 'feed': a CSV into the input topic of the embedded broker; every wrong input is exit 2. */
@Timeout(180)
class FeedCommandTest {

  private static final String JOB = String.join("\n",
      "kafka: {bootstrapServers: BROKER, inputTopic: feed-in, rejectedTopic: feed-rej}",
      "time: {tickMillis: 1000, allowedLatenessTicks: 1}",
      "model: {states: [low, high], transition: [[0.5, 0.5], [0.5, 0.5]]}",
      "discretizer: {type: bins, thresholds: [1.0], min: 0.0, max: 10.0}",
      "");

  /** With a byte-order mark, a comment, a header and blank lines, which CsvRows skips: 7 records. */
  private static final String CSV = String.join("\n",
      "\uFEFF# exported from site 4",
      "subject,time,reading",
      "m1,1000,0.5",
      "",
      "m2,2000,3.25",
      "  ",
      "m1,3000,",
      "m3,not-a-time,1.0",
      ",4000,1.0",
      "m2,-5,2.0",
      "m1,5000,7",
      "");

  @TempDir static Path dir;
  static EmbeddedKafka kafka;

  @BeforeAll
  static void start() {
    kafka = EmbeddedKafka.start();
    kafka.createTopics(2, "feed-in");
  }

  @AfterAll
  static void stop() {
    kafka.close();
  }

  private static Path job(String broker) throws Exception {
    return Files.writeString(Files.createTempFile(dir, "job", ".yaml"), JOB.replace("BROKER", broker));
  }

  private static Path csv() throws Exception {
    return Files.writeString(dir.resolve("in.csv"), CSV);
  }

  @Test
  void feedsEveryLineWithItsSubjectAsKeyAndThePublicationTimeAsTimestamp() throws Exception {
    long before = System.currentTimeMillis();
    Run r = CliHarness.run(new FeedCommand(), "--config", job("embedded").toString(), "--input", csv().toString(),
        "--bootstrap-servers", kafka.bootstrapServers());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out().strip()).isEqualTo(
        "fed 7 records (1 malformed lines sent as-is; the job rejects them as UNDECODABLE; first: line 8, field time:"
            + " 'not-a-time' is not a whole number (expected epoch milliseconds, a base-10 integer)) to feed-in");

    List<ConsumerRecord<byte[], byte[]>> records = readAll("feed-in", 7);
    assertThat(records).hasSize(7);
    List<String> seen = new ArrayList<>();
    ObservationDecoder decoder = new ObservationDecoder();
    for (ConsumerRecord<byte[], byte[]> rec : records) {
      String key = rec.key() == null ? "-" : new String(rec.key(), StandardCharsets.UTF_8);
      Observation o = decoder.decode(rec.value());
      if (o == null) {
        seen.add(key + " " + new String(rec.value(), StandardCharsets.UTF_8));
        continue;
      }
      assertThat(key).isEqualTo(o.getSubjectId() == null ? CsvFeed.NO_SUBJECT_KEY : o.getSubjectId());
      Instant t = o.getEventTime();
      // the publication time, never the (old) event time that the broker's time retention would delete
      assertThat(rec.timestamp()).isGreaterThanOrEqualTo(before);
      seen.add(key + " " + o.getSubjectId() + "@" + (t == null ? null : t.toEpochMilli()) + "=" + o.getReading());
    }
    assertThat(seen).containsExactlyInAnyOrder(
        "m1 m1@1000=0.5", "m2 m2@2000=3.25", "m1 m1@3000=null", "m3 m3,not-a-time,1.0", "(no subject) null@4000=1.0",
        "m2 m2@-5=2.0", "m1 m1@5000=7.0");
    // per subject in file order (one key, one partition)
    List<Long> m1 = new ArrayList<>();
    for (ConsumerRecord<byte[], byte[]> c : records) {
      if (c.key() != null && "m1".equals(new String(c.key(), StandardCharsets.UTF_8))) {
        m1.add(decoder.decode(c.value()).getEventTime().toEpochMilli());
      }
    }
    assertThat(m1).containsExactly(1000L, 3000L, 5000L);
  }

  /**
   * Two feeds of one CSV into two topics of 4 partitions put every record into the same partition: the one Kafka's
   * default partitioner derives from its key, which malformed lines and lines without a subject have too.
   */
  @Test
  void twoFeedsOfOneFilePutEveryRecordIntoTheSamePartition() throws Exception {
    kafka.createTopics(4, "feed-a", "feed-b");
    Path file = Files.writeString(dir.resolve("partitions.csv"), String.join("\n",
        "subject,time,reading", "m1,1000,0.5", "m2,2000,3.25", "m3,not-a-time,1.0", " m4 ,1,2,3", "no commas at all",
        ",4000,1.0", " ,x", "m5,5000,7", "m6,6000,1", "m7,7000,2", "m8,8000,3", "m9,9000,4", ""));
    List<List<ConsumerRecord<byte[], byte[]>>> feeds = new ArrayList<>();
    for (String topic : List.of("feed-a", "feed-b")) {
      Path config = Files.writeString(dir.resolve(topic + ".yaml"),
          JOB.replace("BROKER", kafka.bootstrapServers()).replace("feed-in", topic));
      Run r = CliHarness.run(new FeedCommand(), "--config", config.toString(), "--input", file.toString());
      assertThat(r.code()).as(r.err()).isZero();
      feeds.add(readAll(topic, 12));
    }
    Map<String, String> a = placement(feeds.get(0));
    assertThat(a).hasSize(12).isEqualTo(placement(feeds.get(1)));
    assertThat(a.values().stream().map(s -> s.substring(0, s.lastIndexOf(" @"))))
        .contains("m3", "m4", "no commas at all", CsvFeed.NO_SUBJECT_KEY);
    assertThat(a.values().stream().map(s -> s.substring(s.lastIndexOf('@') + 1)).distinct().count())
        .as("keys spread over more than one partition").isGreaterThan(1);
    for (ConsumerRecord<byte[], byte[]> rec : feeds.get(0)) {
      assertThat(rec.key()).as("every record has a key").isNotNull();
      assertThat(rec.partition()).as("the default partitioner's choice for its key")
          .isEqualTo(Utils.toPositive(Utils.murmur2(rec.key())) % 4);
    }
  }

  /** Each record's value (Base64) → "key @partition" (no two lines of the file have the same value). */
  private static Map<String, String> placement(List<ConsumerRecord<byte[], byte[]>> records) {
    Map<String, String> out = new HashMap<>();
    for (ConsumerRecord<byte[], byte[]> rec : records) {
      String key = rec.key() == null ? "-" : new String(rec.key(), StandardCharsets.UTF_8);
      out.put(Base64.getEncoder().encodeToString(rec.value()), key + " @" + rec.partition());
    }
    return out;
  }

  private static List<ConsumerRecord<byte[], byte[]>> readAll(String topic, int expected) {
    Properties p = kafka.clientProperties();
    p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    List<ConsumerRecord<byte[], byte[]>> out = new ArrayList<>();
    try (KafkaConsumer<byte[], byte[]> c =
        new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      List<TopicPartition> parts = new ArrayList<>();
      c.partitionsFor(topic).forEach(i -> parts.add(new TopicPartition(topic, i.partition())));
      c.assign(parts);
      c.seekToBeginning(parts);
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (out.size() < expected && System.nanoTime() < deadline) {
        c.poll(Duration.ofMillis(200)).forEach(out::add);
      }
      c.poll(Duration.ofMillis(300)).forEach(out::add); // nothing more
    }
    return out;
  }

  @Test
  void aMissingInputFileIsExitTwoNamingTheOption() throws Exception {
    Run r = CliHarness.run(new FeedCommand(), "--config", job(kafka.bootstrapServers()).toString(),
        "--input", dir.resolve("nope.csv").toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip()).startsWith("error: --input: ").contains("nope.csv").doesNotContain("\n");
  }

  @Test
  void theEmbeddedBrokerNeedsItsAddress() throws Exception {
    Run r = CliHarness.run(new FeedCommand(), "--config", job("embedded").toString(), "--input", csv().toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip()).startsWith("error: --bootstrap-servers: kafka.bootstrapServers is embedded")
        .contains("pufferflow run").doesNotContain("\n");
  }

  @Test
  void anUnreachableBrokerIsExitTwoWithinTwentySeconds() throws Exception {
    long start = System.nanoTime();
    Run r = CliHarness.run(new FeedCommand(), "--config", job("127.0.0.1:1").toString(), "--input", csv().toString());
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip()).startsWith("error: kafka.bootstrapServers: no Kafka broker answered at 127.0.0.1:1")
        .doesNotContain("\n");
    Run option = CliHarness.run(new FeedCommand(), "--config", job("embedded").toString(), "--input",
        csv().toString(), "--bootstrap-servers", "127.0.0.1:1");
    assertThat(option.code()).isEqualTo(2);
    assertThat(option.err().strip()).startsWith("error: --bootstrap-servers: no Kafka broker answered at 127.0.0.1:1");
  }

  @Test
  void aMissingTopicAndAFileInputAreExitTwo() throws Exception {
    Path other = Files.writeString(dir.resolve("other.yaml"),
        JOB.replace("BROKER", kafka.bootstrapServers()).replace("feed-in", "no-such-topic"));
    Run r = CliHarness.run(new FeedCommand(), "--config", other.toString(), "--input", csv().toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip()).startsWith("error: kafka.inputTopic: topic no-such-topic does not exist");

    Path fileJob = Files.writeString(dir.resolve("file.yaml"),
        JOB.replace("BROKER", kafka.bootstrapServers()) + "input: {file: in.csv, format: csv}\n");
    Run f = CliHarness.run(new FeedCommand(), "--config", fileJob.toString(), "--input", csv().toString());
    assertThat(f.code()).isEqualTo(2);
    assertThat(f.err().strip()).startsWith("error: input: this configuration reads a file");
  }
}
