package org.pufferflow.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.jobs.RepositoryPaths;
import org.pufferflow.jobs.cli.CliHarness;
import org.pufferflow.jobs.cli.CliJson;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.config.ModelConfig;

/**
 * {@code pufferflow learn} end to end (docs/learn.md): the written model file loads through {@link ConfigLoader}
 * with exactly the learned matrix, the JSON summary, the warnings on stderr and exit 2 with one line on bad input.
 */
class LearnCommandTest {

  private static final Path DATA = RepositoryPaths.root().resolve("tools/src/test/resources/learn");

  @TempDir Path dir;

  @Test
  void csvModelLoadsThroughTheJobConfigurationWithTheLearnedMatrix() throws IOException {
    Path model = dir.resolve("models/tiny-model.yaml");
    CliHarness.Run run = CliHarness.run(new PufferflowCli(), "learn", "--input", DATA.resolve("tiny.csv").toString(),
        "--tick-millis", "1000", "--smoothing", "1", "--min-visits", "4", "--out", model.toString(), "--json");
    assertThat(run.code()).as(run.err()).isZero();
    assertThat(run.err()).isEmpty();
    JsonNode j = run.json();
    assertThat(j.get("transition").toString()).isEqualTo("[[0.4,0.6],[0.5,0.5]]");
    assertThat(j.get("transitions").asLong()).isEqualTo(5);
    assertThat(j.get("gaps").asLong()).isEqualTo(1);
    assertThat(j.get("ergodic").asBoolean()).isTrue();
    assertThat(j.get("reversible").asBoolean()).isTrue();
    assertThat(j.get("warnings").size()).isZero();

    Path config = dir.resolve("job.yaml");
    Files.writeString(config, """
        kafka: {bootstrapServers: localhost:9092}
        time: {tickMillis: 1000}
        model: {modelFile: models/tiny-model.yaml}
        discretizer: {type: categorical}
        mqm:
          window: 4
          slide: 4
          epsilon: 1.0
          theta: model
          mode: approx-reversible
          output: counts
          budget: {total: 100.0, perPeriod: 10.0, periodTicks: 100}
        noise: {keyEnv: PUFFERFLOW_NOISE_KEY}
        """);
    JobConfig loaded = ConfigLoader.load(config);
    ModelConfig m = loaded.model();
    assertThat(m.states()).containsExactly("x", "y");
    assertThat(m.transition().toArray()).isDeepEqualTo(new double[][] {{2.0 / 5, 3.0 / 5}, {2.0 / 4, 2.0 / 4}});
  }

  @Test
  void ampdsModelWithUnroundedProbabilitiesLoadsBitForBit() throws IOException {
    Path model = dir.resolve("bedroom.yaml");
    CliHarness.Run run = CliHarness.run(new PufferflowCli(), "learn", "--format", "ampds", "--input",
        DATA.resolve("ampds-day.csv").toString(), "--levels", "5,50", "--smoothing", "0.5", "--out",
        model.toString(), "--json");
    assertThat(run.code()).as(run.err()).isZero();
    double[][] learned = CliJson.parseMatrix("transition", run.json().get("transition").toString());
    Path config = dir.resolve("job.yaml");
    Files.writeString(config, """
        kafka: {bootstrapServers: localhost:9092}
        time: {tickMillis: 60000}
        model: {modelFile: bedroom.yaml}
        discretizer: {type: bins, thresholds: [5, 50], min: 0, max: 10000}
        """);
    assertThat(ConfigLoader.load(config).model().transition().toArray()).isDeepEqualTo(learned);
    assertThat(Files.readString(model)).contains("states: [\"P<5\", \"5<=P<50\", \"P>=50\"]");
  }

  @Test
  void geolifeTextSummaryAndGridComment() throws IOException {
    Path model = dir.resolve("grid.yaml");
    CliHarness.Run run = CliHarness.run(new PufferflowCli(), "learn", "--format", "geolife", "--input",
        DATA.resolve("geolife").toString(), "--bbox", "39.97,40.0,116.32,116.35", "--rows", "3", "--cols", "3",
        "--out", model.toString());
    assertThat(run.code()).as(run.err()).isZero();
    assertThat(run.out()).startsWith("learned model: 9 states, 2 subjects,").contains("pi_min", "gap of PP*",
        "wrote " + model);
    assertThat(Files.readString(model))
        .contains("discretizer: {type: grid, minLat: 39.97, maxLat: 40.0, minLon: 116.32, maxLon: 116.35, rows: 3,"
            + " cols: 3}")
        .contains("query:");
  }

  @Test
  void notErgodicChainIsWarnedOnStderr() {
    CliHarness.Run run = CliHarness.run(new PufferflowCli(), "learn", "--input", DATA.resolve("tiny.csv").toString(),
        "--tick-millis", "1000", "--smoothing", "0", "--states", "x,y,z");
    assertThat(run.code()).isZero();
    assertThat(run.err()).contains("WARNING: the learned chain is not irreducible (not ergodic)");
    assertThat(run.out()).contains("ergodic     no");
  }

  @Test
  void badInputExitsTwoWithOneLine() throws IOException {
    Path bad = dir.resolve("bad.csv");
    Files.writeString(bad, "a,0,x\na,zero,y\n");
    CliHarness.Run run = CliHarness.run(new PufferflowCli(), "learn", "--input", bad.toString(), "--tick-millis",
        "1000");
    assertThat(run.code()).isEqualTo(2);
    assertThat(run.err()).isEqualTo("error: bad.csv line 2: time = 'zero': not an integer (epoch milliseconds)\n");

    Path missing = dir.resolve("missing.csv");
    run = CliHarness.run(new PufferflowCli(), "learn", "--input", missing.toString(), "--tick-millis", "1000");
    assertThat(run.code()).isEqualTo(2);
    assertThat(run.err()).isEqualTo("error: --input: " + missing + ": no such file\n");
  }

  @Test
  void conflictingOrMissingOptionsAreRejected() {
    String csv = DATA.resolve("tiny.csv").toString();
    assertThat(CliHarness.run(new PufferflowCli(), "learn", "--input", csv).err())
        .isEqualTo("error: --tick-millis is required with --format csv\n");
    assertThat(CliHarness.run(new PufferflowCli(), "learn", "--input", csv, "--tick-millis", "1", "--levels", "5")
        .err()).isEqualTo("error: --levels applies only to --format ampds, not csv\n");
    assertThat(CliHarness.run(new PufferflowCli(), "learn", "--input", csv, "--format", "kml").err())
        .isEqualTo("error: --format = kml: expected one of csv, geolife, ampds\n");
    CliHarness.Run run = CliHarness.run(new PufferflowCli(), "learn", "--format", "geolife", "--input",
        DATA.resolve("geolife").toString(), "--bbox", "39.97,40.0,116.32,116.35", "--rows", "3", "--cell-meters",
        "500");
    assertThat(run.code()).isEqualTo(2);
    assertThat(run.err()).isEqualTo("error: --cell-meters and --rows/--cols are exclusive, give one\n");
    assertThat(CliHarness.run(new PufferflowCli(), "learn", "--input", csv, "--tick-millis", "1", "--smoothing",
        "-1").err()).isEqualTo("error: --smoothing = -1.0: must be finite and >= 0\n");
  }

  @Test
  void smoothingAboveTheDenseLimitExitsTwoNamingSmoothingZero() {
    String states = java.util.stream.IntStream.range(0, 1001).mapToObj(i -> "s" + i)
        .collect(java.util.stream.Collectors.joining(","));
    CliHarness.Run run = CliHarness.run(new PufferflowCli(), "learn", "--input", DATA.resolve("tiny.csv").toString(),
        "--tick-millis", "1000", "--states", "x,y," + states, "--smoothing", "0.01");
    assertThat(run.code()).isEqualTo(2);
    assertThat(run.err()).startsWith("error: --smoothing 0.01 with 1003 states:").contains("use --smoothing 0")
        .doesNotContain("\n\n");
  }

  /** A CSV of one lazy walk on a side × side grid (cells c0…, row by row; stays with probability 1/2). */
  private Path lazyWalkCsv(int side, int ticks) throws IOException {
    StringBuilder b = new StringBuilder();
    java.util.SplittableRandom r = new java.util.SplittableRandom(5);
    int k = 0;
    for (int t = 0; t < ticks; t++) {
      b.append("w,").append(t * 1000L).append(",c").append(k).append('\n');
      int move = r.nextInt(8);
      if (move == 4 && k >= side) {
        k -= side;
      } else if (move == 5 && k < side * (side - 1)) {
        k += side;
      } else if (move == 6 && k % side > 0) {
        k--;
      } else if (move == 7 && k % side < side - 1) {
        k++;
      }
    }
    Path csv = dir.resolve("walk" + side + ".csv");
    Files.writeString(csv, b);
    return csv;
  }

  @Test
  void aSparseChainHasSparseJsonRowsAndALargeOneCertifiedGaps() throws IOException {
    CliHarness.Run small = CliHarness.run(new PufferflowCli(), "learn", "--input", lazyWalkCsv(6, 5_000).toString(),
        "--tick-millis", "1000", "--smoothing", "0", "--json");
    assertThat(small.code()).as(small.err()).isZero();
    JsonNode j = small.json();
    assertThat(j.get("transition").get("sparse").size()).isEqualTo(36);
    assertThat(j.get("transition").get("sparse").get(0).get("to").get(0).asInt()).isZero();
    assertThat(j.get("gapsBasis").asText()).isEqualTo("exact");
    assertThat(j.get("piMinLowerBound").isNull()).isTrue();

    CliHarness.Run large = CliHarness.run(new PufferflowCli(), "learn", "--input",
        lazyWalkCsv(23, 150_000).toString(), "--tick-millis", "1000", "--smoothing", "0");
    assertThat(large.code()).as(large.err()).isZero();
    assertThat(large.out()).startsWith("learned model: 529 states,")
        .contains("gap of PP*  >= ", "(certified lower bound)", "pi_min", "(certified >= ")
        .doesNotContain("not computed");
  }
}
