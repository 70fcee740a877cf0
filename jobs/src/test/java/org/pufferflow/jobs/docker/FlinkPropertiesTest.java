package org.pufferflow.jobs.docker;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.MetricOptions;
import org.apache.flink.state.rocksdb.RocksDBConfigurableOptions;
import org.apache.flink.state.rocksdb.RocksDBOptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pufferflow.jobs.config.ExecutionConfig;

/**
 * The {@code FLINK_PROPERTIES} of {@code docker/docker-compose.yml} (docs/cluster.md, 'The cluster's configuration'):
 * every key is a current (non-deprecated) option of the project's Flink version, found by reflection over Flink's
 * option classes, and every value parses as that option's type.
 */
class FlinkPropertiesTest {

  @BeforeAll
  static void read() throws Exception {
    DockerComposeTest.read();
  }

  @Test
  void everyFlinkPropertyIsACurrentOptionOfThisFlinkVersionAndParses() throws Exception {
    Map<String, ConfigOption<?>> options = flinkOptions();
    assertThat(options).containsKeys("parallelism.default", "state.backend.type"); // the scan found the classes
    Map<String, String> properties = DockerComposeTest.flinkProperties("jobmanager");
    Configuration configuration = Configuration.fromMap(properties);
    for (Map.Entry<String, String> p : properties.entrySet()) {
      if (p.getKey().startsWith(REPORTER_PREFIX)) {
        continue; // per-reporter options: below
      }
      ConfigOption<?> option = options.get(p.getKey());
      assertThat(option).as("Flink " + DockerComposeTest.flinkVersion + " has no (non-deprecated) option " + p.getKey()).isNotNull();
      Object value = configuration.get(option); // throws on a value the option cannot parse
      assertThat(value).as(p.getKey()).isNotNull();
    }
    assertThat(properties.get("state.backend.type")).isIn(
        ExecutionConfig.StateBackend.HASHMAP.configName(), ExecutionConfig.StateBackend.ROCKSDB.configName());
    assertThat(properties.get("restart-strategy.type")).isIn("none", "fixed-delay", "failure-rate",
        "exponential-delay");
    int parallelism = Integer.parseInt(properties.get("parallelism.default"));
    assertThat(parallelism).isBetween(1, Integer.parseInt(properties.get("taskmanager.numberOfTaskSlots")));
  }

  /**
   * The metric reporter (docs/operators.md, 'Metrics to watch'): {@code metrics.reporter.<name>.<option>} where the
   * option is one of Flink's per-reporter options ({@code MetricOptions}, e.g. {@code factory.class}) or the
   * Prometheus reporter's {@code port} (a port or a range); the factory is the Prometheus reporter's of the Flink
   * distribution.
   */
  @Test
  void thePrometheusReporterIsConfiguredWithPerReporterOptions() throws Exception {
    Map<String, String> properties = DockerComposeTest.flinkProperties("taskmanager");
    java.util.Set<String> reporterOptions = new java.util.HashSet<>(List.of(PROMETHEUS_PORT));
    for (Field f : MetricOptions.class.getFields()) {
      if (Modifier.isStatic(f.getModifiers()) && ConfigOption.class.isAssignableFrom(f.getType())
          && !f.isAnnotationPresent(Deprecated.class)) {
        reporterOptions.add(((ConfigOption<?>) f.get(null)).key());
      }
    }
    assertThat(reporterOptions).contains(MetricOptions.REPORTER_FACTORY_CLASS.key());
    Map<String, String> prom = new HashMap<>();
    for (Map.Entry<String, String> p : properties.entrySet()) {
      if (p.getKey().startsWith(REPORTER_PREFIX)) {
        String rest = p.getKey().substring(REPORTER_PREFIX.length());
        int dot = rest.indexOf('.');
        assertThat(dot).as(p.getKey()).isPositive();
        String option = rest.substring(dot + 1);
        assertThat(reporterOptions).as("a per-reporter option: " + p.getKey()).contains(option);
        if (rest.startsWith(PROMETHEUS + ".")) {
          prom.put(option, p.getValue());
        }
      }
    }
    assertThat(prom.get(MetricOptions.REPORTER_FACTORY_CLASS.key()))
        .isEqualTo("org.apache.flink.metrics.prometheus.PrometheusReporterFactory");
    assertThat(prom.get(PROMETHEUS_PORT)).matches("\\d{2,5}(-\\d{2,5})?");
    assertThat(DockerComposeTest.publishedContainerPorts("jobmanager")).contains(prom.get(PROMETHEUS_PORT));
    assertThat(DockerComposeTest.publishedContainerPorts("taskmanager")).contains(prom.get(PROMETHEUS_PORT));
  }

  private static final String REPORTER_PREFIX = "metrics.reporter.";
  /** The reporter's name in {@code docker/docker-compose.yml}. */
  private static final String PROMETHEUS = "prom";
  /** The Prometheus reporter's own option (not a {@code MetricOptions} one): the port it serves /metrics on. */
  private static final String PROMETHEUS_PORT = "port";

  /** Every public static, non-deprecated ConfigOption of Flink's option classes, by key. */
  private static Map<String, ConfigOption<?>> flinkOptions() throws Exception {
    List<Class<?>> classes = new ArrayList<>(List.of(RocksDBOptions.class, RocksDBConfigurableOptions.class));
    Path core = Path.of(CoreOptions.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    try (JarFile jar = new JarFile(core.toFile())) {
      jar.stream().map(e -> e.getName())
          .filter(n -> n.startsWith("org/apache/flink/configuration/") && n.endsWith("Options.class"))
          .filter(n -> n.indexOf('$') < 0 && n.lastIndexOf('/') == "org/apache/flink/configuration".length())
          .forEach(n -> {
            try {
              classes.add(Class.forName(n.replace('/', '.').substring(0, n.length() - ".class".length())));
            } catch (ClassNotFoundException e) {
              throw new IllegalStateException(e);
            }
          });
    }
    Map<String, ConfigOption<?>> options = new HashMap<>();
    for (Class<?> c : classes) {
      for (Field f : c.getFields()) {
        if (Modifier.isStatic(f.getModifiers()) && ConfigOption.class.isAssignableFrom(f.getType())
            && !f.isAnnotationPresent(Deprecated.class)) {
          ConfigOption<?> option = (ConfigOption<?>) f.get(null);
          options.put(option.key(), option);
        }
      }
    }
    return options;
  }
}
