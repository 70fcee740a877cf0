package org.pufferflow.noise;

/**
 * A source of uniformly distributed random bits, as consumed by every sampler of this package.
 *
 * <p>In release paths the only implementation is {@link KeyedRandom}, a keyed cryptographic stream that a replay
 * reproduces exactly (docs/privacy-noise.md, 'The keyed generator'). Test code may adapt other generators to this
 * interface (for example to compare throughput against the JDK's splittable generator); main code must not.
 *
 * <p>Only {@link #nextLong()} must be implemented: the two derived draws have default implementations that define
 * how bits are turned into values, so every implementation maps the same bits to the same doubles and bounded longs.
 */
public interface RandomStream {

  /** 64 uniformly random bits. */
  long nextLong();

  /**
   * A uniform double in [0, 1) with 53 random bits: {@code (nextLong() >>> 11) * 2^-53}, so every multiple of
   * 2^-53 in [0, 1) has probability exactly 2^-53.
   */
  default double nextDouble() {
    return (nextLong() >>> 11) * 0x1.0p-53;
  }

  /**
   * A uniform long in [0, boundExclusive) without modulo bias: a power-of-two bound masks the bits; any other bound
   * draws 63-bit values and rejects those in the incomplete last multiple of the bound (expected fewer than two
   * draws).
   *
   * @throws IllegalArgumentException if {@code boundExclusive <= 0}
   */
  default long nextLong(long boundExclusive) {
    if (boundExclusive <= 0) {
      throw new IllegalArgumentException("boundExclusive = " + boundExclusive + ": must be > 0");
    }
    long mask = boundExclusive - 1;
    if ((boundExclusive & mask) == 0) {
      return nextLong() & mask;
    }
    while (true) {
      long bits = nextLong() >>> 1;
      long value = bits % boundExclusive;
      if (bits - value + mask >= 0) { // no overflow: bits lies in a complete multiple of the bound
        return value;
      }
    }
  }
}
