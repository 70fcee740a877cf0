package org.pufferflow.operators.state;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.Supplier;
import org.apache.flink.annotation.Internal;
import org.apache.flink.annotation.VisibleForTesting;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * The serializer snapshot of a keyed state of the project's (one subclass per state serializer): its version is the
 * format of the state's bytes, and it reads that format only. A savepoint whose snapshot has another version, or
 * whose state was written by a serializer with another snapshot, is refused with an
 * {@link IncompatibleSavepointException} naming the state and both formats, never migrated: savepoints of
 * pufferflow 0.x are not compatible across versions (docs/operators.md).
 *
 * <p>Where Flink 2.2 surfaces the refusal: {@link #readSnapshot} runs while the keyed state backend restores the
 * savepoint's metadata, on heap and on RocksDB, before any function is opened. The exception is the innermost cause
 * of {@code Exception("Exception while creating StreamOperatorStateContext.")} ← {@code FlinkException("Could not
 * restore keyed state backend for …")} ← {@code BackendBuildingException} ("Failed when trying to restore heap
 * backend", or on RocksDB "Caught unexpected exception."). A snapshot of another class is seen later, when the
 * function registers the state in {@code open()}: {@link #resolveSchemaCompatibility} then throws the same exception
 * (as the cause of an {@link UncheckedIOException}, which Flink wraps in {@code RuntimeException("Error while getting
 * state")}) rather than answer {@code incompatible()}, which Flink would report without naming the formats.
 *
 * <p>A change of the bytes — including those of a part the serializer writes inline, such as
 * {@link CompactPosteriorSerializer} in {@code dphmm-subject} or {@link StateWindowSerializer} in
 * {@code mqm-subject} — is a new format: raise the subclass's format. The snapshot writes no data beyond its version.
 */
@Internal
public abstract class StateFormatSnapshot<T> implements TypeSerializerSnapshot<T> {

  private final String state;
  private final int reads;
  private final Supplier<? extends TypeSerializer<T>> serializer;
  private int format;

  /**
   * @param state what the state holds and its name, for the refusal, e.g. {@code DPHMM subjects (dphmm-subject)}
   * @param reads the format this build writes and reads: the snapshot's version
   * @param serializer the serializer of that format
   */
  protected StateFormatSnapshot(String state, int reads, Supplier<? extends TypeSerializer<T>> serializer) {
    this.state = state;
    this.reads = reads;
    this.serializer = serializer;
    this.format = reads;
  }

  /** This snapshot as written by a build of another format (tests of the refusal write savepoints with it). */
  @VisibleForTesting
  public final StateFormatSnapshot<T> withFormat(int other) {
    format = other;
    return this;
  }

  /** The format this build reads. */
  public final int format() {
    return reads;
  }

  @Override
  public final int getCurrentVersion() {
    return format;
  }

  @Override
  public final void writeSnapshot(DataOutputView out) {
    // the version is the format; nothing else to write
  }

  /**
   * @throws IncompatibleSavepointException unless {@code readVersion} is the format this build reads
   */
  @Override
  public final void readSnapshot(int readVersion, DataInputView in, ClassLoader classLoader) throws IOException {
    if (readVersion != reads) {
      throw new IncompatibleSavepointException(state, Integer.toString(readVersion), reads);
    }
    format = readVersion;
  }

  @Override
  public final TypeSerializer<T> restoreSerializer() {
    return serializer.get();
  }

  /**
   * Compatible as is when {@code old} is this class's snapshot of the same format.
   *
   * @throws UncheckedIOException with an {@link IncompatibleSavepointException} otherwise
   */
  @Override
  public final TypeSerializerSchemaCompatibility<T> resolveSchemaCompatibility(TypeSerializerSnapshot<T> old) {
    if (old.getClass() == getClass() && old.getCurrentVersion() == reads) {
      return TypeSerializerSchemaCompatibility.compatibleAsIs();
    }
    String found = old.getClass() == getClass() ? Integer.toString(old.getCurrentVersion())
        : old.getClass().getName() + " version " + old.getCurrentVersion();
    throw new UncheckedIOException(new IncompatibleSavepointException(state, found, reads));
  }

  @Override
  public final boolean equals(Object o) {
    return o != null && o.getClass() == getClass() && ((StateFormatSnapshot<?>) o).format == format;
  }

  @Override
  public final int hashCode() {
    return getClass().hashCode() * 31 + format;
  }

  @Override
  public String toString() {
    return getClass().getName() + " format " + format;
  }
}
