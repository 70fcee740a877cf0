package org.pufferflow.jobs.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.flink.connector.kafka.sink.internal.FlinkKafkaInternalProducer;
import org.apache.kafka.clients.admin.FeatureUpdate;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.clients.admin.UpdateFeaturesOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What the Kafka sink's committer meets when a restore commits a checkpoint's transactions a second time
 * (docs/cluster.md, 'After a recovery'), on the embedded broker (Kafka 4, transaction
 * protocol version 2 by default) with the connector's own producer: the second commit of a transaction committed
 * before the failure is refused as fenced, and the broker's record of the transaction tells it apart from a lost
 * (aborted) one; a transaction still open at the failure commits. Under protocol version 1 the second commit is
 * accepted.
 */
@Timeout(120)
class KafkaRecommitTest {

  static EmbeddedKafka kafka;

  @BeforeAll
  static void start() {
    kafka = EmbeddedKafka.start();
    kafka.createTopics(1, "recommit");
  }

  @AfterAll
  static void stop() {
    kafka.close();
  }

  private static FlinkKafkaInternalProducer<byte[], byte[]> producer(String transactionalId) {
    return producer(transactionalId, 60_000);
  }

  private static FlinkKafkaInternalProducer<byte[], byte[]> producer(String transactionalId, int timeoutMillis) {
    Properties p = kafka.clientProperties();
    p.put("transaction.timeout.ms", timeoutMillis);
    p.put("key.serializer", ByteArraySerializer.class.getName());
    p.put("value.serializer", ByteArraySerializer.class.getName());
    return new FlinkKafkaInternalProducer<>(p, transactionalId);
  }

  /** A transaction of one record, flushed and left open, with a transaction timeout of one second. */
  private static FlinkKafkaInternalProducer<byte[], byte[]> openBriefly(String transactionalId, byte value) {
    FlinkKafkaInternalProducer<byte[], byte[]> producer = producer(transactionalId, 1_000);
    producer.initTransactions();
    producer.beginTransaction();
    producer.send(new ProducerRecord<>("recommit", new byte[] {value}));
    producer.flush();
    return producer;
  }

  /** A transaction of one record, flushed and left open (the committable saves the producer's id and epoch). */
  private static FlinkKafkaInternalProducer<byte[], byte[]> open(String transactionalId, byte value) {
    FlinkKafkaInternalProducer<byte[], byte[]> producer = producer(transactionalId);
    producer.initTransactions();
    producer.beginTransaction();
    producer.send(new ProducerRecord<>("recommit", new byte[] {value}));
    producer.flush();
    return producer;
  }

  /** Commits as the committer does after a restore: a new producer resumes the saved id and epoch. */
  private static void commitResumed(String transactionalId, long producerId, short epoch) {
    try (FlinkKafkaInternalProducer<byte[], byte[]> committer = producer(transactionalId)) {
      committer.resumeTransaction(producerId, epoch);
      committer.commitTransaction();
    }
  }

  private static TransactionState state(String transactionalId) throws Exception {
    return kafka.admin().describeTransactions(List.of(transactionalId)).description(transactionalId).get().state();
  }

  /**
   * The transaction's state once it is {@code expected}, or after 15 s whatever it is then: the coordinator writes
   * the transaction markers and moves to the final state after it answered the client, so a busy broker may still
   * report an intermediate state for a moment.
   */
  private static TransactionState settled(String transactionalId, TransactionState expected) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
    TransactionState s = state(transactionalId);
    while (s != expected && System.nanoTime() < deadline) {
      Thread.sleep(100);
      s = state(transactionalId);
    }
    return s;
  }

  /** The finalized transaction protocol version, once it is {@code expected} or after 15 s (updates propagate). */
  private static short transactionVersion(short expected) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
    short v;
    do {
      v = kafka.admin().describeFeatures().featureMetadata().get().finalizedFeatures().get("transaction.version")
          .maxVersionLevel();
      if (v == expected) {
        return v;
      }
      Thread.sleep(100);
    } while (System.nanoTime() < deadline);
    return v;
  }

  /** How many records of the topic with the one-byte value {@code value} a read_committed consumer sees. */
  private static long committedWithValue(byte value) {
    Properties p = kafka.clientProperties();
    p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    long n = 0;
    try (KafkaConsumer<byte[], byte[]> c =
        new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      TopicPartition tp = new TopicPartition("recommit", 0);
      c.assign(List.of(tp));
      c.seekToBeginning(List.of(tp));
      long end = c.endOffsets(List.of(tp)).get(tp); // read_committed: the last stable offset
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (c.position(tp) < end && System.nanoTime() < deadline) {
        for (ConsumerRecord<byte[], byte[]> r : c.poll(Duration.ofMillis(200))) {
          n += r.value().length == 1 && r.value()[0] == value ? 1 : 0;
        }
      }
      assertThat(c.position(tp)).isEqualTo(end);
    }
    return n;
  }

  @Test
  void aSecondCommitIsFencedAfterACommitAndAfterAnAbortAndTheBrokersStateTellsThemApart() throws Exception {
    assertThat(transactionVersion((short) 2)).isEqualTo((short) 2);

    // committed before the failure: the restore's commit is refused, nothing is lost
    FlinkKafkaInternalProducer<byte[], byte[]> a = open("recommit-committed", (byte) 1);
    long idA = a.getProducerId();
    short epochA = a.getEpoch();
    a.commitTransaction();
    a.close();
    assertThatThrownBy(() -> commitResumed("recommit-committed", idA, epochA))
        .isInstanceOf(ProducerFencedException.class);
    assertThat(settled("recommit-committed", TransactionState.COMPLETE_COMMIT))
        .isEqualTo(TransactionState.COMPLETE_COMMIT);
    assertThat(committedWithValue((byte) 1)).isEqualTo(1);

    // aborted before the restore (here: fenced by another producer with the same id): the same error, records lost
    FlinkKafkaInternalProducer<byte[], byte[]> b = open("recommit-aborted", (byte) 2);
    long idB = b.getProducerId();
    short epochB = b.getEpoch();
    b.close(Duration.ZERO);
    try (FlinkKafkaInternalProducer<byte[], byte[]> other = producer("recommit-aborted")) {
      other.initTransactions(); // aborts the open transaction and fences its producer
    }
    assertThatThrownBy(() -> commitResumed("recommit-aborted", idB, epochB))
        .isInstanceOf(ProducerFencedException.class);
    assertThat(settled("recommit-aborted", TransactionState.EMPTY))
        .isEqualTo(TransactionState.EMPTY);
    assertThat(committedWithValue((byte) 2)).isZero();

    // aborted by the broker because it outlived its transaction timeout (a recovery slower than the timeout)
    FlinkKafkaInternalProducer<byte[], byte[]> t = openBriefly("recommit-timed-out", (byte) 6);
    long idT = t.getProducerId();
    short epochT = t.getEpoch();
    t.close(Duration.ZERO);
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (state("recommit-timed-out") == TransactionState.ONGOING && System.nanoTime() < deadline) {
      Thread.sleep(500);
    }
    assertThatThrownBy(() -> commitResumed("recommit-timed-out", idT, epochT))
        .isInstanceOf(ProducerFencedException.class);
    assertThat(settled("recommit-timed-out", TransactionState.COMPLETE_ABORT))
        .isEqualTo(TransactionState.COMPLETE_ABORT);
    assertThat(committedWithValue((byte) 6)).isZero();

    // still open at the failure: the restore commits it
    FlinkKafkaInternalProducer<byte[], byte[]> c = open("recommit-open", (byte) 4);
    long idC = c.getProducerId();
    short epochC = c.getEpoch();
    c.close(Duration.ZERO);
    commitResumed("recommit-open", idC, epochC);
    assertThat(settled("recommit-open", TransactionState.COMPLETE_COMMIT))
        .isEqualTo(TransactionState.COMPLETE_COMMIT);
    assertThat(committedWithValue((byte) 4)).isEqualTo(1);
  }

  @Test
  void underTransactionProtocolVersionOneTheSecondCommitIsAccepted() throws Exception {
    kafka.admin().updateFeatures(Map.of("transaction.version",
        new FeatureUpdate((short) 1, FeatureUpdate.UpgradeType.SAFE_DOWNGRADE)), new UpdateFeaturesOptions()).all().get();
    transactionVersion((short) 1); // wait for the downgrade to reach the broker
    try {
      FlinkKafkaInternalProducer<byte[], byte[]> a = open("recommit-v1", (byte) 5);
      long id = a.getProducerId();
      short epoch = a.getEpoch();
      a.commitTransaction();
      a.close();
      commitResumed("recommit-v1", id, epoch);
      assertThat(settled("recommit-v1", TransactionState.COMPLETE_COMMIT))
          .isEqualTo(TransactionState.COMPLETE_COMMIT);
      assertThat(committedWithValue((byte) 5)).isEqualTo(1);
    } finally {
      kafka.admin().updateFeatures(Map.of("transaction.version",
          new FeatureUpdate((short) 2, FeatureUpdate.UpgradeType.UPGRADE)), new UpdateFeaturesOptions()).all().get();
      transactionVersion((short) 2);
    }
  }
}
