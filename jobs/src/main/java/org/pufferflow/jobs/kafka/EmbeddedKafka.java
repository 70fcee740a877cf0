package org.pufferflow.jobs.kafka;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import kafka.server.BrokerServer;
import org.apache.flink.annotation.Internal;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.network.ListenerName;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.apache.kafka.common.utils.Utils;
import org.pufferflow.common.PufferPreconditions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real Apache Kafka broker running inside this JVM: one combined KRaft node (broker + controller), listening only
 * on the loopback address 127.0.0.1 on a random port, storing its logs in a fresh temporary directory.
 * {@link #close()} shuts the node down and deletes the directory; no non-daemon thread of the broker survives it.
 *
 * <p>Built on Kafka's own {@link KafkaClusterTestKit} (the cluster harness Kafka's integration tests use), so the
 * broker, its controller, the transaction coordinator and the group coordinator are Kafka's production code.
 * Internal topics are configured for a single node (replication factor 1, min ISR 1), so transactional producers
 * (Flink's exactly-once {@code KafkaSink}) and {@code read_committed} consumers work.
 *
 * <p>Listeners: the kit pre-binds wildcard sockets for its default listener names; this class declares its own
 * listeners {@code CLIENT://127.0.0.1:0} and {@code KRAFT://127.0.0.1:p} instead, so every socket Kafka serves
 * on is bound to loopback. The kit's pre-bound sockets stay unused (nothing accepts on them) and are closed on
 * {@link #close()}.
 *
 * <p>Used by {@code pufferflow demo}, by {@code pufferflow run} when {@code kafka.bootstrapServers: embedded}, and
 * by the integration tests. Not meant for production data.
 */
@Internal
public final class EmbeddedKafka implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedKafka.class);
  private static final String CLIENT_LISTENER = "CLIENT";
  private static final String CONTROLLER_LISTENER = "KRAFT";
  private static final String LOOPBACK = "127.0.0.1";
  private static final int PORT_ATTEMPTS = 5;

  private final KafkaClusterTestKit cluster;
  private final Path dataDir;
  private final String bootstrapServers;
  private boolean closed;

  private EmbeddedKafka(KafkaClusterTestKit cluster, Path dataDir, String bootstrapServers) {
    this.cluster = cluster;
    this.dataDir = dataDir;
    this.bootstrapServers = bootstrapServers;
  }

  /**
   * Formats and starts a fresh single-node cluster and waits until the broker is ready to serve clients.
   *
   * @throws IllegalStateException if the broker could not be started (its resources are released)
   */
  public static EmbeddedKafka start() {
    IllegalStateException last = null;
    for (int attempt = 0; attempt < PORT_ATTEMPTS; attempt++) {
      try {
        return startOnce();
      } catch (IOException | RuntimeException e) {
        // The controller port is reserved by binding and releasing it; another process may take it in between.
        last = new IllegalStateException("embedded Kafka broker failed to start: " + e.getMessage(), e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while starting the embedded Kafka broker", e);
      }
    }
    throw last;
  }

  private static EmbeddedKafka startOnce() throws IOException, InterruptedException {
    Path dataDir = Files.createTempDirectory("pufferflow-kafka-");
    KafkaClusterTestKit cluster = null;
    try {
      TestKitNodes nodes =
          new TestKitNodes.Builder()
              .setCombined(true)
              .setNumBrokerNodes(1)
              .setNumControllerNodes(1)
              .setBaseDirectory(dataDir)
              .build();
      int nodeId = nodes.controllerNodes().firstKey();
      int controllerPort = freeLoopbackPort();
      Map<String, String> overrides = new HashMap<>();
      overrides.put("listeners",
          CLIENT_LISTENER + "://" + LOOPBACK + ":0," + CONTROLLER_LISTENER + "://" + LOOPBACK + ":" + controllerPort);
      overrides.put("listener.security.protocol.map",
          CLIENT_LISTENER + ":PLAINTEXT," + CONTROLLER_LISTENER + ":PLAINTEXT");
      overrides.put("inter.broker.listener.name", CLIENT_LISTENER);
      overrides.put("controller.listener.names", CONTROLLER_LISTENER);
      overrides.put("controller.quorum.voters", nodeId + "@" + LOOPBACK + ":" + controllerPort);
      nodes =
          new TestKitNodes.Builder()
              .setCombined(true)
              .setNumBrokerNodes(1)
              .setNumControllerNodes(1)
              .setBaseDirectory(dataDir)
              .setPerServerProperties(Map.of(nodeId, overrides))
              .build();
      cluster =
          new KafkaClusterTestKit.Builder(nodes)
              .setConfigProp("offsets.topic.replication.factor", "1")
              .setConfigProp("offsets.topic.num.partitions", "4")
              .setConfigProp("transaction.state.log.replication.factor", "1")
              .setConfigProp("transaction.state.log.min.isr", "1")
              .setConfigProp("transaction.state.log.num.partitions", "4")
              .setConfigProp("group.initial.rebalance.delay.ms", "0")
              .setConfigProp("auto.create.topics.enable", "false")
              .setConfigProp("num.partitions", "1")
              .setConfigProp("default.replication.factor", "1")
              .setConfigProp("min.insync.replicas", "1")
              .setDeleteOnClose(true)
              .build();
      formatQuietly(cluster);
      cluster.startup();
      cluster.waitForReadyBrokers();
      BrokerServer broker = cluster.brokers().values().iterator().next();
      int port = broker.boundPort(ListenerName.normalised(CLIENT_LISTENER));
      return new EmbeddedKafka(cluster, dataDir, LOOPBACK + ":" + port);
    } catch (Exception e) {
      closeQuietly(cluster, dataDir);
      if (e instanceof InterruptedException ie) {
        throw ie;
      }
      if (e instanceof IOException io) {
        throw io;
      }
      if (e instanceof RuntimeException re) {
        throw re;
      }
      throw new IllegalStateException(e.getMessage(), e);
    }
  }

  /**
   * Kafka's storage formatter prints its bootstrap metadata to {@code System.out}; stdout belongs to the CLI's
   * output, so the text is captured and only shown if formatting fails.
   */
  private static void formatQuietly(KafkaClusterTestKit cluster) throws Exception {
    PrintStream out = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    synchronized (EmbeddedKafka.class) {
      System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
      try {
        cluster.format();
      } catch (Exception e) {
        System.setOut(out);
        System.err.print(captured.toString(StandardCharsets.UTF_8));
        throw e;
      } finally {
        System.setOut(out);
      }
    }
  }

  private static int freeLoopbackPort() throws IOException {
    try (ServerSocket s = new ServerSocket()) {
      s.setReuseAddress(true);
      s.bind(new InetSocketAddress(InetAddress.getByName(LOOPBACK), 0));
      return s.getLocalPort();
    }
  }

  /** {@code 127.0.0.1:port} of the broker's client listener. */
  public String bootstrapServers() {
    return bootstrapServers;
  }

  /** The temporary directory holding the node's logs and metadata; deleted by {@link #close()}. */
  public Path dataDirectory() {
    return dataDir;
  }

  /** Client properties with {@code bootstrap.servers} set to this broker. */
  public Properties clientProperties() {
    Properties p = new Properties();
    p.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    return p;
  }

  /** An admin client of this broker; the caller closes it. */
  public Admin admin() {
    return Admin.create(clientProperties());
  }

  /** Creates the topics (replication factor 1) and waits for them; topics that already exist are left as they are. */
  public void createTopics(int partitions, String... topics) {
    PufferPreconditions.checkAtLeast("partitions", partitions, 1);
    List<NewTopic> newTopics = new ArrayList<>();
    for (String t : topics) {
      newTopics.add(new NewTopic(PufferPreconditions.checkNotNull("topic", t), partitions, (short) 1));
    }
    createTopics(newTopics);
  }

  /** Creates the given topics and waits for them; topics that already exist are left as they are. */
  public void createTopics(Collection<NewTopic> topics) {
    try (Admin admin = admin()) {
      for (var entry : admin.createTopics(topics).values().entrySet()) {
        try {
          entry.getValue().get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
          if (!(e.getCause() instanceof TopicExistsException)) {
            throw new IllegalStateException(
                "cannot create topic " + entry.getKey() + ": " + e.getCause().getMessage(), e);
          }
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while creating topics", e);
    } catch (TimeoutException e) {
      throw new IllegalStateException("timed out creating topics " + topics, e);
    }
  }

  /**
   * Stops the broker and controller, waits for their threads and deletes the data directory. Idempotent. A fault
   * the broker recorded while running is logged (WARN), not thrown.
   */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      cluster.close();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      LOG.warn("interrupted while stopping the embedded Kafka broker", e);
    } catch (Exception e) {
      // The kit rethrows faults its handlers recorded while the broker ran, after shutting everything down. The
      // caller's work is done by now; report the fault instead of failing it.
      LOG.warn("embedded Kafka broker reported a fault: {}", e.getMessage(), e);
    } finally {
      deleteQuietly(dataDir);
    }
  }

  private static void closeQuietly(KafkaClusterTestKit cluster, Path dir) {
    if (cluster != null) {
      try {
        cluster.close();
      } catch (Exception ignored) {
        // startup already failed; the original exception is reported
      }
    }
    deleteQuietly(dir);
  }

  private static void deleteQuietly(Path dir) {
    try {
      Utils.delete(dir.toFile());
    } catch (IOException ignored) {
      // best effort: a temporary directory
    }
  }
}
