package org.pufferflow.operators.spec;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.mechanism.mqm.BoundedChainClass;
import org.pufferflow.mechanism.mqm.ChainClass;
import org.pufferflow.mechanism.mqm.FiniteChainClass;
import org.pufferflow.mechanism.mqm.MqmCalibration;
import org.pufferflow.mechanism.mqm.MqmMode;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;

/**
 * The public description of windowed MQM histograms (docs/mqm.md, 'Sliding windows: the per-time-point accountant';
 * docs/configuration.md, 'mqm'): windows of W observed ticks every S ticks, the target per-time-point ε*, the class
 * Θ (known chains, or bounds π_min and gap over k states), the mode and the output. Serializable and immutable;
 * the function calls {@link #build()} in {@code open()}.
 *
 * <p>{@link #build()} calibrates at ε* for windows of length W with the count-histogram sensitivity L = 2
 * ({@link MqmCalibration.Builder}) and applies the design rule β = L·⌈W/S⌉·s*(ε*)
 * ({@link SlidingWindowAccountant#designNoiseScale}), which guarantees ε* at every time point of an unbounded
 * stream. Both are the source of truth for the preconditions (ergodicity, reversibility for approx-reversible,
 * exact modes need known chains, a feasible quilt at ε*); {@link Builder#build()} builds once so they fail early.
 */
public final class MqmSpec implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The Lipschitz constant of a count histogram: one changed state moves one unit between two bins. */
  public static final double COUNT_SENSITIVITY = 2.0;

  /** What a window release publishes. */
  public enum Output {
    /** Noisy counts: true count plus zero-mean noise, not clamped (clamping is the consumer's post-processing). */
    COUNTS("counts"),
    /** Noisy counts divided by the window length (post-processing). */
    FREQUENCIES("frequencies");

    private final String configName;

    Output(String configName) {
      this.configName = configName;
    }

    /** The spelling in the configuration. */
    public String configName() {
      return configName;
    }
  }

  private final int window;
  private final int slide;
  private final double epsilon;
  private final int states;
  private final double[][][] chains;
  private final double piMin;
  private final double gap;
  private final MqmMode mode;
  private final Output output;
  private final boolean partialWindows;

  private MqmSpec(Builder b, MqmMode mode) {
    this.window = b.window;
    this.slide = b.slide;
    this.epsilon = b.epsilon;
    this.states = b.states;
    this.chains = b.chains == null ? null : SpecArrays.copy("chains", b.chains);
    this.piMin = b.piMin;
    this.gap = b.gap;
    this.mode = mode;
    this.output = PufferPreconditions.checkNotNull("output", b.output);
    this.partialWindows = b.partialWindows;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The class Θ: {@link FiniteChainClass} of the chains, or {@link BoundedChainClass} of the bounds. */
  public ChainClass chainClass() {
    if (chains != null) {
      List<double[][]> list = new ArrayList<>(chains.length);
      for (double[][] c : chains) {
        list.add(SpecArrays.copy("chains", c));
      }
      return FiniteChainClass.of(list);
    }
    return BoundedChainClass.of(states, piMin, gap);
  }

  /**
   * The window schedule the MQM function follows: the calibration at the target ε* for windows of length W and
   * {@link MqmWindowPlan#perTimePoint}, every window released at the design-rule scale that keeps every time point
   * within ε* (docs/mqm.md, 'Windows over gaps'; validated by the MQM builders).
   */
  public MqmWindowPlan build() {
    MqmCalibration calibration = MqmCalibration.builder()
        .chainClass(chainClass())
        .mode(mode)
        .epsilon(epsilon)
        .windowLength(window)
        .sensitivity(COUNT_SENSITIVITY)
        .build();
    return MqmWindowPlan.perTimePoint(calibration, slide, partialWindows);
  }

  public int window() {
    return window;
  }

  public int slide() {
    return slide;
  }

  /** The target per-time-point ε*. */
  public double epsilon() {
    return epsilon;
  }

  /** Number of states k. */
  public int states() {
    return states;
  }

  /** True when Θ is a finite list of known chains, false for bounds. */
  public boolean knownChains() {
    return chains != null;
  }

  /** Copies of the known chains, or null for bounds. */
  public List<double[][]> chains() {
    if (chains == null) {
      return null;
    }
    List<double[][]> out = new ArrayList<>(chains.length);
    for (double[][] c : chains) {
      out.add(SpecArrays.copy("chains", c));
    }
    return out;
  }

  /** π_min bound, NaN for known chains. */
  public double piMin() {
    return piMin;
  }

  /** Eigen-gap bound, NaN for known chains. */
  public double gap() {
    return gap;
  }

  /** The mode (the class's default when none was given). */
  public MqmMode mode() {
    return mode;
  }

  public Output output() {
    return output;
  }

  /** Whether partial windows (lengths W−S, W−2S, … ≥ 1) are released at the start of a subject's stream. */
  public boolean partialWindows() {
    return partialWindows;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof MqmSpec s
        && s.window == window
        && s.slide == slide
        && Double.compare(s.epsilon, epsilon) == 0
        && s.states == states
        && Arrays.deepEquals(s.chains, chains)
        && Double.compare(s.piMin, piMin) == 0
        && Double.compare(s.gap, gap) == 0
        && s.mode == mode
        && s.output == output
        && s.partialWindows == partialWindows;
  }

  @Override
  public int hashCode() {
    return Objects.hash(window, slide, epsilon, states, Arrays.deepHashCode(chains), piMin, gap, mode, output,
        partialWindows);
  }

  @Override
  public String toString() {
    return "MqmSpec[window=" + window + ", slide=" + slide + ", epsilon=" + epsilon + ", k=" + states
        + (chains != null ? ", chains=" + chains.length : ", piMin=" + piMin + ", gap=" + gap)
        + ", mode=" + mode.configName() + ", output=" + output.configName()
        + (partialWindows ? ", partialWindows" : "") + "]";
  }

  /** Builder of {@link MqmSpec}. Required: window, epsilon, and either chains or bounds (states, piMin, gap). */
  public static final class Builder {
    private int window = -1;
    private int slide = -1;
    private double epsilon = Double.NaN;
    private int states;
    private double[][][] chains;
    private double piMin = Double.NaN;
    private double gap = Double.NaN;
    private MqmMode mode;
    private Output output = Output.COUNTS;
    private boolean partialWindows;

    private Builder() {}

    /** W ≥ 1, in observed ticks. */
    public Builder window(int w) {
      this.window = w;
      return this;
    }

    /** S in [1, W]; default W (tumbling windows). */
    public Builder slide(int s) {
      this.slide = s;
      return this;
    }

    /** The target per-time-point ε*. */
    public Builder epsilon(double e) {
      this.epsilon = e;
      return this;
    }

    /** Θ = these known chains (each k×k). Conflicts with {@link #bounds}. */
    public Builder chains(List<double[][]> known) {
      PufferPreconditions.checkNotNull("chains", known);
      PufferPreconditions.checkArgument(Double.isNaN(piMin), "chains: give chains or bounds, not both");
      this.chains = SpecArrays.copy("chains", known.toArray(new double[0][][]));
      this.states = chains.length == 0 ? 0 : chains[0].length;
      return this;
    }

    /** Θ = every chain on {@code k} states with stationary minimum ≥ π_min and gap ≥ g. Conflicts with chains. */
    public Builder bounds(int k, double piMin, double gap) {
      PufferPreconditions.checkArgument(chains == null, "bounds: give chains or bounds, not both");
      PufferPreconditions.checkArgument(!Double.isNaN(piMin), "piMin = NaN: must be a number");
      this.states = k;
      this.piMin = piMin;
      this.gap = gap;
      return this;
    }

    /** The mode; default the class's ({@code exact-any-initial} for chains, {@code approx-general} for bounds). */
    public Builder mode(MqmMode m) {
      this.mode = m;
      return this;
    }

    public Builder output(Output o) {
      this.output = o;
      return this;
    }

    /**
     * Release partial windows at the start of each subject's stream (default false), at the same design-rule
     * scale as full windows (docs/mqm.md, 'Windows over gaps').
     */
    public Builder partialWindows(boolean enabled) {
      this.partialWindows = enabled;
      return this;
    }

    /** The spec, after one {@link MqmSpec#build()} (all MQM preconditions). */
    public MqmSpec build() {
      PufferPreconditions.checkArgument(chains != null || !Double.isNaN(piMin),
          "theta: give known chains or bounds piMin and gap");
      PufferPreconditions.checkWindowLength("window", window);
      int s = slide == -1 ? window : slide;
      PufferPreconditions.checkSlide("slide", s, window);
      this.slide = s;
      MqmSpec probe = new MqmSpec(this, MqmMode.EXACT);
      MqmMode m = mode == null ? probe.chainClass().defaultMode() : mode;
      MqmSpec spec = new MqmSpec(this, m);
      spec.build();
      return spec;
    }
  }
}
