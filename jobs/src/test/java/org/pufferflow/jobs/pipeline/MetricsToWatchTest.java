package org.pufferflow.jobs.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.core.execution.CheckpointingMode;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.metrics.CharacterFilter;
import org.apache.flink.metrics.LogicalScopeProvider;
import org.apache.flink.metrics.Metric;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.runtime.metrics.groups.AbstractMetricGroup;
import org.apache.flink.runtime.testutils.InMemoryReporter;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.jobs.RepositoryPaths;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.io.kafka.KafkaPreflight;
import org.pufferflow.jobs.io.kafka.TopicPlan;
import org.pufferflow.jobs.testing.EmbeddedKafkaExtension;

/**
 * docs/operators.md, 'Metrics to watch': every metric that section lists is registered by the job. The whole job
 * (Kafka input, ingestion, DPHMM, MQM with the fleet, redaction with the opt-out topic, Kafka outputs) runs bounded on
 * a MiniCluster with an in-memory metric reporter; each registered metric is named as Flink's Prometheus reporter
 * names it ({@code flink_} + the group's logical scope + {@code _} + the metric name, every character outside
 * {@code [a-zA-Z0-9:_]} replaced by {@code _}). A listed name that no operator registers fails the test.
 */
@Timeout(180)
class MetricsToWatchTest {

  private static final InMemoryReporter REPORTER = InMemoryReporter.createWithRetainedMetrics();

  @RegisterExtension
  static final MiniClusterExtension FLINK = new MiniClusterExtension(new MiniClusterResourceConfiguration.Builder()
      .setConfiguration(REPORTER.addToConfiguration(new Configuration()))
      .setNumberTaskManagers(1).setNumberSlotsPerTaskManager(2).build());

  static final String INPUT = "watch-in";
  static final String OPT_OUTS = "watch-opt";
  static final int TICKS = 12;

  @RegisterExtension
  static final EmbeddedKafkaExtension KAFKA =
      new EmbeddedKafkaExtension().topic(INPUT, FleetCorrectionsTest.PARTITIONS).topic(OPT_OUTS, 1);

  @TempDir static Path dir;

  /** The Prometheus reporter's character filter. */
  private static final CharacterFilter PROMETHEUS = s -> s.replaceAll("[^a-zA-Z0-9:_]", "_");

  /** The section 'Metrics to watch' of docs/operators.md. */
  static String section() throws Exception {
    String doc = Files.readString(RepositoryPaths.root().resolve("docs/operators.md"));
    int start = doc.indexOf("\n## Metrics to watch\n");
    assertThat(start).as("docs/operators.md has the section 'Metrics to watch'").isNotNegative();
    int end = doc.indexOf("\n## ", start + 1);
    return doc.substring(start, end < 0 ? doc.length() : end);
  }

  private static Set<String> names(String text, String pattern) {
    Set<String> names = new TreeSet<>();
    Matcher m = Pattern.compile(pattern).matcher(text);
    while (m.find()) {
      names.add(m.group(1));
    }
    return names;
  }

  @Test
  void everyMetricTheDocsListIsRegisteredByTheJob() throws Exception {
    String section = section();
    int yaml = section.indexOf("```yaml");
    assertThat(yaml).as("the section has example alert rules").isPositive();
    Set<String> listed = names(section.substring(0, yaml), "`(flink_[A-Za-z0-9_:]+)`");
    assertThat(listed).as("the table lists metrics").hasSizeGreaterThan(10);
    String rules = section.substring(yaml, section.indexOf("```\n", yaml + 7));
    assertThat(names(rules, "(flink_[A-Za-z0-9_:]+)")).as("the alert rules' metrics are in the table")
        .isNotEmpty().isSubsetOf(listed);

    JobConfig config = EventTimeRuns.kafka(dir, "watch", INPUT, OPT_OUTS, "");
    KafkaPreflight.prepare(KAFKA.bootstrapServers(), KafkaPreflight.TIMEOUT, TopicPlan.of(config), true, 2);
    Map<TopicPartition, Long> ends = new HashMap<>();
    try (KafkaProducer<byte[], byte[]> producer = EventTimeRuns.producer(KAFKA.bootstrapServers())) {
      for (int p = 0; p < FleetCorrectionsTest.PARTITIONS; p++) {
        var records = FleetCorrectionsTest.observations(p, 0, TICKS);
        records.forEach(o -> EventTimeRuns.send(producer, INPUT, o.partition(), o.subject(), o.value()));
        ends.put(new TopicPartition(INPUT, p), (long) records.size());
      }
      producer.flush();
    }
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
    env.setParallelism(2);
    env.enableCheckpointing(200, CheckpointingMode.EXACTLY_ONCE);
    JobAssembly.builder(config).bootstrapServers(KAFKA.bootstrapServers())
        .boundedAt(OffsetsInitializer.offsets(ends), OffsetsInitializer.latest()).build(env);
    JobClient job = env.executeAsync("metrics to watch");
    job.getJobExecutionResult().get(150, TimeUnit.SECONDS);

    Set<String> registered = new TreeSet<>();
    for (Map.Entry<MetricGroup, Map<String, Metric>> g : REPORTER.getMetricsByGroup().entrySet()) {
      String scope = g.getKey() instanceof AbstractMetricGroup<?> a // the reporter keeps the groups unwrapped
          ? a.getLogicalScope(PROMETHEUS, '_')
          : LogicalScopeProvider.castFrom(g.getKey()).getLogicalScope(PROMETHEUS, '_');
      for (String name : g.getValue().keySet()) {
        registered.add("flink_" + scope + "_" + PROMETHEUS.filterCharacters(name));
      }
    }
    assertThat(registered).as("the job's metrics, as Prometheus names them")
        .contains("flink_taskmanager_job_task_operator_numRecordsIn");
    assertThat(registered).containsAll(listed);
  }
}
