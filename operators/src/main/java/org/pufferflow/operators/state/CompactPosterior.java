package org.pufferflow.operators.state;

import java.util.Arrays;
import org.apache.flink.annotation.Internal;
import org.pufferflow.common.PufferPreconditions;

/**
 * The adversary's posterior over N states as DPHMM keyed state, in whichever of two encodings is smaller: dense
 * (N doubles) or sparse (the indices and values of the support, the states with non-zero mass). Grid mobility
 * models keep the posterior on a small neighbourhood of the last release, so a 2,500-state model typically stores a
 * few dozen entries instead of 2,500.
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

  private int states;
  private int support;
  private boolean sparse;
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

  /** Whether the sparse encoding is in use. */
  public boolean isSparse() {
    return sparse;
  }

  /** Stores {@code p} (length N ≥ 1), choosing the smaller encoding. */
  public CompactPosterior encode(double[] p) {
    PufferPreconditions.checkArgument(p.length >= 1, "posterior: must have at least one state");
    int nnz = 0;
    for (double x : p) {
      if (x != 0) {
        nnz++;
      }
    }
    states = p.length;
    support = nnz;
    sparse = sparseIsSmaller(states, nnz);
    if (sparse) {
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
    if (sparse) {
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

  /** True when the support's indices and values take fewer bytes than N doubles. */
  static boolean sparseIsSmaller(int states, int support) {
    return 12L * support < 8L * states;
  }

  /** Bytes of the serialized form (for the state-size figures of the benchmarks). */
  public int serializedSize() {
    return 9 + (sparse ? 12 * support : 8 * states);
  }

  // Package-private views for the serializer.
  int index(int k) {
    return indices[k];
  }

  double value(int k) {
    return values[k];
  }

  void restore(int states, int support, boolean sparse, int[] indices, double[] values) {
    this.states = states;
    this.support = support;
    this.sparse = sparse;
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
    c.restore(states, support, sparse, Arrays.copyOf(indices, sparse ? support : 0),
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
    return "CompactPosterior[states=" + states + ", support=" + support + (sparse ? ", sparse]" : ", dense]");
  }
}
