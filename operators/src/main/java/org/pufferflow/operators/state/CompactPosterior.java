package org.pufferflow.operators.state;

import java.util.Arrays;
import org.apache.flink.annotation.Internal;
import org.pufferflow.common.PufferPreconditions;

/**
 * The adversary's posterior over N states as DPHMM keyed state, in whichever of three encodings is smallest: dense
 * (N doubles), sparse pairs (the index and value of each state of the support, the states with non-zero mass) or
 * sparse runs (the support as runs of consecutive indices, each a start and a length, then its values). Grid
 * mobility models keep the posterior on a neighbourhood of the last release — on a row-major grid a few dozen runs
 * of consecutive cells — so a 10,000-state model stores its support's values and a few ints per grid row instead of
 * 10,000 doubles (docs/operators.md, 'DPHMM release function').
 *
 * <p>Values round-trip bit for bit: {@link #decodeInto} after {@link #encode} restores exactly the vector encoded,
 * so a restored subject continues with the same posterior and the same releases.
 *
 * <p>Mutable, reused across records: {@link #encode} allocates only when the support outgrows the arrays already
 * held. Public quantity (the posterior is computed from released values and the public model only), but it is
 * still per subject and not shown by {@link #toString()}.
 */
@Internal
public final class CompactPosterior {

  /** Encoding tags as serialized (0 and 1 are the format's original dense/sparse boolean). */
  static final byte DENSE = 0;
  static final byte PAIRS = 1;
  static final byte RUNS = 2;

  private int states;
  private int support;
  private int runs;
  private byte encoding;
  private int[] indices = new int[0];
  private double[] values = new double[0];

  /** An empty holder; {@link #encode} fills it. */
  public CompactPosterior() {}

  /** N, the number of states of the vector held (0 before the first {@link #encode}). */
  public int states() {
    return states;
  }

  /** Number of states with non-zero mass. */
  public int support() {
    return support;
  }

  /** Whether a sparse encoding (pairs or runs) is in use. */
  public boolean isSparse() {
    return encoding != DENSE;
  }

  /** The encoding in use: {@link #DENSE}, {@link #PAIRS} or {@link #RUNS}. */
  byte encoding() {
    return encoding;
  }

  /** Number of runs of consecutive indices in the support. */
  int runs() {
    return runs;
  }

  /** Stores {@code p} (length N ≥ 1), choosing the smaller encoding. */
  public CompactPosterior encode(double[] p) {
    PufferPreconditions.checkArgument(p.length >= 1, "posterior: must have at least one state");
    int nnz = 0;
    int r = 0;
    boolean previous = false;
    for (double x : p) {
      boolean in = x != 0;
      if (in) {
        nnz++;
        if (!previous) {
          r++;
        }
      }
      previous = in;
    }
    states = p.length;
    support = nnz;
    runs = r;
    encoding = smallest(states, nnz, r);
    if (encoding != DENSE) {
      ensure(nnz, true);
      int k = 0;
      for (int i = 0; i < p.length; i++) {
        if (p[i] != 0) {
          indices[k] = i;
          values[k++] = p[i];
        }
      }
    } else {
      ensure(states, false);
      System.arraycopy(p, 0, values, 0, states);
    }
    return this;
  }

  /** Writes the vector held into {@code out} (length N), zeros included. */
  public void decodeInto(double[] out) {
    PufferPreconditions.checkLength("posterior", out.length, states);
    if (encoding != DENSE) {
      Arrays.fill(out, 0, states, 0);
      for (int k = 0; k < support; k++) {
        out[indices[k]] = values[k];
      }
    } else {
      System.arraycopy(values, 0, out, 0, states);
    }
  }

  /**
   * Refuses a posterior restored for another model size.
   *
   * @throws IllegalStateException naming both sizes
   */
  public void checkStates(int expected) {
    if (states != expected) {
      throw new IllegalStateException(
          "DPHMM posterior state has " + states + " states, the model now has " + expected
              + "; restore from a savepoint taken with the same model, or start without state");
    }
  }

  /** The encoding of fewest bytes for this N, support size and number of runs (ties: dense, then pairs). */
  static byte smallest(int states, int support, int runs) {
    long dense = size(DENSE, states, support, runs);
    long pairs = size(PAIRS, states, support, runs);
    long rle = size(RUNS, states, support, runs);
    if (dense <= pairs && dense <= rle) {
      return DENSE;
    }
    return pairs <= rle ? PAIRS : RUNS;
  }

  /**
   * Serialized bytes of an encoding: the header (N, support, tag: 9 bytes), then N doubles; or an (int, double)
   * pair per state of the support; or the number of runs, a (start, length) int pair per run and a double per state
   * of the support.
   */
  static long size(byte encoding, int states, int support, int runs) {
    return 9 + switch (encoding) {
      case DENSE -> 8L * states;
      case PAIRS -> 12L * support;
      default -> 4 + 8L * runs + 8L * support;
    };
  }

  /** Bytes of the serialized form (for the state-size figures of the benchmarks). */
  public int serializedSize() {
    return (int) size(encoding, states, support, runs);
  }

  // Package-private views for the serializer.
  int index(int k) {
    return indices[k];
  }

  double value(int k) {
    return values[k];
  }

  void restore(int states, int support, int runs, byte encoding, int[] indices, double[] values) {
    this.states = states;
    this.support = support;
    this.runs = runs;
    this.encoding = encoding;
    this.indices = indices;
    this.values = values;
  }

  private void ensure(int length, boolean withIndices) {
    if (values.length < length) {
      values = new double[length];
    }
    if (withIndices && indices.length < length) {
      indices = new int[length];
    }
  }

  /** Deep copy. */
  public CompactPosterior copy() {
    CompactPosterior c = new CompactPosterior();
    boolean sparse = encoding != DENSE;
    c.restore(states, support, runs, encoding, Arrays.copyOf(indices, sparse ? support : 0),
        Arrays.copyOf(values, sparse ? support : states));
    return c;
  }

  /** Same N and bit-identical entries. */
  @Override
  public boolean equals(Object o) {
    if (!(o instanceof CompactPosterior c) || c.states != states || c.support != support) {
      return false;
    }
    double[] a = new double[states];
    double[] b = new double[states];
    decodeInto(a);
    c.decodeInto(b);
    return Arrays.equals(a, b);
  }

  @Override
  public int hashCode() {
    double[] a = new double[states];
    decodeInto(a);
    return Arrays.hashCode(a);
  }

  @Override
  public String toString() {
    String how = encoding == DENSE ? "dense" : encoding == PAIRS ? "sparse pairs" : "sparse runs";
    return "CompactPosterior[states=" + states + ", support=" + support + ", " + how + "]";
  }
}
