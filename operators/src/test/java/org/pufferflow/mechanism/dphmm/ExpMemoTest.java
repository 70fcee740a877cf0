package org.pufferflow.mechanism.dphmm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link ExpMemo} returns exactly {@code Math.exp}, with repeated, distinct and colliding arguments. */
class ExpMemoTest {

  @Test
  void alwaysReturnsMathExpBitForBit() {
    ExpMemo memo = new ExpMemo();
    Random r = new Random(11);
    for (int release = 0; release < 2000; release++) {
      memo.begin();
      boolean repeats = release % 3 != 0;
      int k = 1 + r.nextInt(300);
      for (int q = 0; q < k; q++) {
        double x = repeats ? -0.5 * r.nextInt(30) - 0.1 * (release % 7) : -10 * r.nextDouble();
        assertThat(Double.doubleToRawLongBits(memo.exp(x)))
            .as("release %d, x = %s", release, x).isEqualTo(Double.doubleToRawLongBits(Math.exp(x)));
      }
      memo.end();
    }
  }
}
