package org.pufferflow.tools.learn;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.pufferflow.chain.ChainAnalysis;
import org.pufferflow.chain.Ergodicity;
import org.pufferflow.chain.TransitionEstimator;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.common.PufferPreconditions;

/**
 * A Markov model fitted to public traces (docs/learn.md): the maximum-likelihood transition matrix with add-λ
 * smoothing ({@link TransitionEstimator}), held as a {@link TransitionMatrix} (sparse for an unsmoothed sparse chain:
 * no N × N array), and the chain quantities the mechanisms calibrate with: the stationary distribution π, π_min,
 * the eigen-gap of P and of P·P* (P* the time reversal; exact up to {@value SummaryGaps#DENSE_MAX_STATES} states,
 * certified lower bounds above, {@link SummaryGaps}), reversibility and the period (irreducibility by
 * {@link Ergodicity}).
 *
 * <p>The quantities that need a unique stationary distribution (π, π_min, gap of P·P*, reversibility) are
 * {@code null}/NaN when the learned chain is not irreducible. {@link #warnings()} lists, in words, what makes the
 * model unfit for the mechanisms: a chain that is not ergodic (irreducible and aperiodic; MQM's approximate modes and
 * the DPHMM stationary prior need it) and states visited fewer than {@code minVisits} times (their rows are mostly
 * smoothing). The traces must be public prior knowledge: the guarantees assume the adversary knows this model
 * (docs/index.md, 'Assumptions').
 *
 * @param labels the state labels
 * @param smoothing λ of the add-λ estimate
 * @param transition the row-stochastic N×N estimate
 * @param visits per state, the observed ticks in it
 * @param departures per state, the counted transitions out of it
 * @param stationary π, or {@code null} when the chain is not irreducible
 * @param piMin min π, NaN when not irreducible
 * @param gapP 1 − |λ₂(P)| (a certified lower bound when {@code gaps.basis()} is CERTIFIED), NaN when not computed
 * @param gapPPStar the eigen-gap of P·P* (or a certified lower bound), NaN when not irreducible or not computed
 * @param gaps how π and the gaps were obtained ({@link SummaryGaps}); its π is this model's {@code stationary}
 * @param reversible detailed balance within {@link ChainAnalysis#REVERSIBILITY_TOLERANCE}, {@code null} when not
 *     irreducible
 * @param period the period of an irreducible chain (1 = aperiodic), 0 when not irreducible
 * @param warnings human-readable problems, empty when none
 * @param query the query f per state from the traces, or {@code null}
 */
@Internal
public record LearnedModel(
    List<String> labels,
    double smoothing,
    TransitionMatrix transition,
    long[] visits,
    long[] departures,
    double[] stationary,
    double piMin,
    double gapP,
    double gapPPStar,
    SummaryGaps gaps,
    Boolean reversible,
    int period,
    List<String> warnings,
    double[][] query) {

  /** Default threshold of the few-visits warning. */
  public static final long DEFAULT_MIN_VISITS = 10;

  /** How many offending states a warning names before "and k more". */
  static final int NAMED_STATES = 5;

  /** Largest N for which {@link #transitionRows()} hands out dense rows. */
  public static final int DENSE_ROWS_MAX_STATES = TransitionEstimator.DENSE_SMOOTHING_MAX_STATES;

  public LearnedModel {
    labels = List.copyOf(labels);
    PufferPreconditions.checkNotNull("transition", transition);
    visits = visits.clone();
    departures = departures.clone();
    stationary = stationary == null ? null : stationary.clone();
    warnings = List.copyOf(warnings);
    query = query == null ? null : copy(query);
  }

  /** Fits with the default few-visits threshold {@link #DEFAULT_MIN_VISITS}. */
  public static LearnedModel fit(TraceSet traces, double smoothing) {
    return fit(traces, smoothing, DEFAULT_MIN_VISITS);
  }

  /** Fits the add-{@code smoothing} MLE to {@code traces}; states visited fewer than {@code minVisits} are warned. */
  public static LearnedModel fit(TraceSet traces, double smoothing, long minVisits) {
    PufferPreconditions.checkNotNull("traces", traces);
    PufferPreconditions.checkNonNegative("smoothing", smoothing);
    PufferPreconditions.checkFinite("smoothing", smoothing);
    PufferPreconditions.checkAtLeast("minVisits", minVisits, 0);
    int n = traces.numStates();
    TransitionEstimator estimator = new TransitionEstimator(n);
    for (int[] states : traces.subjects().values()) {
      for (int s : states) {
        estimator.observe(s);
      }
      estimator.endSequence();
    }
    TransitionMatrix p = estimator.estimate(smoothing);
    long[] visits = new long[n];
    long[] departures = new long[n];
    for (int i = 0; i < n; i++) {
      visits[i] = estimator.visits(i);
      departures[i] = estimator.departures(i);
    }
    List<String> labels = traces.labels();
    List<String> warnings = new ArrayList<>();
    if (!Ergodicity.isIrreducible(p)) {
      warnings.add(irreducibilityWarning(p, labels, smoothing));
      warnVisits(warnings, labels, visits, departures, minVisits);
      SummaryGaps gaps = SummaryGaps.of(p, false, 0);
      return new LearnedModel(labels, smoothing, p, visits, departures, null, Double.NaN, gaps.gapP(), Double.NaN,
          gaps, null, 0, warnings, traces.query());
    }
    int period = Ergodicity.period(p);
    if (period != 1) {
      warnings.add("the learned chain is periodic with period " + period + ", not aperiodic (not ergodic):"
          + " its eigen-gap is 0 and MQM's approximate modes reject it; use a smoothing > 0");
    }
    warnVisits(warnings, labels, visits, departures, minVisits);
    SummaryGaps gaps = SummaryGaps.of(p, true, period);
    double[] pi = gaps.stationary();
    return new LearnedModel(labels, smoothing, p, visits, departures, pi, ChainAnalysis.piMin(pi), gaps.gapP(),
        gaps.gapPPStar(), gaps, ChainAnalysis.isReversible(p, pi), period, warnings, traces.query());
  }

  private static String irreducibilityWarning(TransitionMatrix p, List<String> labels, double smoothing) {
    int unreached = Ergodicity.firstUnreachedFromZero(p);
    String why = unreached >= 0
        ? "state " + labels.get(unreached) + " cannot be reached from state " + labels.get(0)
        : "state " + labels.get(0) + " cannot be reached from state "
            + labels.get(Ergodicity.firstNotReachingZero(p));
    return "the learned chain is not irreducible (not ergodic): " + why + "; it has no unique stationary"
        + " distribution and the mechanisms reject it" + (smoothing == 0 ? "; use a smoothing > 0" : "");
  }

  private static void warnVisits(
      List<String> warnings, List<String> labels, long[] visits, long[] departures, long minVisits) {
    List<String> few = new ArrayList<>();
    List<String> stuck = new ArrayList<>();
    for (int i = 0; i < visits.length; i++) {
      if (visits[i] < minVisits) {
        few.add(labels.get(i));
      }
      if (departures[i] == 0) {
        stuck.add(labels.get(i));
      }
    }
    if (!few.isEmpty()) {
      warnings.add(few.size() + " of " + visits.length + " states visited fewer than " + minVisits + " times ("
          + names(few) + "): their rows are estimated from little or no data");
    }
    if (!stuck.isEmpty()) {
      warnings.add(stuck.size() + " states with no observed transition out (" + names(stuck) + "): their rows are"
          + " pure smoothing (uniform), or a self-loop when the smoothing is 0");
    }
  }

  private static String names(List<String> states) {
    String head = String.join(", ", states.subList(0, Math.min(NAMED_STATES, states.size())));
    return states.size() > NAMED_STATES ? head + " and " + (states.size() - NAMED_STATES) + " more" : head;
  }

  /** N, the number of states. */
  public int numStates() {
    return labels.size();
  }

  /** True iff the chain is irreducible and aperiodic. */
  public boolean ergodic() {
    return period == 1;
  }

  /** Total counted transitions. */
  public long transitions() {
    return Arrays.stream(departures).sum();
  }

  /**
   * The transition matrix as dense rows (a fresh copy), for callers whose models are small by construction (the
   * experiments' AMPds and 1-km GeoLife chains, tests); refused above {@link #DENSE_ROWS_MAX_STATES} states: use
   * {@link #transition()}.
   */
  public double[][] transitionRows() {
    PufferPreconditions.checkArgument("transition", numStates() <= DENSE_ROWS_MAX_STATES,
        "transition: %d states, dense rows only up to %d (use the TransitionMatrix)", numStates(),
        DENSE_ROWS_MAX_STATES);
    return transition.toArray();
  }

  @Override
  public long[] visits() {
    return visits.clone();
  }

  @Override
  public long[] departures() {
    return departures.clone();
  }

  @Override
  public double[] stationary() {
    return stationary == null ? null : stationary.clone();
  }

  @Override
  public double[][] query() {
    return query == null ? null : copy(query);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LearnedModel m && labels.equals(m.labels) && Double.compare(smoothing, m.smoothing) == 0
        && sameEntries(transition, m.transition) && Arrays.equals(visits, m.visits)
        && Arrays.equals(departures, m.departures) && Arrays.equals(stationary, m.stationary)
        && Arrays.deepEquals(query, m.query) && warnings.equals(m.warnings);
  }

  @Override
  public int hashCode() {
    return labels.hashCode() * 31 + Long.hashCode(transition.nonZeros());
  }

  @Override
  public String toString() {
    return "LearnedModel[states=" + labels.size() + ", smoothing=" + smoothing + ", piMin=" + piMin + ", gapP="
        + gapP + ", gapPPStar=" + gapPPStar + ", reversible=" + reversible + ", warnings=" + warnings.size() + "]";
  }

  /** Entry-wise equality (O(N²); used by tests on small models). */
  private static boolean sameEntries(TransitionMatrix a, TransitionMatrix b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      for (int j = 0; j < a.size(); j++) {
        if (Double.compare(a.get(i, j), b.get(i, j)) != 0) {
          return false;
        }
      }
    }
    return true;
  }

  private static double[][] copy(double[][] m) {
    return Arrays.stream(m).map(double[]::clone).toArray(double[][]::new);
  }
}
