package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.pufferflow.jobs.cli.CliHarness.Run;

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

  @Test
  void mqmPrintsTheContractFieldsAndProgressOnStderr() {
    Run r = run("bench", "pipeline", "--seconds", "1", "--subjects", "20", "--checkpoint-millis", "500", "--json");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out().trim().lines()).hasSize(1);
    JsonNode j = r.json();
    assertThat(j.get("mechanism").asText()).isEqualTo("mqm");
    assertThat(j.get("pipeline").asBoolean()).isTrue();
    for (String rate : new String[] {"recordsPerSecond", "passThroughRecordsPerSecond", "mechanismRecordsPerSecond",
        "ratioToPassThrough", "ratioToMechanism", "seconds", "passThroughSeconds"}) {
      assertThat(j.get(rate).asDouble()).as(rate).isPositive();
    }
    assertThat(j.get("ratioToPassThrough").asDouble())
        .isEqualTo(j.get("recordsPerSecond").asDouble() / j.get("passThroughRecordsPerSecond").asDouble());
    assertThat(j.get("ratioToMechanism").asDouble())
        .isEqualTo(j.get("recordsPerSecond").asDouble() / j.get("mechanismRecordsPerSecond").asDouble());
    assertThat(j.has("stateBytesPerSubject")).isTrue();
    assertThat(j.has("loadAverage")).isTrue();
    assertThat(j.get("subjects").asInt()).isEqualTo(20);
    assertThat(j.get("states").asInt()).isEqualTo(10);
    assertThat(j.get("stateBackend").asText()).isEqualTo("hashmap");
    assertThat(j.get("parallelism").asInt()).isEqualTo(1);
    assertThat(j.get("checkpointMillis").asLong()).isEqualTo(500);
    // the warm-up reads at least 200,000 records; every subject had full MQM windows, so histograms were released
    assertThat(j.get("records").asLong()).isGreaterThanOrEqualTo(200_000);
    assertThat(j.get("passThroughRecords").asLong()).isGreaterThanOrEqualTo(200_000);
    assertThat(j.get("outputRecords").asLong()).isPositive();
    assertThat(r.err()).contains("bench pipeline [10/10] keyed operator without Kafka");
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
