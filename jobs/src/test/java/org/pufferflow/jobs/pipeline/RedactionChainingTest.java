package org.pufferflow.jobs.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.runtime.jobgraph.JobVertex;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the job wires redaction (docs/operators.md, 'Running the operators'): in file mode (opt-outs preloaded, no
 * opt-out stream) the redaction operator has one input and runs in the task of ingestion's tick order, chained, with
 * no exchange between them; with the Kafka opt-out topic it has two inputs, in a task of its own. Both under the uid
 * {@code redaction}.
 */
class RedactionChainingTest {

  @TempDir Path dir;

  @Test
  void inFileModeRedactionIsChainedToTickOrder() throws Exception {
    Path csv = Files.writeString(dir.resolve("in.csv"), "subject,time,state\ns,500,on\n");
    Path optOuts = Files.writeString(dir.resolve("opt-outs.csv"), "subject,fromTick,toTick\ns,3,4\n");
    List<String> tasks = tasks(EventTimeRuns.file(dir, csv, optOuts, dir.resolve("out")), null);
    assertThat(tasks).as("the task that runs redaction").filteredOn(t -> t.contains("redaction")).singleElement()
        .satisfies(t -> assertThat(t).contains("tick order").doesNotContain("no opt-outs"));
  }

  @Test
  void withAnOptOutTopicRedactionHasTwoInputsInATaskOfItsOwn() throws Exception {
    List<String> tasks = tasks(EventTimeRuns.kafka(dir, "c", "in", "opt", ""), "localhost:9");
    assertThat(tasks).filteredOn(t -> t.contains("redaction")).singleElement()
        .satisfies(t -> assertThat(t).doesNotContain("tick order"));
  }

  /** The names of the job's tasks (job vertices: chained operators joined by " -> "), built, not run. */
  private static List<String> tasks(org.pufferflow.jobs.config.JobConfig config, String bootstrap) {
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
    env.setParallelism(2);
    JobAssembly.Builder b = JobAssembly.builder(config);
    if (bootstrap != null) {
      b.bootstrapServers(bootstrap).bounded(true);
    }
    b.build(env);
    return Arrays.stream(env.getStreamGraph().getJobGraph().getVerticesAsArray()).map(JobVertex::getName).toList();
  }
}
