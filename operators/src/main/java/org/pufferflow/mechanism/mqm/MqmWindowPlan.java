package org.pufferflow.mechanism.mqm;

import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.noise.DiscreteLaplace;

/**
 * The window schedule of a streaming MQM release and the noise of each window (docs/mqm.md, "Windows over gaps").
 * It is everything the streaming operator needs to decide, per subject, when a window is complete and at which
 * per-bin discrete Laplace scale it is released; it depends only on public configuration.
 *
 * <p><b>Windows count observed ticks.</b> A subject's n-th observed state completes a full window when n ≥ W and
 * n ≡ W (mod S); with partial windows it completes a window of length n when n &lt; W and n ≡ W (mod S). Missing
 * ticks (gaps) neither end nor restart a window and do not change the noise: a window of W observed states that
 * spans a gap is released at the same scale as a gap-free one. This is sound for every pattern of gaps because the
 * guarantee is proved on the event-time chain, where a gap only removes positions from the nearby sets (docs/mqm.md,
 * "Windows over gaps"; checked by {@link SlidingWindowAccountant#epsilonAt(long, boolean[])}).
 *
 * <p>Two noise rules:
 * <ul>
 *   <li>{@link #perRelease}: each window is an ε_w-MQM release, β = L·σ_max(length) — partial windows at σ for
 *       their own length. The per-time-point loss is what the accountant reports (bounded in steady state).</li>
 *   <li>{@link #perTimePoint}: the design rule β = L·⌈W/S⌉·s*(ε*) for every window, partial ones included, which
 *       guarantees ε* at every time point of an unbounded stream, with or without gaps.</li>
 * </ul>
 *
 * <p>Caller duties: at most one state per tick ({@link #missingTicks} refuses duplicates and reordering); count
 * observed ticks per subject from the subject's first observation; fresh noise per bin and window. Immutable;
 * {@link #windowLengthAt} and {@link #noiseScale} allocate nothing.
 */
public final class MqmWindowPlan {

  private final MqmCalibration calibration;
  private final int window;
  private final int slide;
  private final boolean partialWindows;
  private final boolean designRule;
  /** scale[len] for len in 1..W (only the lengths the schedule releases are filled). */
  private final double[] scale;

  private MqmWindowPlan(MqmCalibration calibration, int slide, boolean partialWindows, boolean designRule) {
    this.calibration = PufferPreconditions.checkNotNull("calibration", calibration);
    this.window = calibration.windowLength();
    this.slide = PufferPreconditions.checkSlide("slide", slide, window);
    this.partialWindows = partialWindows;
    this.designRule = designRule;
    this.scale = new double[window + 1];
    double full = designRule
        ? PufferPreconditions.checkNoiseScale(
            "MQM design-rule per-bin scale L*ceil(W/S)*s* (epsilon = " + calibration.epsilon() + ", window = "
                + window + ", slide = " + slide + ")",
            certifiedDesignScale(calibration, slide, partialWindows), Double.MIN_VALUE, DiscreteLaplace.MAX_SCALE)
        : calibration.noiseScale();
    scale[window] = full;
    if (partialWindows) {
      for (int len = window - slide; len >= 1; len -= slide) {
        scale[len] = designRule ? full : calibration.forWindowLength(len).noiseScale();
      }
    }
  }

  /** Relative step by which the design-rule scale is raised until the accountant certifies ε*. */
  static final double DESIGN_SCALE_STEP = 0x1.0p-40;

  /**
   * The design-rule scale β = L·⌈W/S⌉·s*(ε*), raised in relative steps of 2^-40 until the accountant, which rounds
   * every loss up, certifies a steady-state per-time-point loss ≤ ε*: s* is computed in floating point, so β from
   * the formula alone can certify ε*·(1 + a few ulps). Public configuration only; runs once per build.
   */
  static double certifiedDesignScale(MqmCalibration target, int slide, boolean partialWindows) {
    double beta = SlidingWindowAccountant.designNoiseScale(target, target.windowLength(), slide);
    for (int i = 0; i < 64 && Double.isFinite(beta); i++) {
      double loss = SlidingWindowAccountant.withNoiseScale(target, slide, beta, partialWindows).steadyStateEpsilon();
      if (loss <= target.epsilon()) {
        return beta;
      }
      beta = Math.nextUp(beta * (1 + DESIGN_SCALE_STEP));
    }
    throw new IllegalArgumentException("epsilon = " + target.epsilon() + ": the design-rule scale " + beta
        + " does not certify the per-time-point target (window = " + target.windowLength() + ", slide = " + slide
        + ")");
  }

  /**
   * Each window released as an MQM release at the calibration's ε: full windows at β = L·σ_max(W), partial ones
   * (when enabled) at L·σ_max(length).
   */
  public static MqmWindowPlan perRelease(MqmCalibration fullWindow, int slide, boolean partialWindows) {
    return new MqmWindowPlan(fullWindow, slide, partialWindows, false);
  }

  /**
   * Every window (partial ones included) released at the design-rule scale that guarantees the target's ε (taken
   * as ε*, the per-time-point target) for W = target's window length. Fails when no two-sided quilt is feasible
   * at ε* or the scale exceeds the sampler's range.
   */
  public static MqmWindowPlan perTimePoint(MqmCalibration target, int slide, boolean partialWindows) {
    return new MqmWindowPlan(target, slide, partialWindows, true);
  }

  /**
   * The length of the window that the {@code observedCount}-th observed state of a subject completes (1-based),
   * or 0 when none does. Independent of how many ticks were missing in between.
   */
  public int windowLengthAt(long observedCount) {
    if (observedCount < 1) {
      throw new IllegalArgumentException("observed count = " + observedCount + ": must be >= 1");
    }
    if (observedCount >= window) {
      return (observedCount - window) % slide == 0 ? window : 0;
    }
    return partialWindows && (window - observedCount) % slide == 0 ? (int) observedCount : 0;
  }

  /** The per-bin discrete Laplace scale of a released window of {@code length} states. */
  public double noiseScale(int length) {
    double s = length >= 1 && length <= window ? scale[length] : 0;
    if (!(s > 0)) {
      throw new IllegalArgumentException("window length = " + length + ": not a length this schedule releases");
    }
    return s;
  }

  /**
   * Number of missing ticks between two consecutive observations of a subject ({@code tick − previousTick − 1});
   * refuses a duplicate or out-of-order tick (the chain model has one state per tick).
   */
  public static long missingTicks(long previousTick, long tick) {
    if (tick <= previousTick) {
      throw new IllegalArgumentException(
          "tick = " + tick + ": must be after the previous observation's tick " + previousTick
              + " (one state per tick)");
    }
    return tick - previousTick - 1;
  }

  /** The accountant of this schedule (per-time-point loss with or without gaps). */
  public SlidingWindowAccountant accountant() {
    return designRule ? SlidingWindowAccountant.withNoiseScale(calibration, slide, scale[window], partialWindows)
        : SlidingWindowAccountant.of(calibration, slide, partialWindows);
  }

  /** The per-time-point target ε* when built by {@link #perTimePoint}, NaN otherwise. */
  public double targetEpsilon() {
    return designRule ? calibration.epsilon() : Double.NaN;
  }

  public MqmCalibration calibration() {
    return calibration;
  }

  public int window() {
    return window;
  }

  public int slide() {
    return slide;
  }

  public boolean partialWindows() {
    return partialWindows;
  }

  public boolean isDesignRule() {
    return designRule;
  }
}
