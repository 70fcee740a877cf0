package org.pufferflow.tools.bench;

import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.mechanism.dphmm.DphmmRelease;
import org.pufferflow.mechanism.dphmm.Constraint;
import org.pufferflow.mechanism.dphmm.DphmmReleaser;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.mechanism.mqm.WindowHistogramRelease;
import org.pufferflow.mechanism.redaction.OptOutRanges;
import org.pufferflow.mechanism.redaction.RedactionPlan;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.noise.NoiseKey;

/**
 * The bare mechanism's own rate (docs/benchmarks.md, 'Keyed operators'): the plain-Java mechanism called in a loop
 * on the operator's input — the same synthetic records, subjects taking turns, each with its own mechanism state in
 * plain arrays (for at most {@value #MAX_SUBJECTS} subjects; beyond that the loop cycles over the first
 * {@value #MAX_SUBJECTS}) — with the keyed generator reset to each release's context as the operator does, and no
 * Flink, no state backend, no serialization. What the operator adds on top is the difference.
 *
 * <p>For DPHMM it also times one sparse p·M product on the subjects' current posteriors (the representative
 * posteriors the releases left, each multiplied in turn) for the same length, right after the releases: the
 * release ÷ p·M ratio of docs/benchmarks.md, 'DPHMM at city scale (N = 10,000)'.
 */
final class BareMechanismLoop {

  /** Most subjects whose state the loop keeps. */
  static final int MAX_SUBJECTS = 4096;

  private BareMechanismLoop() {}

  /**
   * What the loop measured.
   *
   * @param recordsPerSecond records through the bare mechanism per second
   * @param releaseToProduct time of one DPHMM release ÷ time of one p·M on the same posteriors (NaN for MQM and
   *     redaction)
   */
  record Rates(double recordsPerSecond, double releaseToProduct) {}

  /** Records per second over about {@code seconds} of work, after a warm-up of a fifth of that. */
  static Rates rates(BenchMechanism mechanism, int states, int subjects, double seconds, Constraint constraint) {
    PufferPreconditions.checkPositive("seconds", seconds);
    int m = Math.min(subjects, MAX_SUBJECTS);
    Loop loop = switch (mechanism) {
      case DPHMM -> new DphmmLoop(states, m, constraint);
      case MQM -> new MqmLoop(states, m);
      case REDACTION -> new RedactionLoop(m);
    };
    run(loop, seconds / 5);
    double rate = run(loop, seconds);
    if (loop instanceof DphmmLoop d) {
      Loop products = d.products();
      run(products, seconds / 5);
      return new Rates(rate, run(products, seconds) / rate);
    }
    return new Rates(rate, Double.NaN);
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

  /** Subject ids and the round-robin position: record i is subject i mod m at tick i div m. */
  private abstract static class RoundRobin implements Loop {
    final String[] ids;
    final SyntheticPath path;
    int subject;
    long tick;

    RoundRobin(int states, int subjects) {
      ids = new String[subjects];
      for (int s = 0; s < subjects; s++) {
        ids[s] = SyntheticObservations.subjectId(s);
      }
      path = new SyntheticPath(states);
    }

    @Override
    public final double next() {
      double v = record(subject, tick, path.state(subject, tick));
      if (++subject == ids.length) {
        subject = 0;
        tick++;
      }
      return v;
    }

    abstract double record(int s, long t, int state);
  }

  private static final class DphmmLoop extends RoundRobin {
    private final DphmmReleaser releaser;
    private final DphmmRelease out;
    private final double[][] posteriors;
    private final TransitionMatrix transition;
    private final double[] product;
    private final KeyedRandom rng = new KeyedRandom(NoiseKey.of(BenchModels.benchKey()));

    DphmmLoop(int states, int subjects, Constraint constraint) {
      super(states, subjects);
      releaser = new DphmmReleaser(BenchModels.dphmm(states, constraint));
      transition = releaser.config().transition();
      product = new double[states];
      out = releaser.newResult();
      posteriors = new double[subjects][];
      for (int s = 0; s < subjects; s++) {
        posteriors[s] = releaser.newPosterior();
      }
    }

    @Override
    double record(int s, long t, int state) {
      releaser.release(posteriors[s], t == 0 ? DphmmReleaser.FIRST_RELEASE : 1, state,
          rng.reset("dphmm", ids[s], t), out);
      return out.z()[0];
    }

    /** One p·M per call on the subjects' posteriors in turn (as the releases left them). */
    Loop products() {
      int[] next = {0};
      return () -> {
        double[] p = posteriors[next[0]];
        next[0] = (next[0] + 1) % posteriors.length;
        transition.multiplyLeft(p, product);
        return product[0];
      };
    }
  }

  private static final class MqmLoop extends RoundRobin {
    private final MqmWindowPlan plan;
    private final WindowHistogramRelease release;
    private final byte[][] rings;
    private final int[][] counts;
    private final long[] releases;
    private final long[] noisy;
    private final KeyedRandom rng = new KeyedRandom(NoiseKey.of(BenchModels.benchKey()));

    MqmLoop(int states, int subjects) {
      super(states, subjects);
      plan = BenchModels.mqm(states);
      release = WindowHistogramRelease.of(plan);
      rings = new byte[subjects][plan.window()];
      counts = new int[subjects][states];
      releases = new long[subjects];
      noisy = new long[states];
    }

    @Override
    double record(int s, long observedBefore, int state) {
      byte[] ring = rings[s];
      int[] c = counts[s];
      int slot = (int) (observedBefore % ring.length);
      if (observedBefore >= ring.length) {
        c[ring[slot] & 0xff]--;
      }
      ring[slot] = (byte) state;
      c[state]++;
      int length = plan.windowLengthAt(observedBefore + 1);
      if (length > 0) {
        release.release(c, length, rng.reset("mqm", ids[s], releases[s]++), noisy);
        return noisy[0];
      }
      return 0;
    }
  }

  private static final class RedactionLoop extends RoundRobin {
    private final RedactionPlan plan = BenchModels.redaction();
    private final OptOutRanges optOuts = new OptOutRanges();
    private final KeyedRandom rng = new KeyedRandom(NoiseKey.of(BenchModels.benchKey()));

    RedactionLoop(int subjects) {
      super(2, subjects);
    }

    @Override
    double record(int s, long t, int state) {
      return plan.release(t, state, optOuts, rng, ids[s]) ? 1 : 0;
    }
  }
}
