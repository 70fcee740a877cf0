package org.pufferflow.jobs.docker;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.flink.configuration.CoreOptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pufferflow.jobs.RepositoryPaths;
import org.pufferflow.jobs.cli.JobCli;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.ExecutionConfig;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.io.kafka.TopicPlan;
import org.pufferflow.jobs.io.kafka.KafkaOutputs;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import picocli.CommandLine;

/**
 * There is no Docker engine here, so the cluster set-up of {@code docker/} (docs/cluster.md) is checked statically:
 * image versions against the root pom's properties; every file the compose file and the Dockerfile reference; the
 * submitted job configuration (loads, sets nothing of the cluster's, names a broker of the compose file); the topics
 * the one-shot {@code topics} service creates against the ones that configuration uses; every {@code
 * FLINK_PROPERTIES} key against the option classes of the project's Flink version (FlinkPropertiesTest); checkpoint and savepoint storage
 * on a volume that the JobManager and the TaskManager share; the submit command; the noise key variable.
 */
class DockerComposeTest {

  private static final Path ROOT = RepositoryPaths.root();
  private static final Path DOCKER = ROOT.resolve("docker");
  private static final String CONFIG_IN_CONTAINER = "/opt/pufferflow/config/job.yaml";

  private static JsonNode compose;
  private static Document jobsPom;
  static String flinkVersion;
  private static String kafkaVersion;

  @BeforeAll
  static void read() throws Exception {
    if (compose != null) {
      return;
    }
    compose = new YAMLMapper().readTree(DOCKER.resolve("docker-compose.yml").toFile());
    Document pom = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(ROOT.resolve("pom.xml").toFile());
    flinkVersion = pom.getElementsByTagName("flink.version").item(0).getTextContent().trim();
    kafkaVersion = pom.getElementsByTagName("kafka.version").item(0).getTextContent().trim();
    jobsPom = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(ROOT.resolve("jobs/pom.xml").toFile());
  }

  // ---- images and files

  @Test
  void imagesMatchThePomVersions() {
    assertThat(service("kafka").path("image").asText()).isEqualTo("apache/kafka:" + kafkaVersion);
    assertThat(service("topics").path("image").asText()).isEqualTo("apache/kafka:" + kafkaVersion);
    for (String flink : List.of("jobmanager", "taskmanager", "flink-data-init")) {
      assertThat(service(flink).path("image").asText()).as(flink).isEqualTo(flinkImage());
    }
    // the test classpath is the Flink the jar is built against
    assertThat(CoreOptions.class.getPackage().getImplementationVersion()).isIn(flinkVersion, null);
  }

  @Test
  void theBrokerRunsInKraftModeWithoutZookeeper() {
    JsonNode env = service("kafka").path("environment");
    assertThat(env.path("KAFKA_PROCESS_ROLES").asText()).isEqualTo("broker,controller");
    assertThat(env.path("KAFKA_CONTROLLER_QUORUM_VOTERS").asText()).isEqualTo("1@kafka:9093");
    assertThat(env.path("KAFKA_ADVERTISED_LISTENERS").asText()).contains("PLAINTEXT://kafka:9092");
    assertThat(env.path("KAFKA_AUTO_CREATE_TOPICS_ENABLE").asText()).isEqualTo("false");
    // the broker must allow the transaction timeout the job's exactly-once sinks ask for
    long jobTimeout = Long.parseLong(KafkaOutputs.producerProperties().getProperty("transaction.timeout.ms"));
    assertThat(env.path("KAFKA_TRANSACTION_MAX_TIMEOUT_MS").asLong()).isGreaterThanOrEqualTo(jobTimeout);
    assertThat(compose.toString()).doesNotContainIgnoringCase("zookeeper");
  }

  @Test
  void theDockerfileBuildsOnTheSameFlinkImageAndCopiesTheJarThePomBuilds() throws Exception {
    JsonNode build = service("submit").path("build");
    Path context = DOCKER.resolve(build.path("context").asText()).normalize();
    assertThat(context).isEqualTo(ROOT);
    Path dockerfile = context.resolve(build.path("dockerfile").asText());
    assertThat(dockerfile).isRegularFile();
    List<String> lines = Files.readAllLines(dockerfile);
    assertThat(lines).contains("FROM " + flinkImage());
    List<String[]> copies = new ArrayList<>();
    for (String line : lines) {
      if (line.startsWith("COPY ")) {
        copies.add(line.substring(5).trim().split("\\s+"));
      }
    }
    assertThat(copies).hasSize(1);
    String source = copies.get(0)[0];
    String target = copies.get(0)[1];
    // the jar is a build output: it is the slim jar the jobs module's shade execution `job-jar` writes ...
    assertThat(source).isEqualTo(ROOT.relativize(jobJar()).toString());
    // ... whose main is the CLI (the submit command's program arguments are a pufferflow command line)
    assertThat(jobsPomText("mainClass")).isEqualTo(JobCli.class.getName());
    // ... and the build context sends it (and only it) to the engine
    assertThat(Files.readAllLines(context.resolve(".dockerignore"))).contains("*", "!" + source);
    assertThat(jarOf(commandOf("submit"))).isEqualTo(target);
  }

  @Test
  void theSlimJarKeepsWhatTheFlinkImageLacksAndLeavesOutWhatItShips() {
    List<String> excludes = jobJarExcludes();
    // in the flink image's lib/flink-dist jar (RocksDB: Flink's docs, 'State Backends'): left out of the slim jar
    for (String provided : List.of("org.apache.flink:flink-core", "org.apache.flink:flink-runtime",
        "org.apache.flink:flink-streaming-java", "org.apache.flink:flink-clients",
        "org.apache.flink:flink-statebackend-rocksdb", "org.apache.flink:flink-shaded-guava",
        "org.apache.logging.log4j:log4j-core", "org.apache.kafka:kafka_2.13")) {
      assertThat(excludes.stream().anyMatch(x -> matches(x, provided))).as(provided + " left out").isTrue();
    }
    // not in the distribution: the job needs them inside
    for (String needed : List.of("org.apache.flink:flink-connector-kafka", "org.apache.flink:flink-connector-base",
        "org.apache.flink:flink-avro", "org.apache.kafka:kafka-clients", "org.apache.avro:avro",
        "org.pufferflow:pufferflow-operators", "org.pufferflow:pufferflow-schemas", "info.picocli:picocli")) {
      assertThat(excludes.stream().filter(x -> matches(x, needed)).toList()).as(needed + " kept").isEmpty();
    }
  }

  @Test
  void everyBindMountAndBuildContextExistsAndEveryNamedVolumeIsDeclared() {
    JsonNode declared = compose.path("volumes");
    compose.path("services").fields().forEachRemaining(e -> {
      for (JsonNode volume : e.getValue().path("volumes")) {
        String source = volume.asText().split(":")[0];
        if (source.startsWith(".") || source.startsWith("/")) {
          assertThat(DOCKER.resolve(source).normalize()).as(e.getKey() + " mounts " + source).exists();
        } else {
          assertThat(declared.has(source)).as(e.getKey() + " mounts the named volume " + source).isTrue();
        }
      }
      if (e.getValue().has("build")) {
        assertThat(DOCKER.resolve(e.getValue().path("build").path("context").asText()).normalize()).isDirectory();
      }
    });
  }

  // ---- the job's configuration

  @Test
  void theSubmittedConfigurationLoadsSetsNothingOfTheClustersAndUsesTheComposeBroker() {
    JobConfig job = submittedConfiguration();
    // no `flink:` section: parallelism, checkpoints, state backend and restarts are the cluster's
    assertThat(job.execution()).isEqualTo(ExecutionConfig.UNSET);
    assertThat(job.execution().isUnset()).isTrue();
    assertThat(job.kafka().embedded()).isFalse();
    assertThat(job.input().kafka()).isTrue();
    assertThat(job.output().kafka()).isTrue();
    // the broker is the compose file's, by the listener it advertises to containers
    assertThat(service("kafka").path("environment").path("KAFKA_ADVERTISED_LISTENERS").asText())
        .contains("PLAINTEXT://" + job.kafka().bootstrapServers());
    assertThat(job.kafka().bootstrapServers()).isEqualTo("kafka:9092");
    assertThat(job.anyMechanism()).isTrue();
  }

  @Test
  void theTopicsServiceCreatesExactlyTheTopicsTheConfigurationUses() {
    JobConfig job = submittedConfiguration();
    int slots = Integer.parseInt(flinkProperties("taskmanager").get("taskmanager.numberOfTaskSlots"));
    List<String> created = new ArrayList<>();
    String script = String.join("\n", commandOf("topics"));
    Pattern topic = Pattern.compile("--topic\\s+(\\S+)");
    for (String line : script.split("\n")) {
      if (!line.contains("kafka-topics.sh")) {
        continue;
      }
      assertThat(line).as(line).contains("--create", "--if-not-exists", "--replication-factor 1",
          "--bootstrap-server " + job.kafka().bootstrapServers(), "--partitions " + slots);
      Matcher m = topic.matcher(line);
      assertThat(m.find()).as(line).isTrue();
      created.add(m.group(1));
    }
    assertThat(script).startsWith("/bin/sh").contains("set -e");
    assertThat(created).doesNotHaveDuplicates();
    // the topics `run` checks at submit time (and would create with kafka.createTopics): input, opt-outs with
    // redaction, and one per enabled output
    assertThat(new TreeSet<>(created)).isEqualTo(new TreeSet<>(TopicPlan.of(job).topics().values()));
    assertThat(service("topics").path("depends_on").path("kafka").path("condition").asText())
        .isEqualTo("service_healthy");
    assertThat(service("submit").path("depends_on").path("topics").path("condition").asText())
        .isEqualTo("service_completed_successfully");
  }

  // ---- Flink

  @Test
  void jobManagerTaskManagerAndSubmitterShareOneFlinkConfiguration() {
    Map<String, String> jm = flinkProperties("jobmanager");
    assertThat(flinkProperties("taskmanager")).isEqualTo(jm);
    assertThat(flinkProperties("submit")).isEqualTo(jm);
    assertThat(jm).containsEntry("jobmanager.rpc.address", service("jobmanager").path("hostname").asText());
    assertThat(jm).containsKeys("parallelism.default", "execution.checkpointing.interval",
        "execution.checkpointing.dir", "execution.checkpointing.savepoint-dir", "state.backend.type");
  }

  @Test
  void checkpointsAndSavepointsLieOnAVolumeTheJobManagerAndTheTaskManagerShare() {
    Map<String, String> properties = flinkProperties("jobmanager");
    for (String key : List.of("execution.checkpointing.dir", "execution.checkpointing.savepoint-dir")) {
      assertThat(properties).containsKey(key);
      URI uri = URI.create(properties.get(key));
      assertThat(uri.getScheme()).as(key).isEqualTo("file");
      String dir = uri.getPath();
      String jm = namedVolumeHolding("jobmanager", dir);
      String tm = namedVolumeHolding("taskmanager", dir);
      assertThat(jm).as(key + " on a named volume of the jobmanager").isNotNull();
      assertThat(tm).as(key + " on the same named volume of the taskmanager").isEqualTo(jm);
      // the one-shot init service creates the directory on that volume and hands it to the flink user
      assertThat(namedVolumeHolding("flink-data-init", dir)).isEqualTo(jm);
      String init = texts(service("flink-data-init").path("entrypoint"));
      assertThat(init).contains("mkdir -p", dir, "chown -R flink:flink");
      for (String flink : List.of("jobmanager", "taskmanager")) {
        assertThat(service(flink).path("depends_on").path("flink-data-init").path("condition").asText())
            .isEqualTo("service_completed_successfully");
      }
    }
  }

  @Test
  void theSubmitterRunsTheJarsCliAgainstTheJobManagerWithTheMountedConfiguration() {
    List<String> command = commandOf("submit");
    assertThat(command.subList(0, 2)).containsExactly("flink", "run");
    JsonNode jobmanager = service("jobmanager");
    // the JobManager's REST endpoint, by the hostname it has on the compose network and its REST port (8081)
    assertThat(texts(jobmanager.path("ports"))).contains(":8081");
    assertThat(command).containsSubsequence("-m", jobmanager.path("hostname").asText() + ":8081");
    assertThat(command).contains("--detached");
    String jar = jarOf(command);
    List<String> programArgs = command.subList(command.indexOf(jar) + 1, command.size());
    assertThat(programArgs).containsExactly("run", "--config", CONFIG_IN_CONTAINER);
    CommandLine.ParseResult parsed = new CommandLine(new JobCli()).parseArgs(programArgs.toArray(String[]::new));
    assertThat(parsed.subcommand().commandSpec().name()).isEqualTo("run");
    assertThat(mountSource("submit", CONFIG_IN_CONTAINER)).isEqualTo(DOCKER.resolve("config/job.yaml").normalize());
    for (String dependency : List.of("kafka", "jobmanager")) {
      assertThat(service("submit").path("depends_on").path(dependency).path("condition").asText())
          .as(dependency).isEqualTo("service_healthy");
    }
  }

  @Test
  void theNoiseKeyVariableOfTheConfigurationReachesSubmitterJobManagerAndTaskManager() {
    String variable = submittedConfiguration().noise().keyEnv();
    assertThat(variable).isNotNull();
    for (String name : List.of("submit", "jobmanager", "taskmanager")) {
      String value = service(name).path("environment").path(variable).asText();
      // taken from the host's environment; compose refuses to start without it
      assertThat(value).as(name).startsWith("${" + variable + ":?");
    }
  }

  // ---- helpers

  private static JobConfig submittedConfiguration() {
    return ConfigLoader.load(mountSource("submit", CONFIG_IN_CONTAINER));
  }

  /**
   * A service's FLINK_PROPERTIES as the official image's entrypoint reads them: one {@code key: value} per line,
   * split at the first colon, surrounding blanks dropped, empty lines skipped.
   */
  static Map<String, String> flinkProperties(String name) {
    String text = service(name).path("environment").path("FLINK_PROPERTIES").asText();
    assertThat(text).as(name + " FLINK_PROPERTIES").isNotBlank();
    Map<String, String> out = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      String l = line.strip();
      if (l.isEmpty()) {
        continue;
      }
      int colon = l.indexOf(':');
      assertThat(colon).as(name + ": " + l).isPositive();
      String previous = out.put(l.substring(0, colon).strip(), l.substring(colon + 1).strip());
      assertThat(previous).as(name + ": key set twice: " + l).isNull();
    }
    return out;
  }

  /** The named volume a service mounts at a directory that holds {@code dir}, or null. */
  private static String namedVolumeHolding(String name, String dir) {
    for (JsonNode volume : service(name).path("volumes")) {
      String[] parts = volume.asText().split(":");
      String target = parts[1].endsWith("/") ? parts[1] : parts[1] + "/";
      if ((dir + "/").startsWith(target) && compose.path("volumes").has(parts[0])) {
        return parts[0];
      }
    }
    return null;
  }

  /** The host file a service mounts at {@code containerPath}. */
  private static Path mountSource(String name, String containerPath) {
    for (JsonNode volume : service(name).path("volumes")) {
      String[] parts = volume.asText().split(":");
      if (parts[1].equals(containerPath)) {
        Path host = DOCKER.resolve(parts[0]).normalize();
        assertThat(host).isRegularFile();
        return host;
      }
    }
    throw new AssertionError(name + " mounts nothing at " + containerPath);
  }

  /** The maven-shade-plugin execution {@code job-jar} of jobs/pom.xml (the slim jar). */
  private static Element jobJarExecution() {
    NodeList executions = jobsPom.getElementsByTagName("execution");
    for (int i = 0; i < executions.getLength(); i++) {
      Element e = (Element) executions.item(i);
      if ("job-jar".equals(e.getElementsByTagName("id").item(0).getTextContent().trim())) {
        return e;
      }
    }
    throw new AssertionError("jobs/pom.xml has no shade execution job-jar");
  }

  /** The file {@code jobs/target/...jar} the execution {@code job-jar} writes. */
  private static Path jobJar() {
    String out = jobJarExecution().getElementsByTagName("outputFile").item(0).getTextContent().trim();
    return ROOT.resolve(out.replace("${project.build.directory}", "jobs/target")).normalize();
  }

  /** The artifactSet excludes of the execution {@code job-jar} ({@code groupId:artifactId} globs). */
  private static List<String> jobJarExcludes() {
    List<String> out = new ArrayList<>();
    NodeList excludes = ((Element) jobJarExecution().getElementsByTagName("artifactSet").item(0))
        .getElementsByTagName("exclude");
    for (int j = 0; j < excludes.getLength(); j++) {
      out.add(excludes.item(j).getTextContent().trim());
    }
    assertThat(out).isNotEmpty();
    return out;
  }

  /** Whether a shade artifact pattern ({@code group:artifact}, {@code *} any characters) matches an artifact. */
  private static boolean matches(String pattern, String artifact) {
    String regex = Pattern.quote(pattern).replace("*", "\\E.*\\Q");
    return artifact.matches(regex);
  }

  private static String jobsPomText(String tag) {
    return jobsPom.getElementsByTagName(tag).item(0).getTextContent().trim();
  }

  private static String jarOf(List<String> command) {
    List<String> jars = command.stream().filter(a -> a.endsWith(".jar")).toList();
    assertThat(jars).hasSize(1);
    return jars.get(0);
  }

  private static JsonNode service(String name) {
    JsonNode s = compose.path("services").path(name);
    assertThat(s.isObject()).as("service " + name).isTrue();
    return s;
  }

  private static String flinkImage() {
    return "flink:" + flinkVersion + "-java17";
  }

  private static List<String> commandOf(String name) {
    List<String> out = new ArrayList<>();
    service(name).path("command").forEach(n -> out.add(n.asText()));
    return out;
  }

  private static String texts(JsonNode list) {
    List<String> out = new ArrayList<>();
    list.forEach(n -> out.add(n.asText()));
    return String.join(" ", out);
  }
}
