package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.StringJoiner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.jobs.cli.CliHarness.Run;
import org.pufferflow.jobs.config.GridModelFiles;

/**
 * {@code plan mqm --chain-file} (docs/cli.md): a model file gives the same plan as the same matrix typed with
 * {@code --chain}, a large sparse file is calibrated from certified bounds without an N×N array, and the exit-2
 * contract: exclusive with {@code --chain} and with class bounds, a bad file named by its YAML path.
 */
class PlanMqmChainFileTest {

  private static Run run(String... args) {
    return CliHarness.run(new PlanMqmCommand(), args);
  }

  /** The lazy grid walk as JSON rows, the form --chain takes. */
  private static String json(int side) {
    int n = side * side;
    StringJoiner rows = new StringJoiner(",", "[", "]");
    for (int i = 0; i < n; i++) {
      StringJoiner row = new StringJoiner(",", "[", "]");
      for (int j = 0; j < n; j++) {
        row.add(Double.toString(GridModelFiles.entry(side, i, j)));
      }
      rows.add(row.toString());
    }
    return rows.toString();
  }

  @Test
  void aSmallModelFileGivesThePlanOfTheSameChainAsJson(@TempDir Path dir) throws Exception {
    Path file = GridModelFiles.write(dir, "g.yaml", 3, true);
    Run fromFile = run("--epsilon", "1", "--window", "30", "--slide", "5", "--chain-file", file.toString(), "--json");
    Run fromJson = run("--epsilon", "1", "--window", "30", "--slide", "5", "--chain", json(3), "--json");
    assertThat(fromFile.code()).isZero();
    assertThat(fromFile.out()).isEqualTo(fromJson.out());
  }

  @Test
  void aLargeSparseFileIsCalibratedFromCertifiedBoundsAsTheDenseJson(@TempDir Path dir) throws Exception {
    Path file = GridModelFiles.write(dir, "g.yaml", 15, true); // 225 states
    Run fromFile = run("--epsilon", "1", "--window", "24", "--chain-file", file.toString(), "--mode", "approx-general",
        "--json");
    Run fromJson = run("--epsilon", "1", "--window", "24", "--chain", json(15), "--mode", "approx-general", "--json");
    assertThat(fromFile.code()).as(fromFile.err()).isZero();
    assertThat(fromFile.out()).isEqualTo(fromJson.out());
    assertThat(fromFile.json().get("gap").asDouble()).isPositive();
    assertThat(fromFile.json().get("piMin").asDouble()).isPositive().isLessThanOrEqualTo(1.0 / 225);
  }

  @Test
  void theExitTwoContract(@TempDir Path dir) throws Exception {
    Path good = GridModelFiles.write(dir, "g.yaml", 3, true);
    String[] base = {"--epsilon", "1", "--window", "10", "--json"};
    assertOneLineError(run(concat(base, "--chain-file", good.toString(), "--chain", "[[0.9,0.1],[0.2,0.8]]")),
        "error: --chain and --chain-file are exclusive: give the chains as JSON rows or as model files, not both");
    assertOneLineError(run(concat(base, "--chain-file", good.toString(), "--pi-min", "0.1", "--gap", "0.1")),
        "error: --chain-file and --pi-min/--gap are exclusive: give chains or class bounds, not both");
    Path missing = dir.resolve("missing.yaml");
    Run m = run(concat(base, "--chain-file", missing.toString()));
    assertThat(m.code()).isEqualTo(2);
    assertThat(m.err()).startsWith("error: --chain-file: " + missing);
    Path bad = GridModelFiles.writeSparseRows(dir, "bad.yaml", "[a, b]", "{to: [0, 1], p: [0.4, 0.5]}",
        "{to: [1], p: [1.0]}");
    assertOneLineError(run(concat(base, "--chain-file", bad.toString())),
        "error: --chain-file(" + bad + ").transition[0]: row sums to 0.9, expected 1 (±1e-9)");
    Path large = GridModelFiles.write(dir, "large.yaml", 15, true);
    Run exact = run(concat(base, "--chain-file", large.toString()));
    assertThat(exact.code()).isEqualTo(2);
    assertThat(exact.err()).startsWith("error: --mode = exact-any-initial:").contains("approximate mode");
  }

  private static void assertOneLineError(Run r, String expected) {
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).isEqualTo(expected + "\n");
  }

  private static String[] concat(String[] a, String... b) {
    String[] out = new String[a.length + b.length];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
