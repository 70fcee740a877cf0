package org.pufferflow.bench;

import java.util.SplittableRandom;
import org.pufferflow.noise.RandomStream;

/** Test-only baseline: java.util.SplittableRandom behind the RandomStream interface (never in main code). */
final class SplittableStream implements RandomStream {

  private final SplittableRandom random;

  SplittableStream(long seed) {
    random = new SplittableRandom(seed);
  }

  @Override
  public long nextLong() {
    return random.nextLong();
  }

  @Override
  public double nextDouble() {
    return random.nextDouble();
  }

  @Override
  public long nextLong(long boundExclusive) {
    return random.nextLong(boundExclusive);
  }
}
