package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.throwable.ThrowableClassifier;
import org.apache.flink.runtime.throwable.ThrowableType;
import org.apache.flink.state.rocksdb.EmbeddedRocksDBStateBackend;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.operators.KeyedProcessOperator;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.apache.flink.util.Collector;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.accounting.LedgerState;
import org.pufferflow.operators.state.IncompatibleSavepointException;
import org.pufferflow.operators.state.RedactionBuffer;
import org.pufferflow.operators.state.RedactionBufferSerializer;
import org.pufferflow.operators.state.StateFormatSnapshot;

/**
 * A savepoint whose keyed state has a format this build does not read fails the restore at start with one line
 * ({@link IncompatibleSavepointException}, {@link StateFormatSnapshot}). The savepoints are written by the test
 * harness with Flink's own snapshot code: a function stores a value under the state's name with the project's
 * serializer, whose snapshot claims another format (as a build of that format would write it).
 */
class IncompatibleSavepointTest {

  private static final String ADVICE = "; savepoints of pufferflow 0.x are not compatible across versions: start"
      + " without the savepoint (the durable ledger keeps each subject's spend and last released tick)";

  @TempDir Path dir;

  @Test
  void aDphmmSavepointOfAnotherFormatIsRefusedOnHeapAndRocksDb() throws Exception {
    for (boolean rocksDb : new boolean[] {false, true}) {
      OperatorSubtaskState five = written(DphmmReleaseFunction.SUBJECT_STATE,
          new OtherFormat<>(DphmmSubjectStateSerializer.INSTANCE, 5),
          () -> DphmmSubjectState.withoutRelease(new LedgerState()), rocksDb);
      Throwable t = restoreFailure(dphmm(), five, rocksDb);
      assertRefused(t, "state of DPHMM subjects (dphmm-subject) in this savepoint has format 5, this build reads"
          + " format 4" + ADVICE);
    }
  }

  @Test
  void mqmAndRedactionSavepointsOfAnotherFormatAreRefused() throws Exception {
    OperatorSubtaskState mqm = written(MqmWindowFunction.SUBJECT_STATE,
        new OtherFormat<>(MqmSubjectStateSerializer.INSTANCE, 2), () -> MqmSubjectState.fresh(5, 2, 2), false);
    assertRefused(restoreFailure(new KeyedProcessOperator<>(new MqmWindowFunction(
        MqmTestSupport.stickySpec(5, 2).withBudget(Budgets.total(10)), MqmTestSupport.keyFile(dir, 1),
        MqmTestSupport.LABELS)), mqm, false),
        "state of MQM subjects (mqm-subject) in this savepoint has format 2, this build reads format 3" + ADVICE);
    OperatorSubtaskState redaction = written(RedactionFunction.STATE_NAME,
        new OtherFormat<>(RedactionBufferSerializer.INSTANCE, 4), () -> new RedactionBuffer(4), false);
    assertRefused(restoreFailure(new KeyedProcessOperator<>(PreloadedRedactionFunctionTest.oneInput(
        MqmTestSupport.keyFile(dir, 2))), redaction, false),
        "state of redaction subjects (redaction-buffer) in this savepoint has format 4, this build reads format 3"
            + ADVICE);
  }

  /** State under the name written by another serializer (a long): refused when the function registers it. */
  @Test
  void aStateOfAnotherSerializerUnderTheNameIsRefused() throws Exception {
    OperatorSubtaskState longs = written(DphmmReleaseFunction.SUBJECT_STATE, LongSerializer.INSTANCE, () -> 7L,
        false);
    assertRefused(restoreFailure(dphmm(), longs, false), "state of DPHMM subjects (dphmm-subject) in this savepoint"
        + " has format org.apache.flink.api.common.typeutils.base.LongSerializer$LongSerializerSnapshot version 3, this"
        + " build reads format 4" + ADVICE);
  }

  @Test
  void theCurrentFormatOfEveryStateIsStillRead() throws Exception {
    OperatorSubtaskState four = written(DphmmReleaseFunction.SUBJECT_STATE, DphmmSubjectStateSerializer.INSTANCE,
        () -> DphmmSubjectState.withoutRelease(new LedgerState()), false);
    try (var h = harness(dphmm())) {
      h.setup();
      h.initializeState(four);
      h.open();
      h.processElement(new StateObservation("s", 1, 0), 1);
      assertThat(h.extractOutputValues()).hasSize(1);
    }
  }

  private KeyedProcessOperator<String, StateObservation, ?> dphmm() throws IOException {
    return new KeyedProcessOperator<>(new DphmmReleaseFunction(
        DphmmSubjectSnapshotData.SPEC.withBudget(DphmmSubjectSnapshotData.BUDGET),
        DphmmOperatorFixtures.keyFile(dir, 3)));
  }

  private static void assertRefused(Throwable t, String message) {
    assertThat(t).as("the restore fails").isNotNull();
    Optional<IncompatibleSavepointException> refusal =
        ExceptionUtils.findThrowable(t, IncompatibleSavepointException.class);
    assertThat(refusal).as("cause chain of %s", t).isPresent();
    assertThat(refusal.get()).hasMessage(message).hasNoCause();
    // the CLI prints the innermost cause with a message (JobFailedException.rootCause): the refusal
    Throwable innermost = t;
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c.getMessage() != null && !c.getMessage().isBlank()) {
        innermost = c;
      }
    }
    assertThat(innermost).isSameAs(refusal.get());
    // and Flink's scheduler fails the job without restarting it into the same refusal
    assertThat(ThrowableClassifier.findThrowableOfThrowableType(t, ThrowableType.NonRecoverableError)).isPresent();
  }

  private static <T> KeyedOneInputStreamOperatorTestHarness<String, StateObservation, T> harness(
      KeyedProcessOperator<String, StateObservation, T> op) throws Exception {
    return new KeyedOneInputStreamOperatorTestHarness<>(op, o -> o.subjectId, Types.STRING);
  }

  /** What restoring {@code snapshot} into {@code op} and opening it throws (null if nothing). */
  private static Throwable restoreFailure(KeyedProcessOperator<String, StateObservation, ?> op,
      OperatorSubtaskState snapshot, boolean rocksDb) throws Exception {
    try (var h = harness(op)) {
      if (rocksDb) {
        h.setStateBackend(new EmbeddedRocksDBStateBackend());
      }
      h.setup();
      return catchThrowable(() -> {
        h.initializeState(snapshot);
        h.open();
      });
    }
  }

  /** The snapshot after a function stored {@code value} for subject {@code s} under {@code name} with {@code ser}. */
  private static <T> OperatorSubtaskState written(String name, TypeSerializer<T> ser, ValueSupplier<T> value,
      boolean rocksDb) throws Exception {
    try (var w = harness(new KeyedProcessOperator<>(new Writer<>(name, ser, value)))) {
      if (rocksDb) {
        w.setStateBackend(new EmbeddedRocksDBStateBackend());
      }
      w.open();
      w.processElement(new StateObservation("s", 0, 0), 0);
      return w.snapshot(1L, 1L);
    }
  }

  interface ValueSupplier<T> extends Supplier<T>, Serializable {}

  private static final class Writer<T> extends KeyedProcessFunction<String, StateObservation, Object> {
    private static final long serialVersionUID = 1L;
    private final String name;
    private final TypeSerializer<T> serializer;
    private final ValueSupplier<T> value;

    Writer(String name, TypeSerializer<T> serializer, ValueSupplier<T> value) {
      this.name = name;
      this.serializer = serializer;
      this.value = value;
    }

    @Override
    public void processElement(StateObservation o, Context ctx, Collector<Object> out) throws Exception {
      getRuntimeContext().getState(new ValueStateDescriptor<>(name, serializer)).update(value.get());
    }
  }

  /** The project's serializer, whose snapshot claims format {@code format}: the bytes are irrelevant to a refusal. */
  private static final class OtherFormat<T> extends TypeSerializer<T> {
    private static final long serialVersionUID = 1L;
    private final TypeSerializer<T> delegate;
    private final int format;

    OtherFormat(TypeSerializer<T> delegate, int format) {
      this.delegate = delegate;
      this.format = format;
    }

    @Override
    public TypeSerializerSnapshot<T> snapshotConfiguration() {
      return ((StateFormatSnapshot<T>) delegate.snapshotConfiguration()).withFormat(format);
    }

    @Override
    public boolean isImmutableType() {
      return delegate.isImmutableType();
    }

    @Override
    public TypeSerializer<T> duplicate() {
      return this;
    }

    @Override
    public T createInstance() {
      return delegate.createInstance();
    }

    @Override
    public T copy(T from) {
      return delegate.copy(from);
    }

    @Override
    public T copy(T from, T reuse) {
      return delegate.copy(from, reuse);
    }

    @Override
    public int getLength() {
      return delegate.getLength();
    }

    @Override
    public void serialize(T v, DataOutputView out) throws IOException {
      delegate.serialize(v, out);
    }

    @Override
    public T deserialize(DataInputView in) throws IOException {
      return delegate.deserialize(in);
    }

    @Override
    public T deserialize(T reuse, DataInputView in) throws IOException {
      return delegate.deserialize(reuse, in);
    }

    @Override
    public void copy(DataInputView in, DataOutputView out) throws IOException {
      delegate.copy(in, out);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof OtherFormat<?> f && f.delegate.equals(delegate) && f.format == format;
    }

    @Override
    public int hashCode() {
      return delegate.hashCode() * 31 + format;
    }
  }
}
