package org.pufferflow.mechanism.mqm;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serial;
import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.common.PufferPreconditions;

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
 * <p>Two noise rules: {@link #perRelease}, each window an ε_w-MQM release at β = L·σ_max(length) (the accountant
 * reports the per-time-point loss, bounded in steady state); {@link #perTimePoint}, the design rule
 * β = L·⌈W/S⌉·s*(ε*) for every window, partial ones included, which guarantees ε* at every time point of an
 * unbounded stream, with or without gaps.
 *
 * <p><b>Building.</b> A job's plan is made by {@link #builder()}: windows of W observed ticks every S, the target
 * per-time-point ε*, Θ (known chains or bounds), the mode, the {@link MqmOutput}, the fleet histogram and the
 * per-subject {@link #budget()}. It judges every precondition a release would check later (refusals name the
 * parameter by {@link MqmParameters}), calibrates at ε* for windows of length W with L = {@link #COUNT_SENSITIVITY}
 * and applies the design rule. {@link #perRelease} and {@link #perTimePoint} plan an explicit calibration
 * (analysis, {@code plan mqm}).
 *
 * <p><b>Computed once, shipped.</b> The plan is {@link Serializable} with its computed per-length scales and the
 * public parameters it was built with (Θ, mode, ε, L, W, S, partial windows, output, fleet, budget): a deserialized
 * plan answers {@link #windowLengthAt} and {@link #noiseScale} without calibrating again. Only
 * {@link #calibration()} and {@link #accountant()} (reports) recalibrate a deserialized plan, on first use.
 *
 * <p>Assumptions: the budget is optional here (analysis plans have none, {@link #budget()} null); the function that
 * releases a plan requires one. Benchmarks that must never be stopped give an explicit large budget.
 *
 * <p>Caller duties: at most one state per tick ({@link #missingTicks} refuses duplicates and reordering); count
 * observed ticks per subject from the subject's first observation; fresh noise per bin and window. Immutable;
 * {@link #windowLengthAt} and {@link #noiseScale} allocate nothing.
 */
public final class MqmWindowPlan implements Serializable {

  @Serial private static final long serialVersionUID = 1L;

  /** The fleet rule, its one home: a fleet of frequencies needs full windows (a frequency has no window length). */
  public static void checkFleet(boolean fleet, boolean partialWindows, MqmOutput output) {
    PufferPreconditions.checkArgument(MqmParameters.FLEET, !fleet || !partialWindows || output != MqmOutput.FREQUENCIES,
        "a fleet histogram of frequencies needs full windows only (a released frequency does not carry its window's"
            + " length); set partialWindows false or output counts");
  }

  /** The Lipschitz constant of a count histogram: one changed state moves one unit between two bins. */
  public static final double COUNT_SENSITIVITY = 2.0;

  /** The calibration this plan was built from; rebuilt on first use after a restore. */
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
  private final boolean fleet;
  private final LedgerPolicy budget;
  /** scale[len] for len in 1..W (only the lengths the schedule releases are filled). */
  private final double[] scale;

  private MqmWindowPlan(MqmCalibration calibration, int slide, boolean partialWindows, boolean designRule,
      MqmOutput output, boolean fleet, LedgerPolicy budget) {
    this.calibration = PufferPreconditions.checkNotNull("calibration", calibration);
    this.chainClass = calibration.chainClass();
    this.mode = calibration.mode();
    this.epsilon = calibration.epsilon();
    this.sensitivity = calibration.sensitivity();
    this.window = calibration.windowLength();
    this.slide = PufferPreconditions.checkSlide(MqmParameters.SLIDE, slide, window);
    this.partialWindows = partialWindows;
    this.designRule = designRule;
    this.output = PufferPreconditions.checkNotNull(MqmParameters.OUTPUT, output);
    this.fleet = fleet;
    this.budget = budget;
    this.scale = SlidingWindowAccountant.scheduleScales(calibration, slide, partialWindows, designRule);
  }

  /**
   * Each window released as an MQM release at the calibration's ε: full windows at β = L·σ_max(W), partial ones
   * (when enabled) at L·σ_max(length).
   */
  static MqmWindowPlan perRelease(MqmCalibration fullWindow, int slide, boolean partialWindows) {
    return new MqmWindowPlan(fullWindow, slide, partialWindows, false, MqmOutput.COUNTS, false, null);
  }

  /**
   * Every window (partial ones included) released at the design-rule scale that guarantees the target's ε (taken
   * as ε*, the per-time-point target) for W = target's window length. Fails when no two-sided quilt is feasible
   * at ε* or the scale exceeds the sampler's range. For analysis of an explicit calibration (any sensitivity L, as
   * {@code plan mqm}); a job's plan comes from {@link #builder()}, the one way to make a shipped description.
   */
  public static MqmWindowPlan perTimePoint(MqmCalibration target, int slide, boolean partialWindows) {
    return new MqmWindowPlan(target, slide, partialWindows, true, MqmOutput.COUNTS, false, null);
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

  /** Ticks missing between two observations of a subject; refuses a duplicate or out-of-order tick. */
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

  /** The calibration of the full window (σ_max, quilt, s*); a deserialized plan recalibrates on the first call. */
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

  /** Whether the windows are summed into a fleet histogram. */
  public boolean fleet() {
    return fleet;
  }

  /** The per-subject budget of the releases; null for an analysis plan (class comment). */
  public LedgerPolicy budget() {
    return budget;
  }

  /** This plan charged to {@code b} instead (the same schedule and scales, nothing recalibrated). */
  public MqmWindowPlan withBudget(LedgerPolicy b) {
    return new MqmWindowPlan(this, PufferPreconditions.checkNotNull(MqmParameters.BUDGET, b));
  }

  private MqmWindowPlan(MqmWindowPlan p, LedgerPolicy budget) {
    calibration = p.calibration;
    chainClass = p.chainClass;
    mode = p.mode;
    epsilon = p.epsilon;
    sensitivity = p.sensitivity;
    window = p.window;
    slide = p.slide;
    partialWindows = p.partialWindows;
    designRule = p.designRule;
    output = p.output;
    fleet = p.fleet;
    this.budget = budget;
    scale = p.scale;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof MqmWindowPlan p
        && p.chainClass.equals(chainClass) && p.mode == mode && Double.compare(p.epsilon, epsilon) == 0
        && Double.compare(p.sensitivity, sensitivity) == 0 && p.window == window && p.slide == slide
        && p.partialWindows == partialWindows && p.designRule == designRule && p.output == output
        && p.fleet == fleet && Objects.equals(p.budget, budget) && Arrays.equals(p.scale, scale);
  }

  @Override
  public int hashCode() {
    return Objects.hash(chainClass, mode, epsilon, sensitivity, window, slide, partialWindows, designRule, output,
        fleet, budget, Arrays.hashCode(scale));
  }

  /** Public parameters only. */
  @Override
  public String toString() {
    return "MqmWindowPlan[window=" + window + ", slide=" + slide + ", epsilon=" + epsilon + ", k=" + states()
        + ", mode=" + mode.configName() + ", output=" + output.configName()
        + (partialWindows ? ", partialWindows" : "") + (fleet ? ", fleet" : "") + ", budget=" + budget
        + (designRule ? ", per-time-point" : ", per-release") + ", scale=" + scale[window] + "]";
  }

  /**
   * Builder of a streaming job's plan. Required: window, epsilon (the target ε*), and Θ as known chains, bounds or
   * a {@link ChainClass}. Like Flink's {@code KafkaSourceBuilder} it rejects conflicting settings (Θ given twice, a
   * setting given again with another value); every refusal names its parameter by {@link MqmParameters}.
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
    private LedgerPolicy budget;

    private Builder() {}

    /** Θ = these known chains (each k×k, ergodic). Conflicts with {@link #bounds} and {@link #chainClass}. */
    public Builder chains(List<double[][]> known) {
      PufferPreconditions.checkNotNull(MqmParameters.CHAINS, known);
      List<double[][]> copy = new java.util.ArrayList<>(known);
      return theta(() -> FiniteChainClass.of(copy));
    }

    /** Θ = every chain on k states with π_min ≥ piMin and eigen-gap ≥ gap. Conflicts with chains. */
    public Builder bounds(int k, double piMin, double gap) {
      return theta(() -> BoundedChainClass.of(k, piMin, gap));
    }

    /** Θ as a class. Conflicts with a Θ given earlier. */
    public Builder chainClass(ChainClass c) {
      PufferPreconditions.checkNotNull(MqmParameters.THETA, c);
      return theta(() -> c);
    }

    private Builder theta(java.util.function.Supplier<ChainClass> t) {
      PufferPreconditions.checkArgument(MqmParameters.THETA, theta == null,
          "theta: given twice (give known chains or bounds piMin and gap, once)");
      this.theta = t;
      return this;
    }

    /** The mode; default the class's ({@code exact-any-initial} for chains, {@code approx-general} for bounds). */
    public Builder mode(MqmMode m) {
      this.mode = PufferPreconditions.checkNoConflict(MqmParameters.MODE, mode,
          PufferPreconditions.checkNotNull(MqmParameters.MODE, m));
      return this;
    }

    /** The target per-time-point ε*. */
    public Builder epsilon(double e) {
      this.epsilon = PufferPreconditions.checkNoConflict(MqmParameters.EPSILON, epsilon, e);
      return this;
    }

    /** W ≥ 1, in observed ticks. */
    public Builder window(int w) {
      this.window = PufferPreconditions.checkNoConflict(MqmParameters.WINDOW, window, w);
      return this;
    }

    /** S in [1, W]; default W (tumbling windows). */
    public Builder slide(int s) {
      this.slide = PufferPreconditions.checkNoConflict(MqmParameters.SLIDE, slide, s);
      return this;
    }

    /** Release partial windows at a subject's stream start (default false), at the full windows' scale. */
    public Builder partialWindows(boolean enabled) {
      partialWindows = PufferPreconditions.checkNoConflict(MqmParameters.PARTIAL_WINDOWS, partialWindows, enabled);
      return this;
    }

    /** Default {@link MqmOutput#COUNTS}. */
    public Builder output(MqmOutput o) {
      PufferPreconditions.checkNotNull(MqmParameters.OUTPUT, o);
      this.output = PufferPreconditions.checkNoConflict(MqmParameters.OUTPUT, output, o);
      return this;
    }

    /** Whether the windows are summed into a fleet histogram (default false). */
    public Builder fleet(boolean enabled) {
      this.fleet = PufferPreconditions.checkNoConflict(MqmParameters.FLEET, fleet, enabled);
      return this;
    }

    /** The per-subject budget the windows are charged to (optional here; the releasing function requires it). */
    public Builder budget(LedgerPolicy b) {
      budget = PufferPreconditions.checkNoConflict(MqmParameters.BUDGET, budget,
          PufferPreconditions.checkNotNull(MqmParameters.BUDGET, b));
      return this;
    }

    /** Validates, calibrates at ε* for windows of length W with L = {@link #COUNT_SENSITIVITY}, and plans. */
    public MqmWindowPlan build() {
      PufferPreconditions.checkArgument(MqmParameters.THETA, theta != null,
          "theta: give known chains or bounds piMin and gap");
      int w = PufferPreconditions.checkWindowLength(MqmParameters.WINDOW, window == null ? -1 : window);
      int s = PufferPreconditions.checkSlide(MqmParameters.SLIDE, slide == null ? w : slide, w); // before calibrating
      ChainClass chainClass = theta.get();
      boolean partial = partialWindows != null && partialWindows;
      MqmOutput out = output == null ? MqmOutput.COUNTS : output;
      boolean sum = fleet != null && fleet;
      checkFleet(sum, partial, out);
      MqmCalibration target = MqmCalibration.builder().chainClass(chainClass).mode(mode)
          .epsilon(epsilon == null ? Double.NaN : epsilon).windowLength(w).sensitivity(COUNT_SENSITIVITY).build();
      return new MqmWindowPlan(target, s, partial, true, out, sum, budget); // perTimePoint with the output
    }
  }

  /** Checks the shipped schedule's shape and fleet rule (nothing is recalibrated; the budget checks itself). */
  @Serial
  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    in.defaultReadObject();
    if (chainClass == null || mode == null || output == null || scale == null || window < 1 || slide < 1
        || slide > window || scale.length != window + 1 || !(scale[window] > 0)
        || (fleet && partialWindows && output == MqmOutput.FREQUENCIES)) { // the fleet rule, as the builder's
      throw new InvalidObjectException("MqmWindowPlan: inconsistent serialized schedule");
    }
  }
}
