package org.pufferflow.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pufferflow.jobs.cli.CliHarness.Run;
import org.pufferflow.jobs.cli.CliHarness;

/**
 * {@code pufferflow bench dphmm|mqm|redaction} (docs/cli.md, 'bench dphmm|mqm|redaction'): tiny runs (a fraction of
 * a second per measurement) that check the JSON contract and the exit codes; the figures themselves are recorded in
 * docs/benchmarks.md, 'Keyed operators', never asserted.
 */
@Timeout(300)
class BenchOperatorCommandTest {

  static Run run(String... args) {
    return CliHarness.run(new PufferflowCli(), args);
  }

  private static void assertContract(Run r, String mechanism, int states, int subjects, String backend) {
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out().trim().lines()).hasSize(1);
    JsonNode j = r.json();
    assertThat(j.get("mechanism").asText()).isEqualTo(mechanism);
    for (String rate : new String[] {"recordsPerSecond", "passThroughRecordsPerSecond", "mechanismRecordsPerSecond"}) {
      assertThat(j.get(rate).asDouble()).as(rate).isPositive();
    }
    // runs of a fraction of a second cannot support a ratio: withheld, with the reason, the spread still there
    assertThat(j.get("ratioToPassThrough").isNull()).isTrue();
    assertThat(j.get("untrusted").get("ratioToPassThrough").toString()).contains("a timed run lasted");
    JsonNode ratio = j.get("spread").get("ratioToPassThrough");
    assertThat(ratio.get("min").asDouble()).isLessThanOrEqualTo(ratio.get("median").asDouble());
    assertThat(ratio.get("median").asDouble()).isLessThanOrEqualTo(ratio.get("max").asDouble());
    for (String rate : new String[] {"recordsPerSecond", "passThroughRecordsPerSecond", "mechanismRecordsPerSecond"}) {
      JsonNode s = j.get("spread").get(rate);
      assertThat(s.get("median").asDouble()).as(rate).isEqualTo(j.get(rate).asDouble());
      assertThat(s.get("min").asDouble()).as(rate).isLessThanOrEqualTo(s.get("max").asDouble());
    }
    assertThat(j.has("stateBytesPerSubject")).isTrue();
    assertThat(j.get("subjects").asInt()).isEqualTo(subjects);
    assertThat(j.get("states").asInt()).isEqualTo(states);
    assertThat(j.get("stateBackend").asText()).isEqualTo(backend);
    // every subject saw at least two ticks in the timed run
    assertThat(j.get("records").asLong()).isGreaterThanOrEqualTo(2L * subjects);
  }

  @Test
  void mqmOnTheHashmapBackendPrintsTheContractFields() {
    Run r = run("bench", "mqm", "--states", "4", "--subjects", "50", "--seconds", "0.3", "--json");
    assertContract(r, "mqm", 4, 50, "hashmap");
    assertThat(r.json().get("runs").asInt()).as("the default").isEqualTo(3);
    assertThat(r.err()).contains("bench mqm [run 3/3]");
  }

  /** The configuration's word for the backend (flink.stateBackend: hashmap) is the bench's; "heap" still works. */
  @Test
  void theEarlierWordHeapStandsForHashmap() {
    Run r = run("bench", "mqm", "--states", "3", "--subjects", "10", "--state-backend", "heap", "--seconds", "0.2",
        "--runs", "1", "--json");
    assertContract(r, "mqm", 3, 10, "hashmap");
  }

  @Test
  void dphmmAndRedactionWithDefaultStates() {
    Run exact = run("bench", "dphmm", "--states", "9", "--subjects", "20", "--seconds", "0.3", "--runs", "1", "--json");
    assertContract(exact, "dphmm", 9, 20, "hashmap");
    assertThat(exact.json().get("constraint").asText()).isEqualTo("support");
    Run truncated = run("bench", "dphmm", "--states", "9", "--subjects", "20", "--seconds", "0.3", "--runs", "1",
        "--truncation", "1e-12", "--json");
    assertContract(truncated, "dphmm", 9, 20, "hashmap");
    assertThat(truncated.json().get("constraint").asText()).isEqualTo("support(truncation 1.0E-12)");
    assertContract(run("bench", "redaction", "--subjects", "30", "--seconds", "0.3", "--runs", "1", "--json"),
        "redaction", 2, 30, "hashmap");
  }

  @Test
  void rocksDbBackend() {
    Run r = run("bench", "redaction", "--subjects", "40", "--state-backend", "rocksdb", "--seconds", "0.3", "--runs",
        "2", "--baseline-subjects", "10", "--json");
    assertContract(r, "redaction", 2, 40, "rocksdb");
    JsonNode j = r.json();
    assertThat(j.get("baselineSubjects").asInt()).isEqualTo(10);
    assertThat(j.get("costRatioToBaselineSubjects").isNull()).isTrue();
    assertThat(j.get("untrusted").get("costRatioToBaselineSubjects").toString()).contains("2 runs (at least 3");
  }

  @Test
  void textOutputWithoutJson() {
    Run r = run("bench", "mqm", "--states", "3", "--subjects", "10", "--seconds", "0.2", "--runs", "1");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("pass-through").contains("bare mechanism").contains("bytes per subject")
        .contains("operator / pass-through").contains("not reported: 1 run (at least 3");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "redaction --states 3 | --states = 3",
        "dphmm --states 1 | --states = 1",
        "dphmm --truncation 1 | --truncation = 1.0",
        "mqm --managed-memory 10 | --managed-memory = 10",
        "mqm --states 300 | --states = 300",
        "mqm --subjects 0 | --subjects = 0",
        "mqm --state-backend disk | --state-backend = disk: must be hashmap or rocksdb",
        "dphmm --seconds 0 | --seconds = 0.0",
        "dphmm --seconds abc | --seconds",
        "mqm --parallelism 0 | --parallelism = 0",
        "mqm --runs 0 | --runs = 0",
        "mqm --subjects 10 --baseline-subjects 10 | --baseline-subjects = 10: must be in [1, --subjects)"
      })
  void badInputExitsTwoWithOneLine(String args, String fragment) {
    String[] a = args.trim().split(" ");
    String[] full = new String[a.length + 2];
    full[0] = "bench";
    System.arraycopy(a, 0, full, 1, a.length);
    full[full.length - 1] = "--json";
    Run r = run(full);
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().trim().lines()).hasSize(1);
    assertThat(r.err()).contains(fragment.trim());
  }
}
