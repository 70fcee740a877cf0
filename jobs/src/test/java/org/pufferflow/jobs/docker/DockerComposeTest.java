package org.pufferflow.jobs.docker;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
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
import org.apache.flink.configuration.CoreOptions;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pufferflow.jobs.RepositoryPaths;
import org.pufferflow.jobs.cli.CommandLines;
import org.pufferflow.jobs.cli.JobCli;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.ExecutionConfig;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.io.kafka.TopicPlan;
import picocli.CommandLine;

/**
 * What would break {@code docker compose up} (docs/cluster.md), checked without a Docker engine: the configuration
 * the {@code submit} service passes loads and plans (the code of {@code pufferflow plan --config}); the services it
 * needs exist and agree with it (broker, topics, noise key, JobManager, a checkpoint volume the JobManager and the
 * TaskManager share); every image and the job jar are those of the pom. {@code FlinkPropertiesTest} checks the Flink
 * options.
 */
class DockerComposeTest {

  private static final Path ROOT = RepositoryPaths.root();
  private static final Path DOCKER = ROOT.resolve("docker");

  private static JsonNode compose;
  static String flinkVersion;
  private static String kafkaVersion;

  @BeforeAll
  static void read() throws Exception {
    if (compose != null) {
      return;
    }
    compose = new YAMLMapper().readTree(DOCKER.resolve("docker-compose.yml").toFile());
    String pom = Files.readString(ROOT.resolve("pom.xml"));
    flinkVersion = pomProperty(pom, "flink.version");
    kafkaVersion = pomProperty(pom, "kafka.version");
  }

  @Test
  void theSubmittedConfigurationLoadsAndPlansWithoutWarnings() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = CommandLines.create(new JobCli());
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    int code = cli.execute("plan", "--config", submittedConfiguration().toString(), "--json");
    assertThat(code).as("plan --config exit code; stderr: " + err).isZero();
    JsonNode plan = readJson(out.toString());
    assertThat(plan.path("warnings").isArray()).as(out.toString()).isTrue();
    assertThat(plan.path("warnings")).as("plan warnings").isEmpty();
  }

  @Test
  void theServicesTheConfigurationNeedsExistAndAgreeWithIt() {
    JobConfig job = ConfigLoader.load(submittedConfiguration());
    // no `flink:` section: parallelism, checkpoints, state backend and restarts are the cluster's
    assertThat(job.execution().isUnset()).as("job.yaml sets a flink: section").isTrue();
    // the broker: a service of that name that advertises the configured address on the compose network
    String[] broker = job.kafka().bootstrapServers().split(":");
    assertThat(service(broker[0]).path("environment").path("KAFKA_ADVERTISED_LISTENERS").asText())
        .contains("//" + job.kafka().bootstrapServers());
    // the topics: exactly those `run` checks at submit time, created before submit starts
    List<String> created = new ArrayList<>();
    Matcher topic = Pattern.compile("kafka-topics\\.sh .*--create .*--topic\\s+(\\S+)")
        .matcher(String.join("\n", commandOf("topics")));
    while (topic.find()) {
      assertThat(topic.group()).contains("--bootstrap-server " + job.kafka().bootstrapServers());
      created.add(topic.group(1));
    }
    // run refuses a durable ledger with retention
    assertThat(String.join("\n", commandOf("topics"))).as("the ledger topic")
        .contains("--topic " + job.kafka().ledgerStoreTopic() + " --config cleanup.policy=compact");
    assertThat(created).doesNotHaveDuplicates();
    assertThat(new TreeSet<>(created)).isEqualTo(new TreeSet<>(TopicPlan.of(job).topics().values()));
    assertThat(dependency("submit", "topics")).isEqualTo("service_completed_successfully");
    assertThat(dependency("submit", broker[0])).isEqualTo("service_healthy");
    // the JobManager submit talks to, and a TaskManager
    List<String> submit = commandOf("submit");
    String jobManager = submit.get(submit.indexOf("-m") + 1).split(":")[0];
    assertThat(service(jobManager).path("command").asText()).isEqualTo("jobmanager");
    assertThat(dependency("submit", jobManager)).isEqualTo("service_healthy");
    assertThat(flinkProperties("taskmanager")).containsEntry("jobmanager.rpc.address", jobManager);
    assertThat(service("taskmanager").path("command").asText()).isEqualTo("taskmanager");
    // the noise key: from the host's environment (compose refuses to start without it) wherever the job runs
    String variable = job.noise().keyEnv();
    for (String name : List.of("submit", "jobmanager", "taskmanager")) {
      assertThat(service(name).path("environment").path(variable).asText()).as(name + " " + variable)
          .startsWith("${" + variable + ":?");
    }
  }

  @Test
  void checkpointsAndSavepointsLieOnAVolumeTheJobManagerAndTheTaskManagerShare() {
    assertThat(flinkProperties("taskmanager")).isEqualTo(flinkProperties("jobmanager"));
    assertThat(flinkProperties("submit")).isEqualTo(flinkProperties("jobmanager"));
    for (String key : List.of("execution.checkpointing.dir", "execution.checkpointing.savepoint-dir")) {
      String dir = URI.create(flinkProperties("jobmanager").get(key)).getPath();
      String volume = namedVolumeHolding("jobmanager", dir);
      assertThat(volume).as(key + " on a named volume of the jobmanager").isNotNull();
      assertThat(namedVolumeHolding("taskmanager", dir)).as(key + " on the taskmanager").isEqualTo(volume);
    }
  }

  @Test
  void everyImageAndTheJobJarAreThoseOfThePom() throws Exception {
    String flinkImage = "flink:" + flinkVersion + "-java17";
    int flinks = 0;
    int kafkas = 0;
    for (Map.Entry<String, JsonNode> s : (Iterable<Map.Entry<String, JsonNode>>) compose.path("services")::fields) {
      String image = s.getValue().path("image").asText();
      if (s.getValue().has("build")) {
        continue; // the job image: checked through its Dockerfile below
      }
      assertThat(image).as(s.getKey() + ": a Flink or Kafka image with a tag").matches("(flink|apache/kafka):.+");
      if (image.startsWith("flink:")) {
        assertThat(image).as(s.getKey()).isEqualTo(flinkImage);
        flinks++;
      } else if (image.startsWith("apache/kafka:")) {
        assertThat(image).as(s.getKey()).isEqualTo("apache/kafka:" + kafkaVersion);
        kafkas++;
      }
    }
    assertThat(flinks).as("services on the Flink image").isGreaterThanOrEqualTo(2);
    assertThat(kafkas).as("services on the Kafka image").isGreaterThanOrEqualTo(1);
    // the libraries the tests (and the jar) are built with are the pom's versions
    assertThat(jarOf(CoreOptions.class)).contains("-" + flinkVersion + ".jar");
    assertThat(jarOf(KafkaProducer.class)).contains("-" + kafkaVersion + ".jar");

    JsonNode build = service("submit").path("build");
    Path dockerfile = DOCKER.resolve(build.path("context").asText()).resolve(build.path("dockerfile").asText());
    List<String> lines = Files.readAllLines(dockerfile.normalize());
    assertThat(lines).as("Dockerfile").contains("FROM " + flinkImage);
    List<String> copies = lines.stream().filter(l -> l.startsWith("COPY ")).toList();
    assertThat(copies).hasSize(1);
    String[] copy = copies.get(0).split("\\s+");
    // the slim jar the jobs module's shade execution writes, copied to where submit runs it
    Matcher out = Pattern.compile("<outputFile>\\$\\{project.build.directory}/(pufferflow-job\\.jar)</outputFile>")
        .matcher(Files.readString(ROOT.resolve("jobs/pom.xml")));
    assertThat(out.find()).as("jobs/pom.xml writes pufferflow-job.jar").isTrue();
    assertThat(copy[1]).isEqualTo("jobs/target/" + out.group(1));
    assertThat(Files.readAllLines(ROOT.resolve(".dockerignore"))).contains("!" + copy[1]);
    assertThat(commandOf("submit")).contains(copy[2]);
  }

  // ---- helpers

  /** The host file of {@code --config FILE} in the submit command, by the submit service's bind mounts. */
  private static Path submittedConfiguration() {
    List<String> command = commandOf("submit");
    int at = command.indexOf("--config");
    assertThat(at).as("submit passes --config").isPositive();
    String inContainer = command.get(at + 1);
    for (JsonNode volume : service("submit").path("volumes")) {
      String[] parts = volume.asText().split(":");
      if (parts[1].equals(inContainer)) {
        Path host = DOCKER.resolve(parts[0]).normalize();
        assertThat(host).isRegularFile();
        return host;
      }
    }
    throw new AssertionError("submit mounts nothing at " + inContainer);
  }

  /** The value of {@code <name>} in the root pom's properties; fails when it is missing or blank. */
  private static String pomProperty(String pom, String name) {
    Matcher m = Pattern.compile("<" + Pattern.quote(name) + ">\\s*([^<\\s]+)\\s*</" + Pattern.quote(name) + ">")
        .matcher(pom);
    assertThat(m.find()).as("pom.xml property " + name).isTrue();
    return m.group(1);
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

  /** The container ports a service publishes ({@code ports: - "HOST:CONTAINER"}). */
  static List<String> publishedContainerPorts(String name) {
    List<String> out = new ArrayList<>();
    for (JsonNode p : service(name).path("ports")) {
      String[] parts = p.asText().split(":");
      out.add(parts[parts.length - 1]);
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

  private static String dependency(String service, String on) {
    return service(service).path("depends_on").path(on).path("condition").asText();
  }

  private static String jarOf(Class<?> type) throws Exception {
    return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).getFileName().toString();
  }

  private static JsonNode readJson(String text) {
    try {
      return new ObjectMapper().readTree(text);
    } catch (Exception e) {
      throw new AssertionError("plan --json printed no JSON: " + text, e);
    }
  }

  private static JsonNode service(String name) {
    JsonNode s = compose.path("services").path(name);
    assertThat(s.isObject()).as("service " + name).isTrue();
    return s;
  }

  private static List<String> commandOf(String name) {
    List<String> out = new ArrayList<>();
    service(name).path("command").forEach(n -> out.add(n.asText()));
    return out;
  }
}
