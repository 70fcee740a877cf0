package org.pufferflow.operators.state;

import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.TypeSerializerSingleton;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * Flink serializer of {@link CompactPosterior}: N and the support size as ints, an encoding tag byte, then
 * <ul>
 *   <li>tag 0 (dense): N doubles;</li>
 *   <li>tag 1 (sparse pairs): the support's (int index, double value) pairs in increasing index order;</li>
 *   <li>tag 2 (sparse runs): the number of runs R as an int, R (int start, int length) pairs of maximal runs of
 *       consecutive support indices in increasing order, then the support's values in index order.</li>
 * </ul>
 * Tags 0 and 1 are the original format (a boolean), so state written before tag 2 existed restores unchanged (the
 * snapshot is unchanged); state with tag 2 cannot be read by a build older than tag 2 (no downgrade). Doubles are
 * written as their IEEE bits, so a round trip is exact.
 */
@Internal
public final class CompactPosteriorSerializer extends TypeSerializerSingleton<CompactPosterior> {

  private static final long serialVersionUID = 1L;

  /** The one instance (stateless). */
  public static final CompactPosteriorSerializer INSTANCE = new CompactPosteriorSerializer();

  private CompactPosteriorSerializer() {}

  @Override
  public boolean isImmutableType() {
    return false;
  }

  @Override
  public CompactPosterior createInstance() {
    return new CompactPosterior();
  }

  @Override
  public CompactPosterior copy(CompactPosterior from) {
    return from.copy();
  }

  @Override
  public CompactPosterior copy(CompactPosterior from, CompactPosterior reuse) {
    return from.copy();
  }

  @Override
  public int getLength() {
    return -1;
  }

  @Override
  public void serialize(CompactPosterior p, DataOutputView out) throws IOException {
    out.writeInt(p.states());
    out.writeInt(p.support());
    byte encoding = p.encoding();
    out.writeByte(encoding);
    int n = p.isSparse() ? p.support() : p.states();
    if (encoding == CompactPosterior.RUNS) {
      out.writeInt(p.runs());
      for (int k = 0; k < n; ) {
        int start = k;
        while (k + 1 < n && p.index(k + 1) == p.index(k) + 1) {
          k++;
        }
        k++;
        out.writeInt(p.index(start));
        out.writeInt(k - start);
      }
    }
    for (int k = 0; k < n; k++) {
      if (encoding == CompactPosterior.PAIRS) {
        out.writeInt(p.index(k));
      }
      out.writeDouble(p.value(k));
    }
  }

  @Override
  public CompactPosterior deserialize(DataInputView in) throws IOException {
    int states = in.readInt();
    int support = in.readInt();
    byte encoding = in.readByte();
    if (states < 1 || support < 0 || support > states || encoding < 0 || encoding > CompactPosterior.RUNS) {
      throw new IOException(
          "corrupt DPHMM posterior state: " + states + " states, support " + support + ", encoding " + encoding);
    }
    boolean sparse = encoding != CompactPosterior.DENSE;
    int n = sparse ? support : states;
    int[] indices = new int[sparse ? support : 0];
    double[] values = new double[n];
    int runs = 0;
    if (encoding == CompactPosterior.RUNS) {
      runs = readRuns(in, states, support, indices);
    }
    int previous = -1;
    for (int k = 0; k < n; k++) {
      if (encoding == CompactPosterior.PAIRS) {
        indices[k] = in.readInt();
        if (indices[k] <= previous || indices[k] >= states) {
          throw new IOException("corrupt DPHMM posterior state: support indices not increasing within range");
        }
        previous = indices[k];
        runs += k == 0 || indices[k] != indices[k - 1] + 1 ? 1 : 0;
      }
      values[k] = in.readDouble();
    }
    CompactPosterior p = new CompactPosterior();
    p.restore(states, support, runs, encoding, indices, values);
    return p;
  }

  /** Reads the runs of tag 2 into {@code indices}; returns their number. */
  private static int readRuns(DataInputView in, int states, int support, int[] indices) throws IOException {
    int runs = in.readInt();
    if (runs < 0 || runs > support) {
      throw new IOException("corrupt DPHMM posterior state: " + runs + " runs for support " + support);
    }
    int k = 0;
    int end = -1; // one past the previous run; runs are maximal, so the next starts after a gap
    for (int r = 0; r < runs; r++) {
      int start = in.readInt();
      int length = in.readInt();
      if (start <= end || length < 1 || (long) start + length > states || k + length > support) {
        throw new IOException("corrupt DPHMM posterior state: runs not increasing within range");
      }
      for (int q = 0; q < length; q++) {
        indices[k++] = start + q;
      }
      end = start + length;
    }
    if (k != support) {
      throw new IOException("corrupt DPHMM posterior state: runs cover " + k + " states, support " + support);
    }
    return runs;
  }

  @Override
  public CompactPosterior deserialize(CompactPosterior reuse, DataInputView in) throws IOException {
    return deserialize(in);
  }

  @Override
  public void copy(DataInputView in, DataOutputView out) throws IOException {
    serialize(deserialize(in), out);
  }

  @Override
  public TypeSerializerSnapshot<CompactPosterior> snapshotConfiguration() {
    return new Snapshot();
  }

  /**
   * Snapshot for savepoint compatibility. The serializer reads every format it ever wrote (tags 0, 1 and 2), so a
   * restore of older state is compatible as is.
   */
  public static final class Snapshot extends SimpleTypeSerializerSnapshot<CompactPosterior> {
    public Snapshot() {
      super(() -> INSTANCE);
    }
  }
}
