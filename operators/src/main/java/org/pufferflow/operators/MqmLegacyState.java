package org.pufferflow.operators;

import java.io.IOException;
import org.apache.flink.api.common.functions.RuntimeContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.pufferflow.operators.state.StateWindow;
import org.pufferflow.operators.state.StateWindowSerializer;

/**
 * The two-state layout of {@link MqmWindowFunction}'s keyed state before {@code mqm-subject} (docs/operators.md,
 * 'MQM window function'): {@value #WINDOW_STATE} ({@link StateWindow}) and {@value #PROGRESS_STATE}
 * ({@link MqmProgress}). A job restored from a savepoint of that layout registers both descriptors with their
 * original serializers and migrates lazily: the first accepted record of a subject that has no merged value reads
 * the two old values, merges them into one {@link MqmSubjectState} (stored by the function) and clears them
 * ({@link #clear}). A subject the restored state does not know costs one extra read (of the progress), once.
 *
 * <p>Flink cannot rename or merge keyed states at restore (schema evolution changes the serializer of one named state
 * only), hence the lazy migration; a job started without state never registers these descriptors.
 */
final class MqmLegacyState {

  /** Keyed state names of the two-state layout (stable: savepoints of earlier versions refer to them). */
  static final String WINDOW_STATE = "mqm-window";
  static final String PROGRESS_STATE = "mqm-progress";

  private final ValueState<StateWindow> window;
  private final ValueState<MqmProgress> progress;

  /** Registers the two old descriptors with their original serializers. */
  MqmLegacyState(RuntimeContext context) {
    window = context.getState(new ValueStateDescriptor<>(WINDOW_STATE, StateWindowSerializer.INSTANCE));
    progress = context.getState(new ValueStateDescriptor<>(PROGRESS_STATE, MqmProgress.TYPE));
  }

  /**
   * The current subject's state in the old layout, merged, or null if it has none. The old values stay until
   * {@link #clear}.
   *
   * @throws IllegalStateException if only one of the two old values exists (the old layout always wrote both)
   */
  MqmSubjectState read() throws IOException {
    MqmProgress p = progress.value();
    if (p == null) {
      return null;
    }
    StateWindow w = window.value();
    if (w == null) {
      throw new IllegalStateException("restored MQM state has a " + PROGRESS_STATE + " value but no "
          + WINDOW_STATE + " value for this subject");
    }
    return new MqmSubjectState(w, p);
  }

  /** Removes the current subject's old values (after its merged value is stored). */
  void clear() {
    window.clear();
    progress.clear();
  }
}
