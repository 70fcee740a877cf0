package org.pufferflow.mechanism.mqm;

import org.pufferflow.common.InvalidParameterException;
import org.pufferflow.common.PufferPreconditions;

/**
 * The ids of the parameters an {@link MqmWindowPlan} is checked by — by {@link MqmWindowPlan.Builder}, the
 * {@link MqmCalibration} it makes and the class Θ ({@link KnownChains}, {@link BoundedChainClass}): the
 * {@link InvalidParameterException#parameter()} of each refusal, stable and separate from the label a message shows
 * ({@code "pi-min = 0.6: ..."} is refused as {@link #PI_MIN}). The budget's ids are
 * {@link org.pufferflow.accounting.LedgerParameters}. Every public field is an id (tests enumerate them).
 */
public final class MqmParameters {

  private MqmParameters() {}

  /** The window length W ≥ 1, in observed ticks. */
  public static final String WINDOW = "window";
  /** The slide S, in [1, W]. */
  public static final String SLIDE = "slide";
  /** The target per-time-point ε*. */
  public static final String EPSILON = "epsilon";
  /** The mode (exact modes need known chains). */
  public static final String MODE = "mode";
  /** Θ as a whole: given once, as known chains or bounds. */
  public static final String THETA = "theta";
  /** The known chains of Θ (at least one). */
  public static final String CHAINS = "chains";
  /** One known chain of Θ (a refusal's {@link InvalidParameterException#index()} says which). */
  public static final String CHAIN = "chain";
  /** The number of states k of Θ (≥ 2). */
  public static final String STATES = "states";
  /** The lower bound π_min of Θ's stationary probabilities, in (0, 1/k]. */
  public static final String PI_MIN = "piMin";
  /** The lower bound on Θ's eigen-gap, in (0, 1]. */
  public static final String GAP = "gap";
  /** What a window release publishes. */
  public static final String OUTPUT = "output";
  /** Whether partial windows are released at a subject's stream start. */
  public static final String PARTIAL_WINDOWS = "partialWindows";
  /** Whether a fleet histogram sums the windows (not of frequencies over partial windows). */
  public static final String FLEET = "fleet";
  /** The Lipschitz constant L of the released statistic. */
  public static final String SENSITIVITY = "sensitivity";
  /** A per-bin noise scale outside the sampler's range. */
  public static final String NOISE_SCALE = PufferPreconditions.NOISE_SCALE;
  /** The per-subject budget (required by the function that releases the plan). */
  public static final String BUDGET = "budget";
}
