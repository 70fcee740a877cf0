package org.pufferflow.jobs.io.kafka;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.flink.annotation.Internal;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.pufferflow.avro.OptOut;
import org.pufferflow.jobs.config.ConfigException;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.io.file.CsvLineDiagnosis;
import org.pufferflow.jobs.io.file.CsvObservations;
import org.pufferflow.jobs.io.file.CsvRows;

/**
 * Writes a CSV file of observations into a job's Kafka input topic, one record per line: what {@code pufferflow feed}
 * and {@code pufferflow run --feed} do (docs/cli.md, 'feed'). Each row of {@link CsvRows} (header, blank and comment
 * lines and a byte-order mark skipped) becomes the payload {@link CsvObservations} makes for the job's discretizer (a
 * malformed line goes as its own bytes, which the job rejects as {@code UNDECODABLE}, worded as CSV by
 * {@link CsvLineDiagnosis}; the summary names the first with its line number). The key is {@link #key}: the subject, so
 * a subject's records stay in one partition and in file order, and a deterministic stand-in for a line without one, so
 * that two feeds of one file put every record into the same partition. No record timestamp: the producer stamps the
 * publication time. The producer is idempotent with {@code acks=all}: no record is written twice by a retry.
 */
@Internal
public final class CsvFeed {

  /** The key of a line that names no subject at all (nothing before its first comma). */
  public static final String NO_SUBJECT_KEY = "(no subject)";

  private CsvFeed() {}

  /**
   * What one feed wrote: records sent, of which malformed lines sent as their own bytes, and what is wrong with the
   * first of those ({@link CsvLineDiagnosis#atLine}; null when none is).
   */
  public record Fed(long records, long malformed, String firstMalformed) {
    /**
     * The one line {@code feed} prints, e.g. {@code fed 384 records (0 malformed lines sent as-is; …) to t}; with
     * malformed lines it names the first, e.g. {@code …; first: line 3, field time: 'x' is not a whole number (…)}.
     */
    public String summary(String topic) {
      return "fed " + records + " records (" + malformed + " malformed lines sent as-is; the job rejects them as"
          + " UNDECODABLE" + (firstMalformed == null ? "" : "; first: " + firstMalformed) + ") to " + topic;
    }
  }

  /**
   * The record key of {@code line}: its {@code subject} when the line has one; otherwise (a malformed line, an empty
   * subject field) the text before the first comma, trimmed — the would-be subject — or the whole line trimmed when
   * it has no comma, and {@link #NO_SUBJECT_KEY} when that is empty. {@code line} is a row of {@link CsvRows}
   * (no byte-order mark).
   */
  public static String key(String line, String subject) {
    if (subject != null) {
      return subject;
    }
    int comma = line.indexOf(',');
    String head = line.substring(0, comma < 0 ? line.length() : comma).trim();
    return head.isEmpty() ? NO_SUBJECT_KEY : head;
  }

  /**
   * Sends every line of {@code csv} (UTF-8) to {@code job}'s input topic on the broker at {@code bootstrapServers}
   * and waits until the broker has acknowledged all of them.
   *
   * @throws ConfigException at {@code kafka.inputTopic} when a record cannot be written
   * @throws IOException when the file cannot be read
   */
  public static Fed write(Path csv, JobConfig job, String bootstrapServers) throws IOException {
    Properties p = producerProperties(bootstrapServers);
    String topic = job.kafka().inputTopic();
    CsvObservations codec = CsvObservations.forDiscretizer(job.discretizer());
    AtomicReference<Exception> failure = new AtomicReference<>();
    long records = 0;
    long malformed = 0;
    String firstMalformed = null;
    try (KafkaProducer<byte[], byte[]> producer =
            new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer());
        CsvRows lines = CsvRows.open(csv, codec.header(), null)) {
      for (String line = lines.next(); line != null && failure.get() == null; line = lines.next()) {
        byte[] value = codec.payload(line);
        byte[] key = key(line, codec.subject()).getBytes(StandardCharsets.UTF_8);
        // no record timestamp: the producer stamps the publication time. The event time is in the record; stamping
        // it as the Kafka timestamp let the broker's time retention (7 days by default) delete the records of an
        // older data set before the job read them (docs/configuration.md, 'Kafka record timestamps').
        producer.send(new ProducerRecord<>(topic, null, null, key, value), (metadata, e) -> {
          if (e != null) {
            failure.compareAndSet(null, e);
          }
        });
        records++;
        if (codec.malformed()) {
          malformed++;
          if (firstMalformed == null) {
            firstMalformed = CsvLineDiagnosis.atLine(lines.lineNumber(), codec.problem());
          }
        }
      }
      producer.flush();
    } catch (KafkaException e) {
      failure.compareAndSet(null, e);
    }
    Exception e = failure.get();
    if (e != null) {
      throw new ConfigException("kafka.inputTopic", "writing to " + topic + " at " + bootstrapServers + " failed: "
          + e.getClass().getSimpleName() + ": " + e.getMessage());
    }
    return new Fed(records, malformed, firstMalformed);
  }

  /**
   * Sends {@code optOuts} (as {@code FileInputs.optOuts} reads them from a CSV file) to {@code job}'s opt-out topic,
   * keyed by subject, in the order of their {@code fromTick} (the topic must be in event-time order per partition,
   * docs/redaction.md, 'When an opt-out takes effect'), each issued at the start of its {@code fromTick}: in time for
   * every tick it covers, as if the subject had opted out then. Waits until the broker has acknowledged all.
   *
   * @return the number of opt-outs sent
   * @throws ConfigException at {@code kafka.optOutTopic} when a record cannot be written
   */
  public static long writeOptOuts(List<OptOut> optOuts, JobConfig job, String bootstrapServers) {
    String topic = job.kafka().optOutTopic();
    List<OptOut> sorted = new ArrayList<>(optOuts);
    sorted.sort(Comparator.comparingLong(OptOut::getFromTick));
    SpecificDatumWriter<OptOut> writer = new SpecificDatumWriter<>(OptOut.class);
    AtomicReference<Exception> failure = new AtomicReference<>();
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(producerProperties(bootstrapServers),
        new ByteArraySerializer(), new ByteArraySerializer())) {
      for (OptOut o : sorted) {
        OptOut issued = new OptOut(o.getSubjectId(), o.getFromTick(), o.getToTick(),
            Instant.ofEpochMilli(job.time().clock().startOf(o.getFromTick())));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        BinaryEncoder e = EncoderFactory.get().binaryEncoder(bytes, null);
        writer.write(issued, e);
        e.flush();
        producer.send(new ProducerRecord<>(topic, null, null,
            issued.getSubjectId().toString().getBytes(StandardCharsets.UTF_8), bytes.toByteArray()), (m, x) -> {
              if (x != null) {
                failure.compareAndSet(null, x);
              }
            });
      }
      producer.flush();
    } catch (KafkaException | IOException e) {
      failure.compareAndSet(null, e);
    }
    Exception e = failure.get();
    if (e != null) {
      throw new ConfigException("kafka.optOutTopic", "writing to " + topic + " at " + bootstrapServers
          + " failed: " + e.getClass().getSimpleName() + ": " + e.getMessage());
    }
    return sorted.size();
  }

  /** The idempotent producer of both feeds ({@code acks=all}). */
  private static Properties producerProperties(String bootstrapServers) {
    Properties p = new Properties();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    p.put(ProducerConfig.ACKS_CONFIG, "all");
    p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, (int) KafkaPreflight.TIMEOUT.toMillis());
    p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 60_000);
    p.put(ProducerConfig.LINGER_MS_CONFIG, 5);
    return p;
  }
}
