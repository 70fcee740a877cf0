package org.pufferflow.mechanism.dphmm;

import org.pufferflow.common.InvalidParameterException;
import org.pufferflow.common.PufferPreconditions;

/**
 * The ids of the parameters a {@link DphmmConfig} and its {@link Constraint}s are checked by: the
 * {@link InvalidParameterException#parameter()} of every refusal of {@link DphmmConfig.Builder} (the policy graph's
 * own are {@link org.pufferflow.policy.PolicyGraphParameters}, the budget's
 * {@link org.pufferflow.accounting.LedgerParameters}). An id is stable and is not the label a message shows
 * ({@code "support truncation tau = 1.0: ..."} is refused as {@link #TRUNCATION}): a caller maps a refusal to where
 * the parameter came from by these constants, so rewording a message never moves an error. Every public field is
 * an id (tests enumerate them).
 */
public final class DphmmParameters {

  private DphmmParameters() {}

  /** The transition matrix M. */
  public static final String TRANSITION = "transition";
  /** The initial distribution p0 (or {@code stationaryInitial()}). */
  public static final String INITIAL = "initial";
  /** The query F (rows, dimension d ≤ 3). */
  public static final String QUERY = "query";
  /** The policy graph (or {@code completeGraph()}); its kinds' arguments are the graph's own ids. */
  public static final String POLICY_GRAPH = "policyGraph";
  /** The constraint C_t (a setting of the builder). */
  public static final String CONSTRAINT = "constraint";
  /** τ of the truncated support, in [0, 1) ({@link Constraint#support(double)}). */
  public static final String TRUNCATION = "truncation";
  /** δ of the δ-location set, in [0, 1) ({@link Constraint#deltaLocationSet}). */
  public static final String DELTA = "delta";
  /** The repair mode ({@code none} refused for a release). */
  public static final String REPAIR = "repair";
  /** Whether releases span the full query range. */
  public static final String FULL_SPAN = "fullSpan";
  /** The noise kind (K-norm or Laplace). */
  public static final String NOISE = "noise";
  /** The per-release ε. */
  public static final String EPSILON = "epsilon";
  /** A noise scale derived from ε and F outside its sampler's range. */
  public static final String NOISE_SCALE = PufferPreconditions.NOISE_SCALE;
  /** The bound on cached constraints. */
  public static final String CACHE_CAPACITY = "cacheCapacity";
  /** The per-subject budget (required for a release configuration). */
  public static final String BUDGET = "budget";
}
