package org.pufferflow.mechanism.dphmm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.pufferflow.chain.TransitionMatrices;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.policy.PolicyGraph;
import org.pufferflow.policy.StateQuery;

/**
 * The default constraint is the paper's C_t = {s : p⁻_t(s) &gt; 0} (DPHMM paper, Definition 4.1; docs/dphmm.md, 'The
 * constraint C_t'), even when ε is so large that the posterior weights underflow: on random sparse chains (some
 * entries 1e-300) with true sequences drawn from the chain, |C_t| equals the size of the prior's true support,
 * computed independently by set propagation over M's non-zeros, the true state is always in C_t, and a release is
 * exact (no noise) only when that support is a single state.
 */
class ExactSupportReleaseTest {

  @Property(tries = 120)
  void noReleaseWithoutNoiseUnlessThePriorSupportIsOneState(@ForAll @LongRange(min = 0, max = 1L << 40) long seed) {
    Random r = new Random(seed);
    int n = 2 + r.nextInt(10);
    double[][] rows = PriorSupportTest.sparseChain(r, n);
    double[] p0 = new double[n];
    int first = r.nextInt(n);
    p0[first] = 1;
    if (r.nextBoolean()) {
      int second = r.nextInt(n);
      p0[first] = 0.5;
      p0[second] += 0.5;
    }
    double[][] fr = new double[n][1];
    for (int i = 0; i < n; i++) {
      fr[i][0] = r.nextGaussian() * 3;
    }
    StateQuery f = StateQuery.of(fr);
    double epsilon = new double[] {0.5, 5, 50, 500, 5000}[r.nextInt(5)];
    DphmmConfig.Builder b = DphmmConfig.builder().transition(TransitionMatrices.of(rows)).initial(p0).query(f)
        .epsilon(epsilon);
    b = r.nextBoolean() ? b.completeGraph() : b.policyGraph(PolicyGraph.utility(f, 2));
    DphmmReleaser rel = new DphmmReleaser(b.build());
    double[] post = rel.newPosterior();
    DphmmRelease out = rel.newResult();
    KeyedRandom rng = DphmmPropertiesTest.rng();
    boolean[] support = new boolean[n];
    for (int i = 0; i < n; i++) {
      support[i] = p0[i] > 0;
    }
    int truth = draw(p0, r);
    for (int t = 0; t < 40; t++) {
      if (t > 0) {
        truth = draw(rows[truth], r);
        boolean[] next = new boolean[n];
        for (int j = 0; j < n; j++) {
          for (int i = 0; i < n; i++) {
            next[i] |= support[j] && rows[j][i] > 0;
          }
        }
        support = next;
      }
      int size = 0;
      for (boolean s : support) {
        size += s ? 1 : 0;
      }
      rel.release(post, t == 0 ? DphmmReleaser.FIRST_RELEASE : 1, truth, rng.reset("support", "seed=" + seed, t),
          out);
      String at = "seed " + seed + " eps " + epsilon + " tick " + t;
      assertThat(out.constraintSize()).as(at).isEqualTo(size);
      assertThat(out.exact()).as(at).isEqualTo(size == 1);
      assertThat(rel.lastConstraintContains(truth)).as(at).isTrue();
      for (int i = 0; i < n; i++) {
        assertThat(post[i] > 0).as(at + " posterior support, state " + i).isEqualTo(support[i]);
      }
    }
  }

  /** Inversion of the cumulative distribution; rounding at the end falls back to the last state of positive mass. */
  static int draw(double[] p, Random r) {
    double rest = r.nextDouble() - p[0];
    int j = 0;
    while (rest >= 0 && j + 1 < p.length) {
      rest -= p[++j];
    }
    while (p[j] == 0) {
      j--;
    }
    return j;
  }
}
