package org.pufferflow.mechanism.mqm;

import java.util.concurrent.atomic.AtomicReferenceArray;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.noise.DiscreteLaplace;
import org.pufferflow.noise.RandomStream;

/**
 * The MQM release of one window's state histogram (docs/mqm.md, 'Releasing one window'; 003 Algorithm 1 with an
 * L-Lipschitz F): each bin count h[c] gets an independent discrete Laplace draw with P(x) ∝ exp(−|x|/β), β ≥
 * L·σ_max(T_j) for the window's actual length T_j (partial windows at the stream start use σ for their length, cached
 * per length).
 *
 * <p><b>Why discrete noise is enough.</b> Counts are integers and one changed state moves one unit between two bins,
 * so the L1 change of the counts is an integer ≤ L·card(X_N); the discrete Laplace density ratio for an L1 change
 * Δ is at most exp(Δ/β), the same bound the MQM proof (Lemma 1.2) uses for continuous Laplace. The scale is the
 * calibration's β = L·σ_max rounded up (toward more privacy), and the draw is exact.
 *
 * <p>Relative frequencies and clamping are data-independent post-processing (Def 2.1), done by
 * {@link #toFrequencies} and {@link #clampCounts}. Per release nothing is allocated once the calibration of the
 * length has been computed (it depends only on public configuration). Randomness comes from the caller's
 * {@link RandomStream}, which must be the project's keyed generator reset to this release's context, so a replay
 * yields identical noise; the caller must never reuse a context for two releases.
 */
public final class WindowHistogramRelease {

  private final MqmCalibration fullWindow;
  private final AtomicReferenceArray<MqmCalibration> byLength;
  /** When set, the scales come from this schedule (e.g. the design rule) instead of σ_max per length. */
  private final MqmWindowPlan plan;

  private WindowHistogramRelease(MqmCalibration fullWindow, MqmWindowPlan plan) {
    this.fullWindow = fullWindow;
    this.plan = plan;
    this.byLength = new AtomicReferenceArray<>(fullWindow.windowLength() + 1);
    byLength.set(fullWindow.windowLength(), fullWindow);
  }

  /** A release for windows of the calibration's length W (and partial windows of length 1..W−1). */
  public static WindowHistogramRelease of(MqmCalibration fullWindow) {
    return new WindowHistogramRelease(PufferPreconditions.checkNotNull("calibration", fullWindow), null);
  }

  /**
   * A release at the scales of a window schedule ({@link MqmWindowPlan#noiseScale}): the design-rule β for a
   * per-time-point target, or σ_max per length for a per-release plan (docs/mqm.md, "Windows over gaps").
   */
  public static WindowHistogramRelease of(MqmWindowPlan plan) {
    PufferPreconditions.checkNotNull("plan", plan);
    return new WindowHistogramRelease(plan.calibration(), plan);
  }

  /** The full-window calibration. */
  public MqmCalibration calibration() {
    return fullWindow;
  }

  /** The calibration for a window of {@code length} states, 1 ≤ length ≤ W (cached). */
  public MqmCalibration calibration(int length) {
    PufferPreconditions.checkInRange("window length", length, 1, fullWindow.windowLength());
    MqmCalibration c = byLength.get(length);
    if (c == null) {
      c = fullWindow.forWindowLength(length);
      byLength.compareAndSet(length, null, c);
    }
    return c;
  }

  /** The per-bin scale: the plan's when built from one, else β = L·σ_max(length), rounded up. */
  public double noiseScale(int length) {
    return plan != null ? plan.noiseScale(length) : calibration(length).noiseScale();
  }

  /**
   * Writes noisy counts {@code noisy[c] = counts[c] + DLap(β)} for a window of {@code length} states whose exact
   * histogram is {@code counts} (Σ counts = length). Allocates nothing once the length's calibration is cached.
   */
  public void release(int[] counts, int length, RandomStream random, long[] noisy) {
    double beta = noiseScale(length);
    if (counts.length != noisy.length) { // explicit check: no varargs array on the hot path
      throw new IllegalArgumentException(
          "noisy: has " + noisy.length + " bins, counts has " + counts.length);
    }
    long total = 0;
    for (int c : counts) {
      total += c;
    }
    if (total != length) {
      throw new IllegalArgumentException(
          "counts: sum to " + total + ", expected the window length " + length + " (one state per tick)");
    }
    for (int c = 0; c < counts.length; c++) {
      noisy[c] = counts[c] + DiscreteLaplace.sample(random, beta);
    }
  }

  /** Post-processing: clamps noisy counts to [0, length] in place. */
  public static void clampCounts(long[] noisy, int length) {
    for (int c = 0; c < noisy.length; c++) {
      noisy[c] = Math.max(0, Math.min(length, noisy[c]));
    }
  }

  /** Post-processing: relative frequencies noisy/length clamped to [0, 1] (per-bin scale β/length). */
  public static void toFrequencies(long[] noisy, int length, double[] out) {
    PufferPreconditions.checkAtLeast("length", length, 1);
    for (int c = 0; c < noisy.length; c++) {
      out[c] = Math.max(0.0, Math.min(1.0, noisy[c] / (double) length));
    }
  }
}
