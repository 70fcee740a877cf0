package org.pufferflow.tools.cli;

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
import org.pufferflow.jobs.cli.JobCli;
import org.pufferflow.jobs.cli.RunCommand;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.jobs.io.file.FileInputs;
import org.pufferflow.jobs.io.kafka.KafkaInputs;
import org.pufferflow.jobs.pipeline.JobAssembly;
import picocli.CommandLine;

/**
 * Checks the two shaded jars: the CLI's fat jar of this module (tools/target/pufferflow.jar) and the slim job jar of
 * the jobs module (jobs/target/pufferflow-job.jar, packaged before this module). Runs in the {@code integration-test}
 * phase of {@code mvn verify} (surefire execution {@code shaded-jars-check} in tools/pom.xml), after {@code package}
 * built them; the default test run skips this class (its name does not end in Test). Run by hand after packaging
 * with {@code mvn -o -pl tools -am verify -Dtest=FatJarSmokeCheck -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class FatJarSmokeCheck {

  private static final Path FAT = RepositoryPaths.root().resolve("tools/target/pufferflow.jar");
  private static final Path SLIM = RepositoryPaths.root().resolve("jobs/target/pufferflow-job.jar");

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
    assertThat(help).startsWith("Usage: pufferflow")
        .contains("Commands:", "run", "plan", "analyze", "demo", "learn", "experiment", "bench", "Exit codes");
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
      assertThat(jar.getEntry("org/knowm/xchart/XYChart.class")).isNotNull();
      assertThat(jar.getEntry("demo/job.yaml")).isNotNull();
    }
  }

  @Test
  void theSlimJobJarRunsTheJobCommand() throws Exception {
    assumeTrue(Files.exists(SLIM), "run after package");
    // `flink run pufferflow-job.jar run --config FILE` (docker/docker-compose.yml): the jar's main parses exactly that
    // (Flink's classes are missing from the slim jar, so this runs against the test classpath's Flink)
    try (JarFile jar = new JarFile(SLIM.toFile())) {
      assertThat(jar.getManifest().getMainAttributes().getValue("Main-Class")).isEqualTo(JobCli.class.getName());
    }
    CommandLine.ParseResult parsed = new CommandLine(new JobCli()).parseArgs("run", "--config", "job.yaml");
    assertThat(parsed.subcommand().commandSpec().name()).isEqualTo("run");
  }

  @Test
  void theSlimJobJarCarriesTheJobAlone() throws Exception {
    assumeTrue(Files.exists(SLIM), "run after package");
    try (JarFile jar = new JarFile(SLIM.toFile())) {
      // the job: configuration, pipeline, file and Kafka IO, the cluster's commands, the operators, the schemas
      for (Class<?> job : List.of(JobCli.class, RunCommand.class, JobAssembly.class, ConfigLoader.class,
          KafkaInputs.class, FileInputs.class, OutputKind.class)) {
        assertThat(jar.getEntry(job.getName().replace('.', '/') + ".class")).as(job.getName()).isNotNull();
      }
      assertThat(jar.getEntry("org/pufferflow/operators/RawRecord.class")).isNotNull();
      assertThat(jar.getEntry("org/pufferflow/avro/Observation.class")).isNotNull();
      assertThat(jar.getEntry("org/apache/flink/connector/kafka/source/KafkaSource.class")).isNotNull();
      assertThat(jar.getEntry("org/apache/kafka/clients/producer/KafkaProducer.class")).isNotNull();
      // not the tools, their root command, their data files and their libraries
      assertThat(entries(jar, "org/pufferflow/tools/")).as("the tools' packages").isEmpty();
      assertThat(jar.getEntry(PufferflowCli.class.getName().replace('.', '/') + ".class")).isNull();
      assertThat(entries(jar, "data/")).isEmpty();
      assertThat(entries(jar, "demo/")).isEmpty();
      assertThat(entries(jar, "org/knowm/")).isEmpty();
      assertThat(entries(jar, "de/rototor/")).isEmpty();
      assertThat(entries(jar, "me/tongfei/")).isEmpty();
      // not what the Flink distribution provides (lib/: flink-dist, the file connector, RocksDB, logging)
      assertThat(entries(jar, "org/apache/flink/runtime/")).isEmpty();
      assertThat(entries(jar, "org/apache/flink/streaming/api/environment/")).isEmpty();
      assertThat(entries(jar, "org/apache/flink/api/common/")).isEmpty();
      assertThat(entries(jar, "org/apache/flink/connector/file/")).isEmpty();
      assertThat(entries(jar, "org/apache/flink/contrib/streaming/state/")).isEmpty();
      assertThat(entries(jar, "org/apache/flink/shaded/")).isEmpty();
      assertThat(entries(jar, "org/apache/logging/log4j/")).isEmpty();
      assertThat(entries(jar, "org/slf4j/")).isEmpty();
      // not the embedded broker's server side (a cluster has its own Kafka)
      assertThat(entries(jar, "kafka/server/")).isEmpty();
      assertThat(entries(jar, "org/apache/kafka/common/test/")).isEmpty();
      assertThat(entries(jar, "scala/")).isEmpty();
    }
  }

  private static List<String> entries(JarFile jar, String prefix) {
    List<String> out = new ArrayList<>();
    jar.stream().map(ZipEntry::getName).filter(n -> n.startsWith(prefix)).forEach(out::add);
    return out;
  }
}
