package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.pufferflow.jobs.RepositoryPaths;

/**
 * Checks the two shaded jars of the jobs module. Runs in the {@code integration-test} phase of {@code mvn verify}
 * (surefire execution {@code shaded-jars-check} in jobs/pom.xml), after {@code package} built them; the default test
 * run skips this class (its name does not end in Test). Run by hand after packaging with
 * {@code mvn -o -pl jobs surefire:test -Dtest=FatJarSmokeCheck}.
 */
class FatJarSmokeCheck {

  private static final Path TARGET = RepositoryPaths.root().resolve("jobs/target");
  private static final Path FAT = TARGET.resolve("pufferflow.jar");
  private static final Path SLIM = TARGET.resolve("pufferflow-job.jar");

  private static String run(List<String> command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    return out;
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  @Test
  void theFatJarRunsAndExplainsItsCommands() throws Exception {
    assumeTrue(Files.exists(FAT), "run after package");
    String help = run(List.of(java(), "-jar", FAT.toString(), "--help"));
    assertThat(help).startsWith("Usage: pufferflow").contains("Commands:", "plan", "analyze", "Exit codes");
    assertThat(run(List.of(java(), "-jar", FAT.toString(), "--version"))).startsWith("pufferflow ");
  }

  @Test
  void theWrapperScriptRunsTheFatJar() throws Exception {
    assumeTrue(Files.exists(FAT), "run after package");
    String help = run(List.of("bash", RepositoryPaths.root().resolve("pufferflow").toString(), "--help"));
    assertThat(help).startsWith("Usage: pufferflow");
  }

  @Test
  void theFatJarMergesServiceFilesAndDropsSignatures() throws Exception {
    assumeTrue(Files.exists(FAT), "run after package");
    try (JarFile jar = new JarFile(FAT.toFile())) {
      assertThat(jar.getManifest().getMainAttributes().getValue("Main-Class"))
          .isEqualTo(PufferflowCli.class.getName());
      ZipEntry executors = jar.getEntry("META-INF/services/org.apache.flink.core.execution.PipelineExecutorFactory");
      String factories = new String(jar.getInputStream(executors).readAllBytes(), StandardCharsets.UTF_8);
      assertThat(factories).contains("LocalExecutorFactory", "RemoteExecutorFactory");
      assertThat(entries(jar, "META-INF/")).noneMatch(n -> n.matches("META-INF/[^/]+\\.(SF|DSA|RSA|EC)"));
      assertThat(jar.getEntry("org/apache/flink/runtime/minicluster/MiniCluster.class")).isNotNull();
      assertThat(jar.getEntry("kafka/server/KafkaRaftServer.class")).isNotNull();
    }
  }

  @Test
  void theSlimJobJarLeavesFlinkAndTheEmbeddedBrokerOut() throws Exception {
    assumeTrue(Files.exists(SLIM), "run after package");
    try (JarFile jar = new JarFile(SLIM.toFile())) {
      assertThat(jar.getManifest().getMainAttributes().getValue("Main-Class"))
          .isEqualTo(PufferflowCli.class.getName());
      assertThat(jar.getEntry(PufferflowCli.class.getName().replace('.', '/') + ".class")).isNotNull();
      assertThat(jar.getEntry("org/apache/flink/connector/kafka/source/KafkaSource.class")).isNotNull();
      assertThat(jar.getEntry("org/apache/kafka/clients/producer/KafkaProducer.class")).isNotNull();
      assertThat(entries(jar, "org/apache/flink/runtime/")).isEmpty();
      assertThat(entries(jar, "org/apache/flink/streaming/api/environment/")).isEmpty();
      assertThat(entries(jar, "org/apache/logging/log4j/")).isEmpty();
      assertThat(entries(jar, "kafka/server/")).isEmpty();
      assertThat(entries(jar, "scala/")).isEmpty();
    }
  }

  private static List<String> entries(JarFile jar, String prefix) {
    List<String> out = new ArrayList<>();
    jar.stream().map(ZipEntry::getName).filter(n -> n.startsWith(prefix)).forEach(out::add);
    return out;
  }
}
