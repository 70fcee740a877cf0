package org.pufferflow.tools.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.annotation.VisibleForTesting;
import org.pufferflow.jobs.cli.UsageException;
import org.pufferflow.tools.demo.DemoConfigs;
import org.pufferflow.tools.demo.DemoPipeline;
import org.pufferflow.tools.demo.DemoReport;
import org.pufferflow.tools.demo.DemoRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code pufferflow demo [--seconds N] [--out DIR]} (docs/cli.md, 'demo'): runs three pipelines (smart meters with
 * MQM and the fleet histogram, locations with DPHMM, presence with redaction and opt-outs) in one Flink job on the
 * embedded Kafka broker, feeds synthetic data from the keyed generator under a public demo key for about N seconds,
 * reads every output topic back read_committed and writes DIR/report.html with PNG charts of the releases against
 * the truth. Exits 0 and prints the report's path.
 */
@Internal
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    header = "Show privacy at work: three pipelines on an in-JVM Kafka broker and a local Flink, with a report.",
    description = {
      "Runs smart meters (MQM window histograms, fleet histogram), location traces (DPHMM releases) and a presence"
          + " signal with opt-outs (redaction) on an in-JVM Kafka broker and a local Flink cluster, with synthetic"
          + " data drawn under a public demo key and a few invalid records. Reads every output topic back"
          + " (read_committed) and writes DIR/report.html with charts of the releases against the truth. Stops by"
          + " itself."
    })
public final class DemoCommand implements Callable<Integer> {

  @Option(names = "--seconds", paramLabel = "N", defaultValue = "20",
      description = "How long to feed the synthetic data, in seconds, 1..600 (default: ${DEFAULT-VALUE}).")
  int seconds;

  @Option(names = "--out", paramLabel = "DIR", defaultValue = "demo-report",
      description = "Directory for report.html and its charts (default: ${DEFAULT-VALUE} in the current directory).")
  Path out;

  /** What the last run read back from the output topics (for tests), or null before a run. */
  @VisibleForTesting
  List<DemoPipeline.Outputs> outputs;

  @Override
  public Integer call() throws Exception {
    if (seconds < 1 || seconds > 600) {
      throw new UsageException("--seconds: must lie in [1, 600], got " + seconds);
    }
    if (Files.exists(out) && !Files.isDirectory(out)) {
      throw new UsageException("--out: " + out + " exists and is not a directory");
    }
    long started = System.nanoTime();
    try (DemoConfigs configs = DemoConfigs.load(System.err)) {
      List<DemoPipeline> pipelines = configs.pipelines(seconds);
      System.err.println("pufferflow demo: starting an embedded Kafka broker and a local Flink cluster ...");
      outputs = DemoRun.run(pipelines, seconds, System.err);
      double elapsed = (System.nanoTime() - started) / 1e9;
      Path report = DemoReport.write(out, outputs, configs.settings(seconds), elapsed);
      System.err.printf(Locale.ROOT, "demo finished in %.1f s%n", elapsed);
      System.out.println("report: " + report.toAbsolutePath());
      return 0;
    }
  }
}
