package org.pufferflow.mechanism.dphmm;

import java.util.Arrays;

/**
 * A memo of {@code Math.exp(x)} keyed by the exact bits of x, valid for one release (docs/dphmm.md, 'What a release
 * does' step 9). On a grid the likelihood exponents −ε‖z − f_i‖_K repeat across C (for a square K, ‖z − f_i‖_K takes
 * one value per row or column of the window), so most of the |C| exponentials are looked up instead of computed. The
 * value returned is always the one {@code Math.exp} returns for that x, so the posterior is bit-for-bit the same as
 * without the memo.
 *
 * <p>Bounded work: 256 slots, at most {@link #PROBES} probes per lookup, no clearing between releases (slots carry
 * the release's stamp). If a release finds fewer than a quarter of its exponents in the memo (exponents all
 * distinct, e.g. a non-grid f or Laplace noise), the memo switches itself off for the next {@link #BACKOFF}
 * releases. Allocates nothing after construction. Not thread-safe: one per releaser.
 */
final class ExpMemo {

  static final int SLOTS = 256;
  static final int PROBES = 4;
  static final int BACKOFF = 64;

  private final long[] keys = new long[SLOTS];
  private final double[] values = new double[SLOTS];
  private final int[] stamps = new int[SLOTS];
  private int stamp;
  private int off; // releases left with the memo switched off
  private int lookups;
  private int hits;

  /** Starts a release's lookups (call once per release, before {@link #exp}). */
  void begin() {
    if (off > 0) {
      off--;
    }
    stamp++;
    if (stamp == 0) { // wrapped: stale stamps could match again
      Arrays.fill(stamps, 0);
      stamp = 1;
    }
    lookups = 0;
    hits = 0;
  }

  /** Ends a release: switches the memo off for a while if it did not pay. */
  void end() {
    if (off == 0 && lookups >= 16 && hits * 4 < lookups) {
      off = BACKOFF;
    }
  }

  /** {@code Math.exp(x)}. */
  double exp(double x) {
    if (off > 0) {
      return Math.exp(x);
    }
    lookups++;
    long bits = Double.doubleToRawLongBits(x);
    int slot = (int) ((bits * 0x9E3779B97F4A7C15L) >>> 56);
    for (int p = 0; p < PROBES; p++, slot = (slot + 1) & (SLOTS - 1)) {
      if (stamps[slot] != stamp) {
        double v = Math.exp(x);
        keys[slot] = bits;
        values[slot] = v;
        stamps[slot] = stamp;
        return v;
      }
      if (keys[slot] == bits) {
        hits++;
        return values[slot];
      }
    }
    return Math.exp(x);
  }
}
