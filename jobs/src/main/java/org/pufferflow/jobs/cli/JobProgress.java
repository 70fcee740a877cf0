package org.pufferflow.jobs.cli;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.core.execution.JobClient;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.jobs.pipeline.ProgressCounters;

/**
 * The progress line of a local run (every few seconds: records read, accepted, rejected, released per output) and
 * the summary at its end, from the job's progress accumulators ({@link ProgressCounters}).
 */
final class JobProgress {

  static final long INTERVAL_MILLIS = 5_000;

  private final PrintStream err;
  private final String id;
  private final Set<OutputKind> outputs;
  private final long started = System.nanoTime();

  JobProgress(PrintStream err, String id, Set<OutputKind> outputs) {
    this.err = err;
    this.id = id;
    this.outputs = outputs;
  }

  /** Waits for {@code job}, printing a progress line every {@link #INTERVAL_MILLIS}. */
  JobExecutionResult await(JobClient job) throws Exception {
    CompletableFuture<JobExecutionResult> result = job.getJobExecutionResult();
    while (true) {
      try {
        return result.get(INTERVAL_MILLIS, TimeUnit.MILLISECONDS);
      } catch (java.util.concurrent.TimeoutException e) {
        Map<String, Object> acc;
        try {
          acc = job.getAccumulators().get(2, TimeUnit.SECONDS);
        } catch (Exception notYet) {
          continue;
        }
        err.println(line(acc));
        err.flush();
      }
    }
  }

  /** {@code "  12 s  read 1,234  accepted 1,200  rejected 34  dphmm releases 1,100"}. */
  String line(Map<String, Object> accumulators) {
    Map<String, Long> c = ProgressCounters.of(accumulators, id, outputs);
    StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%6.0f s  read %,d  accepted %,d",
        (System.nanoTime() - started) / 1e9, c.get(ProgressCounters.READ), c.get(ProgressCounters.ACCEPTED)));
    for (OutputKind k : outputs) {
      b.append(String.format(Locale.ROOT, "  %s %,d", k.label(), c.get(k.fileStem())));
      if (k.hasCorrections() && c.get(ProgressCounters.CORRECTIONS) > 0) {
        b.append(String.format(Locale.ROOT, " (%,d corrections)", c.get(ProgressCounters.CORRECTIONS)));
      }
    }
    return b.toString();
  }

  /** The summary of a finished run. */
  void summary(JobExecutionResult result) {
    Map<String, Long> c = ProgressCounters.of(result.getAllAccumulatorResults(), id, outputs);
    err.printf(Locale.ROOT, "finished in %.1f s%n", (System.nanoTime() - started) / 1e9);
    err.printf(Locale.ROOT, "  %-20s %,12d%n", "records read", c.get(ProgressCounters.READ));
    err.printf(Locale.ROOT, "  %-20s %,12d%n", "accepted", c.get(ProgressCounters.ACCEPTED));
    for (OutputKind k : outputs) {
      err.printf(Locale.ROOT, "  %-20s %,12d%n", k.label(), c.get(k.fileStem()));
      if (k.hasCorrections()) {
        err.printf(Locale.ROOT, "  %-20s %,12d  (late window histograms published as corrections)%n",
            "  of them corrections", c.get(ProgressCounters.CORRECTIONS));
      }
    }
    err.flush();
  }
}
