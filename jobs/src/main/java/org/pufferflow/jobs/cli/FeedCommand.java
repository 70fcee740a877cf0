package org.pufferflow.jobs.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.pufferflow.jobs.config.ConfigException;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.config.KafkaConfig;
import org.pufferflow.jobs.io.CsvObservations;
import org.pufferflow.jobs.kafka.KafkaPreflight;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code pufferflow feed --config job.yaml --input FILE.csv [--bootstrap-servers HOST:PORT]} (docs/cli.md, 'feed'):
 * writes a CSV file of observations into the job's Kafka input topic, one record per line, so that {@code run} can
 * be tried without writing a producer. Each line becomes the payload {@link CsvObservations} makes for the job's
 * discretizer (a malformed line goes as its own bytes, which the job rejects as {@code UNDECODABLE}); the key is the
 * subject (UTF-8; none when the line has no subject), the record timestamp the line's time when it has one that
 * Kafka accepts (>= 0). The producer is idempotent with {@code acks=all}: no record is written twice by a retry.
 *
 * <p>Invalid input is exit 2 with one line: a missing input file, a configuration whose input is a file, the
 * embedded broker without {@code --bootstrap-servers} (it lives in the {@code run} process, whose address only that
 * process knows), a broker that does not answer within {@link KafkaPreflight#TIMEOUT} or a missing input topic.
 */
@Command(
    name = "feed",
    mixinStandardHelpOptions = true,
    header = "Write a CSV file of observations into the job's Kafka input topic.",
    description = {
      "Write a CSV file into the Kafka input topic of a job configuration, one Observation record (Avro) per line:",
      "columns subject,time,state (categorical), subject,time,reading (bins) or subject,time,lat,lon (grid), time in",
      "epoch milliseconds, an optional header line starting with 'subject'. Malformed lines are sent as they are",
      "(the job rejects them as UNDECODABLE)."
    })
public final class FeedCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(names = "--config", required = true, paramLabel = "FILE", description = "Job configuration (YAML).")
  Path config;

  @Option(names = "--input", required = true, paramLabel = "FILE.csv", description = "The observations (CSV).")
  Path input;

  @Option(names = "--bootstrap-servers", paramLabel = "HOST:PORT",
      description = "The Kafka broker; default kafka.bootstrapServers. Required when that is 'embedded': pass the"
          + " address `pufferflow run` printed.")
  String bootstrapServers;

  @Override
  public Integer call() throws IOException {
    if (!Files.isRegularFile(input) || !Files.isReadable(input)) {
      throw new UsageException("--input: " + input + " is not a readable file");
    }
    JobConfig job = ConfigLoader.load(config);
    if (!job.input().kafka()) {
      throw new ConfigException("input", "this configuration reads a file, not the Kafka input topic; feed writes"
          + " the topic (remove the input section, or run the file directly with `pufferflow run`)");
    }
    KafkaConfig kafka = job.kafka();
    String bootstrap = bootstrapServers != null ? bootstrapServers : kafka.bootstrapServers();
    if (bootstrap.isBlank() || KafkaConfig.EMBEDDED.equals(bootstrap)) {
      throw new UsageException("--bootstrap-servers: kafka.bootstrapServers is embedded, a broker inside the"
          + " `pufferflow run` process: pass the address it printed (embedded Kafka broker at HOST:PORT)");
    }
    try {
      // the input topic must exist (or is created, with kafka.createTopics) and hold Observation records
      int partitions = job.execution().localParallelism();
      KafkaPreflight.prepare(bootstrap, KafkaPreflight.TIMEOUT, new org.pufferflow.jobs.kafka.TopicPlan(
          java.util.Map.of("kafka.inputTopic", kafka.inputTopic()),
          java.util.Map.of("kafka.inputTopic", org.pufferflow.avro.Observation.class)),
          kafka.createTopics(), partitions);
    } catch (IllegalArgumentException e) {
      String key = "kafka.bootstrapServers:";
      if (bootstrapServers != null && e.getMessage() != null && e.getMessage().startsWith(key)) {
        throw new UsageException("--bootstrap-servers:" + e.getMessage().substring(key.length()), e);
      }
      throw e;
    }
    long[] counts = produce(job, bootstrap);
    PrintWriter out = spec.commandLine().getOut();
    out.printf("fed %d records (%d malformed lines sent as-is; the job rejects them as UNDECODABLE) to %s%n",
        counts[0], counts[1], kafka.inputTopic());
    out.flush();
    return 0;
  }

  /** Sends every non-header line; returns {records, malformed}. */
  private long[] produce(JobConfig job, String bootstrap) throws IOException {
    Properties p = new Properties();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(ProducerConfig.ACKS_CONFIG, "all");
    p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, (int) KafkaPreflight.TIMEOUT.toMillis());
    p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 60_000);
    p.put(ProducerConfig.LINGER_MS_CONFIG, 5);
    String topic = job.kafka().inputTopic();
    CsvObservations csv = CsvObservations.forDiscretizer(job.discretizer());
    AtomicReference<Exception> failure = new AtomicReference<>();
    long records = 0;
    long malformed = 0;
    try (KafkaProducer<byte[], byte[]> producer =
            new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer());
        BufferedReader lines = Files.newBufferedReader(input, StandardCharsets.UTF_8)) {
      long n = 0;
      for (String line = lines.readLine(); line != null && failure.get() == null; line = lines.readLine()) {
        if (++n == 1 && CsvObservations.isHeader(line)) {
          continue;
        }
        byte[] value = csv.payload(line);
        byte[] key = csv.subject() == null ? null : csv.subject().getBytes(StandardCharsets.UTF_8);
        // no record timestamp: the producer stamps the publication time. The event time is in the record; stamping
        // it as the Kafka timestamp let the broker's time retention (7 days by default) delete the records of an
        // older data set before the job read them (docs/ingestion.md, 'Kafka record timestamps').
        producer.send(new ProducerRecord<>(topic, null, null, key, value), (metadata, e) -> {
          if (e != null) {
            failure.compareAndSet(null, e);
          }
        });
        records++;
        malformed += csv.malformed() ? 1 : 0;
      }
      producer.flush();
    } catch (KafkaException e) {
      failure.compareAndSet(null, e);
    }
    Exception e = failure.get();
    if (e != null) {
      throw new UsageException("kafka.inputTopic: writing to " + topic + " at " + bootstrap + " failed: "
          + e.getClass().getSimpleName() + ": " + e.getMessage(), e);
    }
    return new long[] {records, malformed};
  }
}
