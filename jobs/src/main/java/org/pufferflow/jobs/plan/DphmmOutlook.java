package org.pufferflow.jobs.plan;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.pufferflow.mechanism.dphmm.DphmmNoise;

/**
 * What a DPHMM configuration promises (docs/dphmm.md), computed over the FULL state space (C = all states) plus the
 * Theorem 6.3 cost range over the constraint sets evaluated.
 *
 * @param epsilon ε per release
 * @param noise K-norm or Laplace
 * @param states N
 * @param queryDimension d
 * @param exposedBefore states exposed before repair (C = all states)
 * @param dop DoP of each state after repair (C = all states)
 * @param addedEdges edges the repair added (C = all states), in the order added
 * @param exposedAfter states still exposed after repair (C = all states)
 * @param hullDimension rank of the sensitivity hull K (C = all states)
 * @param hullVolume measure of K in its span
 * @param l1Sensitivity S_f over the repaired graph (C = all states)
 * @param evaluated every constraint set evaluated for the cost range, first "all states"
 * @param costMin least Theorem 6.3 cost over {@code evaluated}
 * @param costMax largest Theorem 6.3 cost over {@code evaluated}
 * @param expectedGaugeError E‖Z − f‖_K = (r + 1)/ε for K-norm; NaN for Laplace
 * @param laplaceScale S_f/ε per coordinate for Laplace; NaN for K-norm
 * @param expectedL2Error E‖Z − f‖₂ of one release (C = all states)
 * @param queryDiameter max_{j,k} ‖f(s_j) − f(s_k)‖₂ over all states
 * @param constraint the configured constraint C_t ({@code support}, {@code support(truncation τ)},
 *     {@code deltaLocationSet(δ)})
 * @param droppedPriorMass δ of its relaxation: the prior mass a release may leave outside C_t (0: exact support,
 *     docs/dphmm.md, 'The constraint C_t')
 */
@Internal
public record DphmmOutlook(
    double epsilon,
    DphmmNoise noise,
    int states,
    int queryDimension,
    int[] exposedBefore,
    int[] dop,
    List<int[]> addedEdges,
    int[] exposedAfter,
    int hullDimension,
    double hullVolume,
    double l1Sensitivity,
    List<ConstraintCost> evaluated,
    double costMin,
    double costMax,
    double expectedGaugeError,
    double laplaceScale,
    double expectedL2Error,
    double queryDiameter,
    String constraint,
    double droppedPriorMass) {

  public DphmmOutlook {
    exposedBefore = exposedBefore.clone();
    dop = dop.clone();
    exposedAfter = exposedAfter.clone();
    List<int[]> edges = new ArrayList<>();
    for (int[] e : addedEdges) {
      edges.add(e.clone());
    }
    addedEdges = List.copyOf(edges);
    evaluated = List.copyOf(evaluated);
  }

  @Override
  public int[] exposedBefore() {
    return exposedBefore.clone();
  }

  @Override
  public int[] dop() {
    return dop.clone();
  }

  @Override
  public int[] exposedAfter() {
    return exposedAfter.clone();
  }

  /** The "all states" entry of {@link #evaluated()}. */
  public ConstraintCost fullSpace() {
    return evaluated.get(0);
  }
}
