package org.pufferflow.tools.learn;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Scale;
import org.pufferflow.chain.TransitionEstimator;
import org.pufferflow.chain.TransitionMatrices;

/**
 * Invariants of {@link LearnedModel#fit} over arbitrary trace sets (several subjects, gaps): the learned matrix is
 * row-stochastic, the unsmoothed fit maximises the likelihood of the counted transitions against small
 * perturbations, and the counted transitions are exactly the pairs of consecutive observed ticks.
 */
class LearnedModelProperties {

  @Provide
  Arbitrary<TraceSet> traceSets() {
    return Arbitraries.integers().between(1, 4).flatMap(n ->
        Arbitraries.integers().between(-1, n - 1).array(int[].class).ofMinSize(1).ofMaxSize(40)
            .list().ofMinSize(1).ofMaxSize(4)
            .map(seqs -> {
              List<String> labels = new ArrayList<>();
              for (int i = 0; i < n; i++) {
                labels.add("s" + i);
              }
              Map<String, int[]> subjects = new LinkedHashMap<>();
              for (int i = 0; i < seqs.size(); i++) {
                subjects.put("u" + i, seqs.get(i));
              }
              return new TraceSet(labels, 1000, subjects, null, 0, 0);
            }));
  }

  @Property(tries = 200)
  void learnedMatrixIsRowStochastic(
      @ForAll("traceSets") TraceSet t, @ForAll @DoubleRange(min = 0, max = 3) double smoothing) {
    LearnedModel m = LearnedModel.fit(t, smoothing, 1);
    TransitionMatrices.checkStochastic("transition", m.transitionRows());
    assertThat(m.transitions()).isEqualTo(t.transitions());
    if (m.stationary() != null) {
      double sum = 0;
      for (double p : m.stationary()) {
        sum += p;
      }
      assertThat(sum).isBetween(1 - 1e-9, 1 + 1e-9);
    }
  }

  @Property(tries = 200)
  void unsmoothedFitMaximisesTheLikelihood(
      @ForAll("traceSets") TraceSet t,
      @ForAll @IntRange(min = 0, max = 3) int row,
      @ForAll @IntRange(min = 0, max = 3) int from,
      @ForAll @IntRange(min = 0, max = 3) int to,
      @ForAll @DoubleRange(min = 1e-6, max = 1) @Scale(8) double fraction) {
    int n = t.numStates();
    LearnedModel m = LearnedModel.fit(t, 0, 0);
    TransitionEstimator counts = new TransitionEstimator(n);
    t.subjects().values().forEach(counts::observeSequence);
    double[][] p = m.transitionRows();
    double best = counts.logLikelihood(p);
    double delta = p[row % n][from % n] * fraction * 0.1;
    p[row % n][from % n] -= delta;
    p[row % n][to % n] += delta;
    assertThat(counts.logLikelihood(p)).isLessThanOrEqualTo(best + 1e-9);
  }
}
