package org.pufferflow.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pufferflow.jobs.cli.CliHarness.Run;
import org.pufferflow.jobs.cli.CliHarness;

/**
 * {@code pufferflow bench calibration} (docs/cli.md): one JSON object with sigma and medianMicros; exit 2 on bad
 * input.
 */
class BenchCalibrationCommandTest {

  static final String P1 = "[[0.9,0.1],[0.2,0.8]]";
  static final String SLOW = "[[0.95,0.05],[0.1,0.9]]";

  static Run run(String... args) {
    return CliHarness.run(new PufferflowCli(), args);
  }

  @Test
  void printsSigmaAndMedianThroughTheRootCommand() {
    Run r = run("bench", "calibration", "--chain", P1, "--window", "100", "--epsilon", "1", "--mode",
        "exact-any-initial", "--iterations", "5", "--warmup", "2", "--json");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out().trim().lines()).hasSize(1);
    JsonNode j = r.json();
    // the same σ_max as plan mqm (P1, exact-any-initial, T = 100, ε = 1)
    assertThat(j.get("sigma").asDouble()).isCloseTo(22.9248584067, within(1e-9));
    assertThat(j.get("medianMicros").asDouble()).isPositive();
    assertThat(j.get("minMicros").asDouble()).isLessThanOrEqualTo(j.get("medianMicros").asDouble());
    assertThat(j.get("maxMicros").asDouble()).isGreaterThanOrEqualTo(j.get("medianMicros").asDouble());
    assertThat(j.get("iterations").asInt()).isEqualTo(5);
    assertThat(j.get("mode").asText()).isEqualTo("exact-any-initial");
    assertThat(j.get("states").asInt()).isEqualTo(2);
  }

  @Test
  void everyModeAndAClassOfChains() {
    for (String mode : new String[] {"exact", "exact-any-initial", "approx-general", "approx-reversible"}) {
      Run r = run("bench", "calibration", "--chain", P1, "--chain", SLOW, "--window", "50", "--epsilon", "1",
          "--mode", mode, "--iterations", "3", "--warmup", "0", "--json");
      assertThat(r.code()).as(mode + ": " + r.err()).isZero();
      assertThat(r.json().get("chains").asInt()).isEqualTo(2);
      assertThat(r.json().get("sigma").asDouble()).isPositive();
    }
    Run text = run("bench", "calibration", "--chain", P1, "--window", "20", "--epsilon", "1", "--iterations", "1",
        "--warmup", "0");
    assertThat(text.code()).isZero();
    assertThat(text.out()).contains("median").contains("sigma_max");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "--window 100 --epsilon 1 | --chain",
        "--chain P1 --window 0 --epsilon 1 | --window = 0",
        "--chain P1 --window 100 --epsilon 0 | --epsilon = 0.0",
        "--chain P1 --window 100 --epsilon 1e-13 | --epsilon = 1.0E-13: must be >= 2^-40",
        "--chain P1 --window 100 --epsilon 1 --mode fancy | --mode = fancy",
        "--chain P1 --window 100 --epsilon 1 --iterations 0 | --iterations = 0",
        "--chain [[0.5,0.4],[0.5,0.5]] --window 100 --epsilon 1 | row sums to",
        "--chain [[0.999,0.001],[0.001,0.999]] --window 2000 --epsilon 1e-12 --mode approx-general | outside the sampler's range"
      })
  void badInputExitsTwoWithOneLine(String args, String fragment) {
    String[] a = args.trim().split(" ");
    String[] full = new String[a.length + 3];
    full[0] = "bench";
    full[1] = "calibration";
    for (int i = 0; i < a.length; i++) {
      full[i + 2] = a[i].equals("P1") ? P1 : a[i];
    }
    full[full.length - 1] = "--json";
    Run r = run(full);
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().trim().lines()).hasSize(1);
    assertThat(r.err()).contains(fragment.trim());
  }
}
