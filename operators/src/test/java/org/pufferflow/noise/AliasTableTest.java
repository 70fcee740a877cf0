package org.pufferflow.noise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class AliasTableTest {

  @Test
  void drawsIndicesInProportionToTheirWeights() {
    double[] weights = {5, 0, 1, 2.5, 0.5, 11, 3};
    AliasTable table = new AliasTable(weights);
    KeyedRandom r = TestKeys.random("alias-test", "weights", 1);
    long[] counts = new long[weights.length];
    for (int i = 0; i < 200_000; i++) {
      counts[table.sample(r)]++;
    }
    assertThat(counts[1]).isZero();
    double total = 23;
    long[] nonZero = {counts[0], counts[2], counts[3], counts[4], counts[5], counts[6]};
    double[] expected = {5 / total, 1 / total, 2.5 / total, 0.5 / total, 11 / total, 3 / total};
    Stats.assertChiSquare(nonZero, expected);
  }

  @Test
  void aSingleWeightNeedsNoRandomness() {
    assertThat(new AliasTable(new double[] {2}).sample(new ScriptedStream())).isZero();
  }

  @Test
  void badWeightsAreRejected() {
    assertThatThrownBy(() -> new AliasTable(new double[0])).hasMessageContaining("must not be empty");
    assertThatThrownBy(() -> new AliasTable(new double[] {1, -1})).hasMessageContaining("weight[1] = -1.0");
    assertThatThrownBy(() -> new AliasTable(new double[] {0, 0})).hasMessageContaining("total weight = 0.0");
  }
}
