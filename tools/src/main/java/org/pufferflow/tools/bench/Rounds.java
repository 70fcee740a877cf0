package org.pufferflow.tools.bench;

import java.util.function.Consumer;
import org.pufferflow.common.PufferPreconditions;

/**
 * The repeated timed runs of a benchmark (docs/benchmarks.md, 'How the bench commands measure'): {@code runs} rounds,
 * each running every job of the comparison once, one right after the other, so a ratio is always taken between
 * runs that shared the machine's state. Each timed run is sized from the job's latest rate for the asked duration; a
 * run that came out shorter than {@value #RERUN_FRACTION} of it (the rate estimate was low) counts as warm-up and is
 * run again, larger, at most {@value #ATTEMPTS} times.
 */
final class Rounds {

  /** A job that can be timed over a given number of records. */
  interface Job {
    BenchCluster.JobRun run(long records) throws Exception;
  }

  static final double RERUN_FRACTION = 0.8;
  static final int ATTEMPTS = 3;
  /** A warm-up run at most this many times as fast as the one before shows the rate has settled. */
  static final double SETTLED = 1.05;
  /** Warm-up runs of half the timed length, at most. */
  static final int MAX_HALF_RUNS = 4;

  private final double seconds;
  private final long minRecords;
  private final long maxRecords;

  /**
   * @param seconds the duration a timed run should last
   * @param minRecords the fewest records of a run
   * @param maxRecords the most records of a run
   */
  Rounds(double seconds, long minRecords, long maxRecords) {
    PufferPreconditions.checkPositive("seconds", seconds);
    this.seconds = seconds;
    this.minRecords = minRecords;
    this.maxRecords = Math.max(minRecords, maxRecords);
  }

  /** Records for {@code fraction}·seconds at {@code rate}. */
  long size(double rate, double fraction) {
    return Math.min(maxRecords, Math.max(minRecords, (long) Math.ceil(rate * seconds * fraction * 1.05)));
  }

  /**
   * Warm-up: a short run to estimate the rate, then runs of half the timed length until the rate stops rising: until
   * one comes out no more than {@value #SETTLED} times as fast as the one before, at least 2 and at most
   * {@value #MAX_HALF_RUNS} of them. Returns the last one's rate. (One half-length run was not enough: the JIT keeps
   * compiling through a whole command, and in 8 of 9 commands the first timed round of the Kafka DPHMM pipeline was its
   * slowest.) The half-length runs are skipped (the short run's rate returned) when they would be no larger than the
   * short one, i.e. when the fewest records of a run already take more than half the timed length (e.g. 2·10⁶
   * records for 10⁶ subjects on RocksDB, minutes per run).
   */
  double warmUp(Job job) throws Exception {
    long shortRun = size(0, 0);
    double rate = job.run(shortRun).recordsPerSecond();
    if (size(rate, 0.5) <= shortRun) {
      return rate;
    }
    double previous = job.run(size(rate, 0.5)).recordsPerSecond();
    for (int k = 1; k < MAX_HALF_RUNS; k++) {
      rate = job.run(size(previous, 0.5)).recordsPerSecond();
      if (rate <= SETTLED * previous) {
        break;
      }
      previous = rate;
    }
    return rate;
  }

  /**
   * One timed run sized from {@code rate}, run again (larger) while it is too short; {@code progress} hears of the
   * reruns.
   */
  BenchCluster.JobRun timed(Job job, double rate, String name, Consumer<String> progress) throws Exception {
    double estimate = rate;
    BenchCluster.JobRun run = null;
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      long records = size(estimate, 1.0);
      run = job.run(records);
      if (run.seconds() >= RERUN_FRACTION * seconds || records >= maxRecords) {
        break;
      }
      progress.accept(String.format("%s: %.2f s instead of %.1f s (counted as warm-up), again", name,
          run.seconds(), seconds));
      estimate = Math.max(estimate, run.recordsPerSecond());
    }
    return run;
  }

  /** The rates of {@code runs}. */
  static double[] rates(BenchCluster.JobRun[] runs) {
    double[] r = new double[runs.length];
    for (int i = 0; i < runs.length; i++) {
      r[i] = runs[i].recordsPerSecond();
    }
    return r;
  }

  /** The timed spans of {@code runs}, in seconds. */
  static double[] spans(BenchCluster.JobRun[] runs) {
    double[] r = new double[runs.length];
    for (int i = 0; i < runs.length; i++) {
      r[i] = runs[i].seconds();
    }
    return r;
  }

  /** {@code a[i] ÷ b[i]}. */
  static double[] divide(double[] a, double[] b) {
    double[] r = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      r[i] = a[i] / b[i];
    }
    return r;
  }

  /** {@code a} followed by {@code b} (the spans of both jobs of a ratio, for {@link Trust#judge}). */
  static double[] concat(double[] a, double[] b) {
    double[] r = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, r, a.length, b.length);
    return r;
  }

  /** The fewest records of {@code runs}. */
  static long fewest(BenchCluster.JobRun[] runs) {
    long n = Long.MAX_VALUE;
    for (BenchCluster.JobRun r : runs) {
      n = Math.min(n, r.records());
    }
    return n;
  }
}
