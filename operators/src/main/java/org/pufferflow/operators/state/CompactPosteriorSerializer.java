package org.pufferflow.operators.state;

import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.TypeSerializerSingleton;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * Flink serializer of {@link CompactPosterior}: N and the support size as ints, an encoding flag, then either N
 * doubles (dense) or the support's (int index, double value) pairs in increasing index order (sparse). Doubles are
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
    out.writeBoolean(p.isSparse());
    int n = p.isSparse() ? p.support() : p.states();
    for (int k = 0; k < n; k++) {
      if (p.isSparse()) {
        out.writeInt(p.index(k));
      }
      out.writeDouble(p.value(k));
    }
  }

  @Override
  public CompactPosterior deserialize(DataInputView in) throws IOException {
    int states = in.readInt();
    int support = in.readInt();
    boolean sparse = in.readBoolean();
    if (states < 1 || support < 0 || support > states) {
      throw new IOException("corrupt DPHMM posterior state: " + states + " states, support " + support);
    }
    int n = sparse ? support : states;
    int[] indices = new int[sparse ? support : 0];
    double[] values = new double[n];
    int previous = -1;
    for (int k = 0; k < n; k++) {
      if (sparse) {
        indices[k] = in.readInt();
        if (indices[k] <= previous || indices[k] >= states) {
          throw new IOException("corrupt DPHMM posterior state: support indices not increasing within range");
        }
        previous = indices[k];
      }
      values[k] = in.readDouble();
    }
    CompactPosterior p = new CompactPosterior();
    p.restore(states, support, sparse, indices, values);
    return p;
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

  /** Snapshot for savepoint compatibility (format version 1). */
  public static final class Snapshot extends SimpleTypeSerializerSnapshot<CompactPosterior> {
    public Snapshot() {
      super(() -> INSTANCE);
    }
  }
}
