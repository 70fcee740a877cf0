package org.pufferflow.mechanism.mqm;

import java.util.ArrayList;
import java.util.List;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.common.PufferPreconditions;

/**
 * The class Θ of known chains given as {@link TransitionMatrix} (a job's model, a model file), analysed the way its
 * size allows (docs/mqm.md, 'Certified bounds for large chains'): chains of at most
 * {@link FiniteChainClass#DENSE_ANALYSIS_MAX_STATES} states become a {@link FiniteChainClass} (dense exact algebra,
 * every mode), larger ones a {@link CertifiedChainClass} (certified bounds, approximate modes only), which never
 * builds a dense k × k array. Both give the same (π_min, gap) above that size: {@link FiniteChainClass} certifies
 * large chains with the same {@link org.pufferflow.chain.SpectralBounds}.
 */
public final class KnownChains {

  private KnownChains() {}

  /** The class of {@code chains} (one or more, the same k states each). */
  public static ChainClass of(List<? extends TransitionMatrix> chains) {
    PufferPreconditions.checkNotNull(MqmParameters.CHAINS, chains);
    PufferPreconditions.checkArgument(MqmParameters.CHAINS, !chains.isEmpty(),
        "chains: the class must contain at least one chain");
    int k = PufferPreconditions.checkNotNull(MqmParameters.CHAIN + "[0]", chains.get(0)).size();
    if (k > FiniteChainClass.DENSE_ANALYSIS_MAX_STATES) {
      return CertifiedChainClass.of(chains);
    }
    List<double[][]> dense = new ArrayList<>(chains.size());
    for (int j = 0; j < chains.size(); j++) {
      String name = MqmParameters.CHAIN + "[" + j + "]";
      TransitionMatrix m = PufferPreconditions.checkNotNull(name, chains.get(j));
      PufferPreconditions.checkArgument(name,
          m.size() == k, "%s: has %d states, chain[0] has %d (a class shares one state space)", name, m.size(), k);
      dense.add(m.toArray());
    }
    return FiniteChainClass.of(dense);
  }
}
