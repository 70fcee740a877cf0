package org.pufferflow.mechanism.redaction;

import org.pufferflow.common.InvalidParameterException;

/**
 * The ids of the parameters {@link RedactionPlan#of} checks: the {@link InvalidParameterException#parameter()} of
 * each refusal, stable and separate from the label a message shows. α and β are checked by
 * {@code BinaryMarkovChain.of} under these same ids. Every public field is an id (tests enumerate them).
 */
public final class RedactionParameters {

  private RedactionParameters() {}

  /** α = P(0 → 1), in (0, 1). */
  public static final String ALPHA = "alpha";
  /** β = P(1 → 0), in (0, 1). */
  public static final String BETA = "beta";
  /** The ε of the redaction. */
  public static final String EPSILON = "epsilon";
  /** The redaction mechanism (a 3R design or MQ). */
  public static final String MECHANISM = "mechanism";
  /** The budget split between the two sides of an opt-out. */
  public static final String SPLIT = "split";
  /** The hold-back in ticks: ≥ 0, at least the plan's, at most {@link RedactionPlan#MAX_SIDE_TICKS}. */
  public static final String HOLD_BACK_TICKS = "holdBackTicks";
}
