package org.pufferflow.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.jobs.RepositoryPaths;

/**
 * The {@code pufferflow} wrapper script at the repository root: builds the fat jar when it is missing, then execs
 * {@code java $JAVA_OPTS -jar tools/target/pufferflow.jar "$@"}. The build and the JVM are replaced by fakes on the
 * PATH so the logic is checked in milliseconds; {@link FatJarSmokeCheck} runs the script on the real jar.
 */
class WrapperScriptTest {

  private static final Path SCRIPT = RepositoryPaths.root().resolve("pufferflow");

  record Result(int exit, String out, String err) {}

  private static Result exec(Path script, Map<String, String> env, String... args)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of("bash", script.toString()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().putAll(env);
    Process p = pb.start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    return new Result(p.exitValue(), out, err);
  }

  private static void executable(Path file, String text) throws IOException {
    Files.writeString(file, text);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  @Test
  void scriptIsExecutableAndParses() throws Exception {
    assertThat(Files.isExecutable(SCRIPT)).isTrue();
    Process p = new ProcessBuilder("bash", "-n", SCRIPT.toString()).start();
    assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isZero();
  }

  @Test
  void buildsTheJarOnceWhenMissingThenExecsJava(@TempDir Path tmp) throws Exception {
    Path root = Files.createDirectories(tmp.resolve("repo"));
    Path script = root.resolve("pufferflow");
    Files.copy(SCRIPT, script);
    Path bin = Files.createDirectories(tmp.resolve("bin"));
    Path log = tmp.resolve("calls.log");
    executable(bin.resolve("mvn"),
        "#!/usr/bin/env bash\necho \"mvn $* in $PWD\" >> '" + log + "'\n"
            + "mkdir -p tools/target && touch tools/target/pufferflow.jar\n");
    executable(bin.resolve("java"), "#!/usr/bin/env bash\necho \"java $*\"\n");
    Map<String, String> env =
        Map.of("PATH", bin + ":" + System.getenv("PATH"), "JAVA_OPTS", "-Xmx64m -Dpuffer=1");

    Result first = exec(script, env, "run", "--config", "my job.yaml");
    assertThat(first.exit()).isZero();
    assertThat(Files.readString(log)).isEqualTo("mvn -B -q -DskipTests package in " + root + "\n");
    assertThat(first.out())
        .isEqualTo("java -Xmx64m -Dpuffer=1 -jar " + root + "/tools/target/pufferflow.jar run --config my job.yaml\n");

    Result second = exec(script, env, "--help");
    assertThat(second.exit()).isZero();
    assertThat(Files.readAllLines(log)).hasSize(1); // not rebuilt
    assertThat(second.out()).endsWith("pufferflow.jar --help\n");
  }

  @Test
  void failsClearlyWhenTheBuildProducesNoJar(@TempDir Path tmp) throws Exception {
    Path root = Files.createDirectories(tmp.resolve("repo"));
    Path script = root.resolve("pufferflow");
    Files.copy(SCRIPT, script);
    Path bin = Files.createDirectories(tmp.resolve("bin"));
    executable(bin.resolve("mvn"), "#!/usr/bin/env bash\nexit 0\n");
    Result r = exec(script, Map.of("PATH", bin + ":" + System.getenv("PATH")), "--help");
    assertThat(r.exit()).isEqualTo(1);
    assertThat(r.err()).contains("the build did not produce " + root + "/tools/target/pufferflow.jar");
  }
}
