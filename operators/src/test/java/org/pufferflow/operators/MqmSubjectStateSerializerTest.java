package org.pufferflow.operators;

import org.apache.flink.api.common.typeutils.SerializerTestBase;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/**
 * {@link MqmSubjectStateSerializer} through Flink's own serializer test battery (copies, sequences, reuse, snapshot
 * and restore of the serializer configuration, duplication, Java serializability).
 */
class MqmSubjectStateSerializerTest extends SerializerTestBase<MqmSubjectState> {

  @Override
  protected TypeSerializer<MqmSubjectState> createSerializer() {
    return MqmSubjectStateSerializer.INSTANCE;
  }

  @Override
  protected int getLength() {
    return -1;
  }

  @Override
  protected Class<MqmSubjectState> getTypeClass() {
    return MqmSubjectState.class;
  }

  @Override
  protected MqmSubjectState[] getTestData() {
    return new MqmSubjectState[] {MqmSubjectState.fresh(1, 1, 1), MqmSubjectState.fresh(24, 24, 3),
        filled(100, 10, 4, 150, 7), filled(5, 2, 2, 3, 1), filled(10, 3, 1000, 27, 5), filled(7, 7, 256, 7, 11)};
  }

  /** A state of W, S, k after {@code n} observations of a fixed pattern (public test data). */
  static MqmSubjectState filled(int window, int slide, int states, int n, int step) {
    MqmSubjectState s = MqmSubjectState.fresh(window, slide, states);
    for (int i = 1; i <= n; i++) {
      s.window.push((i * step) % states);
      s.progress.observed = i;
      s.progress.lastTick = 3L * i + 1_000_000_000_000L;
      if ((i - 1) % slide == 0) {
        s.progress.startTicks[((i - 1) / slide) % s.progress.startTicks.length] = s.progress.lastTick;
      }
      s.progress.releaseSeq = i / slide;
    }
    return s;
  }
}
