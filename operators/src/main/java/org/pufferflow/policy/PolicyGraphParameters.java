package org.pufferflow.policy;

import org.pufferflow.common.InvalidParameterException;

/**
 * The ids of the parameters the {@link PolicyGraph} factories (through {@link PolicyGraphKind#build}) are checked
 * by: the {@link InvalidParameterException#parameter()} of each refusal, stable and separate from the label a
 * message shows ({@code "utility radius r = 0.0: ..."} is refused as {@link #RADIUS}). Every public field is an id
 * (tests enumerate them).
 */
public final class PolicyGraphParameters {

  private PolicyGraphParameters() {}

  /** The number of states N (≥ 1). */
  public static final String STATES = "states";
  /** The categorical graph's labels, one per state. */
  public static final String LABELS = "labels";
  /** The utility graph's radius r: finite and &gt; 0. */
  public static final String RADIUS = "radius";
  /** The transition graph's threshold θ, in [0, 1). */
  public static final String THETA = "theta";
  /** The explicit edge list. */
  public static final String EDGES = "edges";
  /** The query F a utility graph measures distances with. */
  public static final String QUERY = "query";
  /** The transition matrix a transition graph reads. */
  public static final String TRANSITION = "transition";
}
