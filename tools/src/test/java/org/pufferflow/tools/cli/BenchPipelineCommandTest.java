package org.pufferflow.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.pufferflow.jobs.cli.CliHarness.Run;
import org.pufferflow.jobs.cli.CliHarness;

/**
 * {@code pufferflow bench pipeline} (docs/cli.md, 'bench pipeline'): a tiny run that checks the JSON contract, the
 * progress lines and the exit codes; the figures themselves are recorded in docs/benchmarks.md, 'Pipeline, end to
 * end', never asserted.
 */
@Timeout(300)
class BenchPipelineCommandTest {

  static Run run(String... args) {
    return CliHarness.run(new PufferflowCli(), args);
  }

  /** One run cannot support a ratio: the JSON holds the rates, the ratios are null with the reason. */
  @Test
  void mqmPrintsTheContractFieldsAndProgressOnStderr() {
    Run r = run("bench", "pipeline", "--seconds", "1", "--subjects", "20", "--checkpoint-millis", "500", "--runs",
        "1", "--json");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out().trim().lines()).hasSize(1);
    JsonNode j = r.json();
    assertThat(j.get("mechanism").asText()).isEqualTo("mqm");
    assertThat(j.get("pipeline").asBoolean()).isTrue();
    assertThat(j.get("io").asText()).isEqualTo("kafka");
    for (String rate : new String[] {"recordsPerSecond", "passThroughRecordsPerSecond", "mechanismRecordsPerSecond",
        "seconds"}) {
      assertThat(j.get(rate).asDouble()).as(rate).isPositive();
      assertThat(j.get("spread").get(rate).get("median").asDouble()).isEqualTo(j.get(rate).asDouble());
    }
    for (String ratio : new String[] {"ratioToPassThrough", "ratioToMechanism"}) {
      assertThat(j.get(ratio).isNull()).as(ratio).isTrue();
      assertThat(j.get("untrusted").get(ratio).toString()).contains("1 run (at least 3");
      assertThat(j.get("spread").get(ratio).get("median").asDouble())
          .isEqualTo(j.get("recordsPerSecond").asDouble()
              / j.get(ratio.equals("ratioToMechanism") ? "mechanismRecordsPerSecond" : "passThroughRecordsPerSecond")
                  .asDouble());
    }
    assertThat(j.get("runs").asInt()).isEqualTo(1);
    assertThat(j.has("stateBytesPerSubject")).isTrue();
    assertThat(j.has("loadAverage")).isTrue();
    assertThat(j.get("subjects").asInt()).isEqualTo(20);
    assertThat(j.get("states").asInt()).isEqualTo(10);
    assertThat(j.get("stateBackend").asText()).isEqualTo("hashmap");
    assertThat(j.get("parallelism").asInt()).isEqualTo(1);
    assertThat(j.get("checkpointMillis").asLong()).isEqualTo(500);
    // the warm-up reads at least 200,000 records; every subject had full MQM windows, so histograms were released
    assertThat(j.get("records").asLong()).isGreaterThanOrEqualTo(200_000);
    assertThat(j.get("outputRecords").asLong()).isPositive();
    assertThat(r.err()).contains("bench pipeline [run 1/1] pipeline");
  }

  /** File mode: CSV in, MQM + fleet, JSON lines out, beside a file pass-through through the same ingestion. */
  @Test
  void fileModeAgainstAFilePassThrough() {
    Run r = run("bench", "pipeline", "--file", "--seconds", "0.5", "--subjects", "20", "--checkpoint-millis", "500",
        "--runs", "1", "--json");
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode j = r.json();
    assertThat(j.get("io").asText()).isEqualTo("file");
    assertThat(j.get("recordsPerSecond").asDouble()).isPositive();
    assertThat(j.get("passThroughRecordsPerSecond").asDouble()).isPositive();
    assertThat(j.has("mechanismRecordsPerSecond")).isFalse();
    assertThat(j.has("ratioToMechanism")).isFalse();
    assertThat(j.get("ratioToPassThrough").isNull()).isTrue();
    assertThat(j.get("outputRecords").asLong()).as("window and fleet histograms").isPositive();
    Run d = run("bench", "pipeline", "--file", "--mechanism", "dphmm", "--json");
    assertThat(d.code()).isEqualTo(2);
    assertThat(d.err()).contains("--file measures the MQM job");
  }

  @Test
  void badInputExitsTwoWithOneLine() {
    Run r = run("bench", "pipeline", "--mechanism", "redaction", "--json");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().trim().lines()).hasSize(1);
    assertThat(r.err()).contains("--mechanism = redaction: must be mqm or dphmm");
    Run s = run("bench", "pipeline", "--mechanism", "dphmm", "--states", "1", "--json");
    assertThat(s.code()).isEqualTo(2);
    assertThat(s.err()).contains("--states = 1");
  }
}
