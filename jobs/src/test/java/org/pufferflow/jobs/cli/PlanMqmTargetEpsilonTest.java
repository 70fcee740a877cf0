package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.pufferflow.jobs.cli.CliHarness.Run;

/**
 * {@code plan mqm}'s two ε's (docs/mqm.md, "Which ε"): {@code --epsilon} / {@code --epsilon-per-release} is ε of
 * one window release; {@code --target-epsilon} is the per-time-point ε*, the meaning of the configuration's
 * {@code mqm.epsilon}.
 */
class PlanMqmTargetEpsilonTest {

  static final String P1 = "[[0.9,0.1],[0.2,0.8]]";

  static Run run(String... args) {
    return CliHarness.run(new PlanMqmCommand(), args);
  }

  @Test
  void perReleaseAliasGivesTheSameOutput() {
    Run a = run("--epsilon", "1", "--window", "100", "--slide", "10", "--chain", P1, "--json");
    Run b = run("--epsilon-per-release", "1", "--window", "100", "--slide", "10", "--chain", P1, "--json");
    assertThat(a.code()).isZero();
    assertThat(b.out()).isEqualTo(a.out());
  }

  @Test
  void targetEpsilonReportsTheDeployedDesignScale() {
    Run r = run("--target-epsilon", "1", "--window", "100", "--slide", "10", "--chain", P1, "--mode",
        "approx-reversible", "--json");
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode j = r.json();
    assertThat(j.get("targetEpsilon").asDouble()).isEqualTo(1.0);
    assertThat(j.get("designNoiseScale").asDouble()).isCloseTo(715.000, within(1e-3));
    assertThat(j.get("perPointEpsilon").asDouble()).isLessThanOrEqualTo(1.0 + 1e-12).isCloseTo(1.0, within(1e-6));
    // the per-release reading of the same number is a different, weaker guarantee per point
    Run perRelease = run("--epsilon", "1", "--window", "100", "--slide", "10", "--chain", P1, "--mode",
        "approx-reversible", "--json");
    assertThat(perRelease.json().get("perPointEpsilon").asDouble()).isCloseTo(5.784229, within(1e-6));
    assertThat(perRelease.json().has("targetEpsilon")).isFalse();
  }

  @Test
  void targetEpsilonSlideDefaultsToTheWindowLikeTheConfiguration() {
    Run r = run("--target-epsilon", "1", "--window", "100", "--chain", P1, "--mode", "approx-reversible", "--json");
    assertThat(r.code()).isZero();
    // S = W: ⌈W/S⌉ = 1, β = L·s*(1) = 2·35.75
    assertThat(r.json().get("designNoiseScale").asDouble()).isCloseTo(71.5000, within(1e-4));
  }

  @Test
  void exactlyOneEpsilon() {
    Run none = run("--window", "100", "--chain", P1, "--json");
    assertThat(none.code()).isEqualTo(2);
    assertThat(none.err()).contains("give --epsilon E (per window release) or --target-epsilon E (per time point)");
    Run both = run("--epsilon", "1", "--target-epsilon", "1", "--window", "100", "--chain", P1, "--json");
    assertThat(both.code()).isEqualTo(2);
    assertThat(both.err()).contains("exclusive");
    Run tiny = run("--target-epsilon", "1e-13", "--window", "100", "--chain", P1, "--json");
    assertThat(tiny.code()).isEqualTo(2);
    assertThat(tiny.err()).contains("--target-epsilon = 1.0E-13");
    // a periodic chain in exact mode: every quilt influence is infinite, no quilt is ever feasible
    Run infeasible = run("--target-epsilon", "1", "--window", "10", "--chain", "[[0,1],[1,0]]", "--mode", "exact",
        "--json");
    assertThat(infeasible.code()).isEqualTo(2);
    assertThat(infeasible.err()).contains("no Markov quilt is feasible").doesNotContain("\n ");
  }
}
