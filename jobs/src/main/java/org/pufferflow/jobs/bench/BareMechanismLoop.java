package org.pufferflow.jobs.bench;

import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.mechanism.dphmm.DphmmRelease;
import org.pufferflow.mechanism.dphmm.DphmmReleaser;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.mechanism.mqm.WindowHistogramRelease;
import org.pufferflow.mechanism.redaction.OptOutRanges;
import org.pufferflow.mechanism.redaction.RedactionPlan;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.noise.NoiseKey;

/**
 * The bare mechanism's own rate (docs/benchmarks.md, 'Keyed operators'): the plain-Java mechanism called in a loop
 * on one subject's synthetic path, with the keyed generator reset to each release's context as the operator does,
 * and no Flink, no state backend, no serialization. What the operator adds on top is the difference.
 */
final class BareMechanismLoop {

  private static final String SUBJECT = SyntheticObservations.subjectId(0);

  private BareMechanismLoop() {}

  /** Records per second over about {@code seconds} of work, after a warm-up of a fifth of that. */
  static double recordsPerSecond(BenchMechanism mechanism, int states, double seconds) {
    PufferPreconditions.checkPositive("seconds", seconds);
    Loop loop = switch (mechanism) {
      case DPHMM -> new DphmmLoop(states);
      case MQM -> new MqmLoop(states);
      case REDACTION -> new RedactionLoop();
    };
    run(loop, seconds / 5);
    return run(loop, seconds);
  }

  private static double run(Loop loop, double seconds) {
    long budget = (long) (seconds * 1e9);
    long start = System.nanoTime();
    long records = 0;
    long elapsed;
    double sink = 0;
    do {
      for (int i = 0; i < 256; i++) {
        sink += loop.next();
      }
      records += 256;
      elapsed = System.nanoTime() - start;
    } while (elapsed < budget);
    if (Double.isNaN(sink)) {
      throw new IllegalStateException("the loop produced NaN"); // keeps the work from being elided
    }
    return records / (elapsed / 1e9);
  }

  /** One record through the mechanism; returns something that depends on the output. */
  private interface Loop {
    double next();
  }

  private static final class DphmmLoop implements Loop {
    private final DphmmReleaser releaser;
    private final DphmmRelease out;
    private final double[] posterior;
    private final KeyedRandom rng = new KeyedRandom(NoiseKey.of(BenchModels.benchKey()));
    private final SyntheticPath path;
    private long tick;

    DphmmLoop(int states) {
      releaser = BenchModels.dphmm(states).newReleaser();
      out = releaser.newResult();
      posterior = releaser.newPosterior();
      path = new SyntheticPath(states);
    }

    @Override
    public double next() {
      long t = tick++;
      releaser.release(posterior, t == 0 ? DphmmReleaser.FIRST_RELEASE : 1, path.state(0, t),
          rng.reset("dphmm", SUBJECT, t), out);
      return out.z()[0];
    }
  }

  private static final class MqmLoop implements Loop {
    private final MqmWindowPlan plan;
    private final WindowHistogramRelease release;
    private final SyntheticPath path;
    private final int[] ring;
    private final int[] counts;
    private final long[] noisy;
    private final KeyedRandom rng = new KeyedRandom(NoiseKey.of(BenchModels.benchKey()));
    private long observed;
    private long releases;

    MqmLoop(int states) {
      plan = BenchModels.mqm(states).build();
      release = WindowHistogramRelease.of(plan);
      path = new SyntheticPath(states);
      ring = new int[plan.window()];
      counts = new int[states];
      noisy = new long[states];
    }

    @Override
    public double next() {
      int slot = (int) (observed % ring.length);
      if (observed >= ring.length) {
        counts[ring[slot]]--;
      }
      int s = path.state(0, observed);
      ring[slot] = s;
      counts[s]++;
      observed++;
      int length = plan.windowLengthAt(observed);
      if (length > 0) {
        release.release(counts, length, rng.reset("mqm", SUBJECT, releases++), noisy);
        return noisy[0];
      }
      return 0;
    }
  }

  private static final class RedactionLoop implements Loop {
    private final RedactionPlan plan = BenchModels.redaction().build();
    private final OptOutRanges optOuts = new OptOutRanges();
    private final KeyedRandom rng = new KeyedRandom(NoiseKey.of(BenchModels.benchKey()));
    private final SyntheticPath path = new SyntheticPath(2);
    private long tick;

    @Override
    public double next() {
      long t = tick++;
      return plan.release(t, path.state(0, t), optOuts, rng, SUBJECT) ? 1 : 0;
    }
  }
}
