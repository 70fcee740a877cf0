package org.pufferflow.operators;

import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.TypeSerializerSingleton;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.pufferflow.accounting.LedgerState;
import org.pufferflow.operators.state.CompactPosterior;
import org.pufferflow.operators.state.CompactPosteriorSerializer;
import org.pufferflow.operators.state.LedgerStateFormat;

/**
 * Flink serializer of {@link DphmmSubjectState} (never Kryo). Format 2: the last release's tick and the release
 * count as longs, whether a ledger follows (a byte) and the ledger ({@link LedgerStateFormat}), then, after a
 * release, the posterior as {@link CompactPosteriorSerializer} writes it: 17 + 50 + 809 bytes for a dense posterior
 * of N = 100.
 *
 * <p>Format 1 (before the ledger moved in; its snapshot is {@link Snapshot} at version {@value Snapshot#FORMAT_1})
 * held the tick, the count and the posterior. A restore from it is "compatible after migration": Flink reads the
 * old values with {@link Format1} and keeps them in format 2 with a null ledger, and the function takes each such
 * subject's ledger from the old {@code ledger-dphmm} state at its next record (docs/operators.md, 'DPHMM release
 * function').
 */
@Internal
public class DphmmSubjectStateSerializer extends TypeSerializerSingleton<DphmmSubjectState> {

  private static final long serialVersionUID = 2L;

  /** The one instance (stateless). */
  public static final DphmmSubjectStateSerializer INSTANCE = new DphmmSubjectStateSerializer();

  /** Private: the one instance, and {@link Format1}, which inherits everything but the format. */
  private DphmmSubjectStateSerializer() {}

  @Override
  public boolean isImmutableType() {
    return false;
  }

  @Override
  public DphmmSubjectState createInstance() {
    return DphmmSubjectState.withoutRelease(null);
  }

  @Override
  public DphmmSubjectState copy(DphmmSubjectState from) {
    return from.copy();
  }

  @Override
  public DphmmSubjectState copy(DphmmSubjectState from, DphmmSubjectState reuse) {
    return from.copy();
  }

  @Override
  public int getLength() {
    return -1;
  }

  @Override
  public void serialize(DphmmSubjectState s, DataOutputView out) throws IOException {
    out.writeLong(s.lastTick);
    out.writeLong(s.releaseSeq);
    out.writeBoolean(s.ledger != null);
    if (s.ledger != null) {
      LedgerStateFormat.write(s.ledger, out);
    }
    if (s.posterior != null) {
      CompactPosteriorSerializer.INSTANCE.serialize(s.posterior, out);
    }
  }

  @Override
  public DphmmSubjectState deserialize(DataInputView in) throws IOException {
    long lastTick = in.readLong();
    long releaseSeq = in.readLong();
    if (releaseSeq < 0 || (releaseSeq == 0 && lastTick != DphmmSubjectState.NO_RELEASE)) {
      throw new IOException("corrupt DPHMM subject state: " + releaseSeq + " releases, last tick " + lastTick);
    }
    LedgerState ledger = in.readBoolean() ? LedgerStateFormat.read(in) : null;
    CompactPosterior posterior = releaseSeq == 0 ? null : CompactPosteriorSerializer.INSTANCE.deserialize(in);
    return new DphmmSubjectState(lastTick, releaseSeq, posterior, ledger);
  }

  @Override
  public DphmmSubjectState deserialize(DphmmSubjectState reuse, DataInputView in) throws IOException {
    return deserialize(in);
  }

  @Override
  public void copy(DataInputView in, DataOutputView out) throws IOException {
    serialize(deserialize(in), out);
  }

  /** Bytes one subject's state takes serialized (for the state-size figures). */
  public static int serializedSize(DphmmSubjectState s) {
    return 2 * Long.BYTES + 1 + (s.ledger == null ? 0 : LedgerStateFormat.BYTES)
        + (s.posterior == null ? 0 : s.posterior.serializedSize());
  }

  @Override
  public TypeSerializerSnapshot<DphmmSubjectState> snapshotConfiguration() {
    return new Snapshot(Snapshot.FORMAT_2);
  }

  /**
   * Reads format 1 (tick, count, posterior; no ledger), for a restore from a savepoint written before the ledger
   * moved into the value. Never written: Flink writes the restored values with {@link #INSTANCE}.
   */
  static final class Format1 extends DphmmSubjectStateSerializer {
    private static final long serialVersionUID = 1L;
    static final Format1 INSTANCE = new Format1();

    private Format1() {}

    @Override
    public void serialize(DphmmSubjectState s, DataOutputView out) throws IOException {
      if (s.ledger != null || s.posterior == null) {
        throw new IOException("format 1 of the DPHMM subject state holds no ledger and needs a posterior");
      }
      out.writeLong(s.lastTick);
      out.writeLong(s.releaseSeq);
      CompactPosteriorSerializer.INSTANCE.serialize(s.posterior, out);
    }

    @Override
    public DphmmSubjectState deserialize(DataInputView in) throws IOException {
      long lastTick = in.readLong();
      long releaseSeq = in.readLong();
      if (releaseSeq < 1) {
        throw new IOException("corrupt DPHMM subject state (format 1): " + releaseSeq + " releases");
      }
      return new DphmmSubjectState(lastTick, releaseSeq, CompactPosteriorSerializer.INSTANCE.deserialize(in), null);
    }

    @Override
    public TypeSerializerSnapshot<DphmmSubjectState> snapshotConfiguration() {
      return new Snapshot(Snapshot.FORMAT_1);
    }
  }

  /**
   * Snapshot for savepoint compatibility. Its version is the state's format: {@value #FORMAT_1} is what Flink's
   * {@code SimpleTypeSerializerSnapshot} wrote for format 1 (this class's base until the ledger moved in; it writes
   * no data at that version), {@value #FORMAT_2} the current format.
   */
  public static final class Snapshot implements TypeSerializerSnapshot<DphmmSubjectState> {
    static final int FORMAT_1 = 3;
    static final int FORMAT_2 = 4;

    private int format;

    /** For Flink's reflective restore; {@link #readSnapshot} sets the format. */
    public Snapshot() {
      this(FORMAT_2);
    }

    Snapshot(int format) {
      this.format = format;
    }

    @Override
    public int getCurrentVersion() {
      return format;
    }

    @Override
    public void writeSnapshot(DataOutputView out) {
      // the version is the format; nothing else to write
    }

    @Override
    public void readSnapshot(int readVersion, DataInputView in, ClassLoader classLoader) throws IOException {
      if (readVersion != FORMAT_1 && readVersion != FORMAT_2) {
        throw new IOException("DPHMM subject state: unknown serializer snapshot version " + readVersion);
      }
      format = readVersion;
    }

    @Override
    public TypeSerializer<DphmmSubjectState> restoreSerializer() {
      return format == FORMAT_1 ? Format1.INSTANCE : DphmmSubjectStateSerializer.INSTANCE;
    }

    @Override
    public TypeSerializerSchemaCompatibility<DphmmSubjectState> resolveSchemaCompatibility(
        TypeSerializerSnapshot<DphmmSubjectState> old) {
      if (!(old instanceof Snapshot s)) {
        return TypeSerializerSchemaCompatibility.incompatible();
      }
      return s.format == format ? TypeSerializerSchemaCompatibility.compatibleAsIs()
          : TypeSerializerSchemaCompatibility.compatibleAfterMigration();
    }
  }
}
