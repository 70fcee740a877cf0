package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.jobs.RepositoryPaths;
import org.pufferflow.jobs.cli.CliHarness.Run;
import org.pufferflow.jobs.testing.KeyFiles;
import org.pufferflow.mechanism.redaction.RedactionPlan;

/**
 * The hold-back bound ({@link RedactionPlan#MAX_SIDE_TICKS} ticks held back per subject) is a precondition of the
 * redaction plan, so the configuration refuses a larger {@code redaction.holdBackTicks} when it is loaded: {@code plan
 * --config} and {@code run} both exit 2 with the same one line naming the YAML path (it used to pass {@code plan
 * --config} and fail {@code run} without a path). The bound itself is accepted by both.
 */
@Timeout(120)
class HoldBackBoundTest {

  private static final String LINE = "error: redaction.holdBackTicks: holdBackTicks = 2000000: more than 1048576"
      + " ticks held back per subject";

  @TempDir Path dir;

  private Path config(long holdBackTicks) throws Exception {
    Path examples = RepositoryPaths.root().resolve("examples");
    ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
    ObjectNode root = (ObjectNode) yaml.readTree(examples.resolve("presence-file.yaml").toFile());
    ObjectNode input = (ObjectNode) root.get("input");
    input.put("file", examples.resolve("data/presence.csv").toString());
    input.put("optOuts", examples.resolve("data/presence-opt-outs.csv").toString());
    ((ObjectNode) root.get("output")).put("dir", dir.resolve("out-" + holdBackTicks).toString());
    ((ObjectNode) root.get("redaction")).put("holdBackTicks", holdBackTicks);
    root.putObject("noise").put("keyFile", KeyFiles.write(dir, 3, 11).toString());
    Path config = dir.resolve("job-" + holdBackTicks + ".yaml");
    yaml.writeValue(config.toFile(), root);
    return config;
  }

  @Test
  void planAndRunRefuseAHoldBackBeyondTheBoundAtItsPath() throws Exception {
    Path config = config(2_000_000);
    Run plan = CliHarness.run(new PlanCommand(), "--config", config.toString());
    assertThat(plan.code()).as(plan.err()).isEqualTo(2);
    assertThat(plan.err().strip()).isEqualTo(LINE);
    assertThat(plan.out()).isEmpty();

    Run run = CliHarness.run(RunCommand::new, new PrintStream(new ByteArrayOutputStream(), true),
        "--config", config.toString());
    assertThat(run.code()).as(run.err()).isEqualTo(2);
    assertThat(run.err().strip()).isEqualTo(LINE);
    assertThat(Files.exists(dir.resolve("out-2000000"))).isFalse();
  }

  @Test
  void theBoundItselfIsAcceptedByPlan() throws Exception {
    Run plan = CliHarness.run(new PlanCommand(), "--config", config(RedactionPlan.MAX_SIDE_TICKS).toString());
    assertThat(plan.code()).as(plan.err()).isZero();
  }
}
