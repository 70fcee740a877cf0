package org.pufferflow.jobs.docker;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pufferflow.jobs.RepositoryPaths;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.JobConfig;
import org.w3c.dom.Document;

/**
 * There is no Docker engine here, so the cluster set-up of {@code docker/} is checked statically: image versions
 * against the root pom's properties, every file the compose file and the Dockerfile reference, and the mounted job
 * configuration itself.
 */
class DockerComposeTest {

  private static final Path ROOT = RepositoryPaths.root();
  private static final Path DOCKER = ROOT.resolve("docker");

  private static JsonNode compose;
  private static String flinkVersion;
  private static String kafkaVersion;

  @BeforeAll
  static void read() throws Exception {
    compose = new YAMLMapper().readTree(DOCKER.resolve("docker-compose.yml").toFile());
    Document pom = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(ROOT.resolve("pom.xml").toFile());
    flinkVersion = pom.getElementsByTagName("flink.version").item(0).getTextContent().trim();
    kafkaVersion = pom.getElementsByTagName("kafka.version").item(0).getTextContent().trim();
  }

  private static JsonNode service(String name) {
    JsonNode s = compose.path("services").path(name);
    assertThat(s.isObject()).as("service " + name).isTrue();
    return s;
  }

  private static String flinkImage() {
    return "flink:" + flinkVersion + "-java17";
  }

  @Test
  void imagesMatchThePomVersions() {
    assertThat(service("kafka").path("image").asText()).isEqualTo("apache/kafka:" + kafkaVersion);
    assertThat(service("jobmanager").path("image").asText()).isEqualTo(flinkImage());
    assertThat(service("taskmanager").path("image").asText()).isEqualTo(flinkImage());
  }

  @Test
  void theBrokerRunsInKraftModeWithoutZookeeper() {
    JsonNode env = service("kafka").path("environment");
    assertThat(env.path("KAFKA_PROCESS_ROLES").asText()).isEqualTo("broker,controller");
    assertThat(env.path("KAFKA_CONTROLLER_QUORUM_VOTERS").asText()).isEqualTo("1@kafka:9093");
    assertThat(env.path("KAFKA_ADVERTISED_LISTENERS").asText()).contains("PLAINTEXT://kafka:9092");
    assertThat(compose.toString()).doesNotContainIgnoringCase("zookeeper");
  }

  @Test
  void theDockerfileBuildsOnTheSameFlinkImageAndCopiesTheSlimJar() throws Exception {
    JsonNode build = service("submit").path("build");
    Path context = DOCKER.resolve(build.path("context").asText()).normalize();
    assertThat(context).isDirectory();
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
    assertThat(source).isEqualTo("jobs/target/pufferflow-job.jar");
    // the jar is a build output: check that the jobs module produces it, and that the build context keeps it
    assertThat(Files.readString(ROOT.resolve("jobs/pom.xml")))
        .contains("<outputFile>${project.build.directory}/pufferflow-job.jar</outputFile>");
    assertThat(Files.readAllLines(context.resolve(".dockerignore"))).contains("!" + source);
    assertThat(commandOf("submit")).contains(target);
  }

  @Test
  void theSubmitterRunsTheJobWithTheMountedConfiguration() {
    List<String> command = commandOf("submit");
    assertThat(command.subList(0, 2)).containsExactly("flink", "run");
    assertThat(command).containsSubsequence("-m", "jobmanager:8081");
    int config = command.indexOf("--config");
    assertThat(config).isPositive();
    String containerPath = command.get(config + 1);
    boolean mounted = false;
    for (JsonNode volume : service("submit").path("volumes")) {
      String[] parts = volume.asText().split(":");
      if (parts[1].equals(containerPath)) {
        mounted = true;
        Path host = DOCKER.resolve(parts[0]).normalize();
        assertThat(host).isRegularFile();
        JobConfig job = ConfigLoader.load(host);
        assertThat(job.kafka().bootstrapServers()).isEqualTo("kafka:9092");
        assertThat(job.noise().keyEnv()).isEqualTo("PUFFERFLOW_NOISE_KEY");
        assertThat(service("taskmanager").path("environment").has(job.noise().keyEnv())).isTrue();
      }
    }
    assertThat(mounted).as("--config " + containerPath + " is a mounted file").isTrue();
  }

  @Test
  void everyBindMountAndBuildContextExists() {
    for (JsonNode s : compose.path("services")) {
      for (JsonNode volume : s.path("volumes")) {
        String host = volume.asText().split(":")[0];
        if (host.startsWith(".") || host.startsWith("/")) {
          assertThat(DOCKER.resolve(host).normalize()).exists();
        }
      }
      if (s.has("build")) {
        assertThat(DOCKER.resolve(s.path("build").path("context").asText()).normalize()).isDirectory();
      }
    }
  }

  private static List<String> commandOf(String name) {
    List<String> out = new ArrayList<>();
    service(name).path("command").forEach(n -> out.add(n.asText()));
    return out;
  }
}
