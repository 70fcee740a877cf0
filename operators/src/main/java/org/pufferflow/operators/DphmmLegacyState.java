package org.pufferflow.operators;

import java.io.IOException;
import org.apache.flink.api.common.functions.RuntimeContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.pufferflow.operators.state.CompactPosterior;
import org.pufferflow.operators.state.CompactPosteriorSerializer;

/**
 * The three-state layout of {@link DphmmReleaseFunction}'s keyed state before {@code dphmm-subject}
 * (docs/operators.md, 'DPHMM release function'): {@value #POSTERIOR_STATE} ({@link CompactPosterior}),
 * {@value #LAST_TICK_STATE} and {@value #RELEASE_SEQ_STATE} (longs). A job restored from a savepoint of that layout
 * registers the three descriptors with their original serializers and migrates lazily: the next record of a subject
 * that has no merged value (charged or refused: either stores the value, with the subject's ledger) reads the three
 * old values into one {@link DphmmSubjectState} and clears them ({@link #clear}). A subject the restored state does
 * not know costs one extra read (of the last tick) for its first record.
 *
 * <p>Flink cannot rename or merge keyed states at restore, hence the lazy migration (as {@link MqmLegacyState} does
 * for MQM); a job started without state never registers these descriptors.
 */
final class DphmmLegacyState {

  /** Keyed state names of the three-state layout (stable: savepoints of earlier versions refer to them). */
  static final String POSTERIOR_STATE = "dphmm-posterior";
  static final String LAST_TICK_STATE = "dphmm-last-tick";
  static final String RELEASE_SEQ_STATE = "dphmm-release-seq";

  private final ValueState<CompactPosterior> posterior;
  private final ValueState<Long> lastTick;
  private final ValueState<Long> releaseSeq;

  /** Registers the three old descriptors with their original serializers. */
  DphmmLegacyState(RuntimeContext context) {
    posterior = context.getState(posteriorDescriptor());
    lastTick = context.getState(new ValueStateDescriptor<>(LAST_TICK_STATE, Types.LONG));
    releaseSeq = context.getState(new ValueStateDescriptor<>(RELEASE_SEQ_STATE, Types.LONG));
  }

  /** The old posterior's descriptor (explicit serializer), as the three-state layout registered it. */
  static ValueStateDescriptor<CompactPosterior> posteriorDescriptor() {
    return new ValueStateDescriptor<>(POSTERIOR_STATE, CompactPosteriorSerializer.INSTANCE);
  }

  /**
   * The current subject's state in the old layout, merged, or null if it has none. The old values stay until
   * {@link #clear}.
   *
   * @throws IllegalStateException if the last tick exists without the other two (the old layout wrote all three
   *     after every release)
   */
  DphmmSubjectState read() throws IOException {
    Long tick = lastTick.value();
    if (tick == null) {
      return null;
    }
    CompactPosterior p = posterior.value();
    Long seq = releaseSeq.value();
    if (p == null || seq == null) {
      throw new IllegalStateException("restored DPHMM state has a " + LAST_TICK_STATE + " value but no "
          + (p == null ? POSTERIOR_STATE : RELEASE_SEQ_STATE) + " value for this subject");
    }
    return new DphmmSubjectState(tick, seq, p, null);
  }

  /** Removes the current subject's old values (after its merged value is stored). */
  void clear() {
    posterior.clear();
    lastTick.clear();
    releaseSeq.clear();
  }
}
