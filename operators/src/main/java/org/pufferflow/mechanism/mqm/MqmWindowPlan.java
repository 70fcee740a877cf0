package org.pufferflow.mechanism.mqm;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serial;
import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
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
 * <p><b>Building.</b> A streaming job's plan is made by {@link #builder()} (the one way the configuration makes it):
 * windows of W observed ticks every S, the target per-time-point ε*, the class Θ (known chains or bounds), the mode,
 * the {@link MqmOutput} and whether a fleet histogram sums the windows. The builder holds every precondition a
 * streaming release would check later and rejects conflicting settings (chains and bounds, a setting given twice
 * with different values, a fleet of frequencies with partial windows); it calibrates at ε* for windows of length W
 * with the count-histogram sensitivity {@link #COUNT_SENSITIVITY} and applies the design rule
 * ({@link #perTimePoint}). {@link #perRelease} and {@link #perTimePoint} build a plan from an explicit calibration
 * (analysis and the {@code plan mqm} command).
 *
 * <p><b>Computed once, shipped.</b> The plan is {@link Serializable}; its serialized form carries the computed
 * per-length scales and the public parameters it was built with (Θ, mode, ε, L, W, S, partial windows, output), so
 * a deserialized plan answers {@link #windowLengthAt} and {@link #noiseScale} identically without calibrating again:
 * a job calibrates when its configuration is loaded, not in every subtask. Only {@link #calibration()} and
 * {@link #accountant()} (reports, never a release path) recalibrate a deserialized plan, on first use.
 *
 * <p>Caller duties: at most one state per tick ({@link #missingTicks} refuses duplicates and reordering); count
 * observed ticks per subject from the subject's first observation; fresh noise per bin and window. Immutable;
 * {@link #windowLengthAt} and {@link #noiseScale} allocate nothing.
 */
public final class MqmWindowPlan implements Serializable {

  @Serial private static final long serialVersionUID = 1L;

  /**
   * The fleet rule, its one home: a fleet histogram of frequencies needs full windows only, since a released
   * frequency does not carry its window's length. Checked by {@link Builder#build()}; callers that read the
   * settings apart (the configuration, the fleet function) call it too.
   */
  public static void checkFleet(boolean fleet, boolean partialWindows, MqmOutput output) {
    PufferPreconditions.checkArgument("fleet", !(fleet && partialWindows && output == MqmOutput.FREQUENCIES),
        "a fleet histogram of frequencies needs full windows only (a released frequency does not carry its window's"
            + " length); set partialWindows false or output counts");
  }

  /** The Lipschitz constant of a count histogram: one changed state moves one unit between two bins. */
  public static final double COUNT_SENSITIVITY = 2.0;

  /** The calibration this plan was built from; rebuilt from the public parameters on first use after a restore. */
  private transient volatile MqmCalibration calibration;
  private final ChainClass chainClass;
  private final MqmMode mode;
  private final double epsilon;
  private final double sensitivity;
  private final int window;
  private final int slide;
  private final boolean partialWindows;
  private final boolean designRule;
  private final MqmOutput output;
  /** scale[len] for len in 1..W (only the lengths the schedule releases are filled). */
  private final double[] scale;

  private MqmWindowPlan(MqmCalibration calibration, int slide, boolean partialWindows, boolean designRule,
      MqmOutput output) {
    this.calibration = PufferPreconditions.checkNotNull("calibration", calibration);
    this.chainClass = calibration.chainClass();
    this.mode = calibration.mode();
    this.epsilon = calibration.epsilon();
    this.sensitivity = calibration.sensitivity();
    this.window = calibration.windowLength();
    this.slide = PufferPreconditions.checkSlide("slide", slide, window);
    this.partialWindows = partialWindows;
    this.designRule = designRule;
    this.output = PufferPreconditions.checkNotNull("output", output);
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
    throw PufferPreconditions.invalid("epsilon", "epsilon = " + target.epsilon() + ": the design-rule scale " + beta
        + " does not certify the per-time-point target (window = " + target.windowLength() + ", slide = " + slide
        + ")");
  }

  /**
   * Each window released as an MQM release at the calibration's ε: full windows at β = L·σ_max(W), partial ones
   * (when enabled) at L·σ_max(length).
   */
  static MqmWindowPlan perRelease(MqmCalibration fullWindow, int slide, boolean partialWindows) {
    return new MqmWindowPlan(fullWindow, slide, partialWindows, false, MqmOutput.COUNTS);
  }

  /**
   * Every window (partial ones included) released at the design-rule scale that guarantees the target's ε (taken
   * as ε*, the per-time-point target) for W = target's window length. Fails when no two-sided quilt is feasible
   * at ε* or the scale exceeds the sampler's range. For analysis of an explicit calibration (any sensitivity L, as
   * {@code plan mqm}); a job's plan comes from {@link #builder()}, the one way to make a shipped description.
   */
  public static MqmWindowPlan perTimePoint(MqmCalibration target, int slide, boolean partialWindows) {
    return new MqmWindowPlan(target, slide, partialWindows, true, MqmOutput.COUNTS);
  }

  /** The plan of a streaming job, from its public parameters (class comment, 'Building'). */
  public static Builder builder() {
    return new Builder();
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
    MqmCalibration c = calibration();
    return designRule ? SlidingWindowAccountant.withNoiseScale(c, slide, scale[window], partialWindows)
        : SlidingWindowAccountant.of(c, slide, partialWindows);
  }

  /** The per-time-point target ε* when built by {@link #perTimePoint}, NaN otherwise. */
  public double targetEpsilon() {
    return designRule ? epsilon : Double.NaN;
  }

  /**
   * The calibration of the full window (σ_max, quilt, s*). A deserialized plan recalibrates from its public
   * parameters on the first call (reports only; a release needs only {@link #noiseScale}).
   */
  public MqmCalibration calibration() {
    MqmCalibration c = calibration;
    if (c == null) {
      c = MqmCalibration.builder().chainClass(chainClass).mode(mode).epsilon(epsilon).windowLength(window)
          .sensitivity(sensitivity).build();
      calibration = c;
    }
    return c;
  }

  /** The class Θ the plan was calibrated over. */
  public ChainClass chainClass() {
    return chainClass;
  }

  /** The mode (the class's default when none was given). */
  public MqmMode mode() {
    return mode;
  }

  /** The calibration's ε (the target ε* for {@link #perTimePoint}). */
  public double epsilon() {
    return epsilon;
  }

  /** The Lipschitz constant L of the released statistic. */
  public double sensitivity() {
    return sensitivity;
  }

  /** Number of states k (bins of a window histogram). */
  public int states() {
    return chainClass.states();
  }

  /** What a window release publishes. */
  public MqmOutput output() {
    return output;
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

  @Override
  public boolean equals(Object o) {
    return o instanceof MqmWindowPlan p
        && p.chainClass.equals(chainClass) && p.mode == mode && Double.compare(p.epsilon, epsilon) == 0
        && Double.compare(p.sensitivity, sensitivity) == 0 && p.window == window && p.slide == slide
        && p.partialWindows == partialWindows && p.designRule == designRule && p.output == output
        && Arrays.equals(p.scale, scale);
  }

  @Override
  public int hashCode() {
    return Objects.hash(chainClass, mode, epsilon, sensitivity, window, slide, partialWindows, designRule, output,
        Arrays.hashCode(scale));
  }

  /** Public parameters only. */
  @Override
  public String toString() {
    return "MqmWindowPlan[window=" + window + ", slide=" + slide + ", epsilon=" + epsilon + ", k=" + states()
        + ", mode=" + mode.configName() + ", output=" + output.configName()
        + (partialWindows ? ", partialWindows" : "")
        + (designRule ? ", per-time-point" : ", per-release") + ", scale=" + scale[window] + "]";
  }

  /**
   * Builder of a streaming job's plan. Required: window, epsilon (the target ε*), and Θ as known chains, bounds or
   * a {@link ChainClass}. Like Flink's {@code KafkaSourceBuilder} it rejects conflicting settings: Θ given twice,
   * a setting given again with another value, and a fleet histogram of frequencies over partial windows (a released
   * frequency does not carry its window's length). Every refusal is an
   * {@link org.pufferflow.common.InvalidParameterException} naming the parameter.
   */
  public static final class Builder {
    /** Θ, made when the plan is built (so its refusals come from {@link #build()}, like every other). */
    private java.util.function.Supplier<ChainClass> theta;
    private MqmMode mode;
    private Double epsilon;
    private Integer window;
    private Integer slide;
    private Boolean partialWindows;
    private MqmOutput output;
    private Boolean fleet;

    private Builder() {}

    /** Θ = these known chains (each k×k, ergodic). Conflicts with {@link #bounds} and {@link #chainClass}. */
    public Builder chains(List<double[][]> known) {
      List<double[][]> copy = new java.util.ArrayList<>(PufferPreconditions.checkNotNull("chains", known));
      return theta(() -> FiniteChainClass.of(copy));
    }

    /** Θ = every chain on k states with π_min ≥ piMin and eigen-gap ≥ gap. Conflicts with chains. */
    public Builder bounds(int k, double piMin, double gap) {
      return theta(() -> BoundedChainClass.of(k, piMin, gap));
    }

    /** Θ as a class. Conflicts with a Θ given earlier. */
    public Builder chainClass(ChainClass c) {
      PufferPreconditions.checkNotNull("theta", c);
      return theta(() -> c);
    }

    private Builder theta(java.util.function.Supplier<ChainClass> t) {
      PufferPreconditions.checkArgument("theta", theta == null,
          "theta: given twice (give known chains or bounds piMin and gap, once)");
      this.theta = t;
      return this;
    }

    /** The mode; default the class's ({@code exact-any-initial} for chains, {@code approx-general} for bounds). */
    public Builder mode(MqmMode m) {
      this.mode = PufferPreconditions.checkNoConflict("mode", mode, PufferPreconditions.checkNotNull("mode", m));
      return this;
    }

    /** The target per-time-point ε*. */
    public Builder epsilon(double e) {
      this.epsilon = PufferPreconditions.checkNoConflict("epsilon", epsilon, e);
      return this;
    }

    /** W ≥ 1, in observed ticks. */
    public Builder window(int w) {
      this.window = PufferPreconditions.checkNoConflict("window", window, w);
      return this;
    }

    /** S in [1, W]; default W (tumbling windows). */
    public Builder slide(int s) {
      this.slide = PufferPreconditions.checkNoConflict("slide", slide, s);
      return this;
    }

    /** Release partial windows at a subject's stream start (default false), at the full windows' scale. */
    public Builder partialWindows(boolean enabled) {
      this.partialWindows = PufferPreconditions.checkNoConflict("partialWindows", partialWindows, enabled);
      return this;
    }

    /** Default {@link MqmOutput#COUNTS}. */
    public Builder output(MqmOutput o) {
      PufferPreconditions.checkNotNull("output", o);
      this.output = PufferPreconditions.checkNoConflict("output", output, o);
      return this;
    }

    /** Whether the windows are summed into a fleet histogram (default false). */
    public Builder fleet(boolean enabled) {
      this.fleet = PufferPreconditions.checkNoConflict("fleet", fleet, enabled);
      return this;
    }

    /** Validates, calibrates at ε* for windows of length W with L = {@link #COUNT_SENSITIVITY}, and plans. */
    public MqmWindowPlan build() {
      PufferPreconditions.checkArgument("theta", theta != null, "theta: give known chains or bounds piMin and gap");
      int w = PufferPreconditions.checkWindowLength("window", window == null ? -1 : window);
      int s = PufferPreconditions.checkSlide("slide", slide == null ? w : slide, w);
      ChainClass chainClass = theta.get();
      boolean partial = partialWindows != null && partialWindows;
      MqmOutput out = output == null ? MqmOutput.COUNTS : output;
      checkFleet(fleet != null && fleet, partial, out);
      MqmCalibration target = MqmCalibration.builder().chainClass(chainClass).mode(mode)
          .epsilon(epsilon == null ? Double.NaN : epsilon).windowLength(w).sensitivity(COUNT_SENSITIVITY).build();
      return new MqmWindowPlan(target, s, partial, true, out); // perTimePoint with the output
    }
  }

  /** Checks the shipped schedule's shape (nothing is recalibrated). */
  @Serial
  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    in.defaultReadObject();
    if (chainClass == null || mode == null || output == null || scale == null || window < 1 || slide < 1
        || slide > window || scale.length != window + 1 || !(scale[window] > 0)) {
      throw new InvalidObjectException("MqmWindowPlan: inconsistent serialized schedule");
    }
  }
}
