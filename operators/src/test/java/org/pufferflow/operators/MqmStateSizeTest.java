package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;
import org.pufferflow.accounting.LedgerState;
import org.pufferflow.operators.state.LedgerStateTypes;
import org.pufferflow.operators.state.StateWindow;
import org.pufferflow.operators.state.StateWindowSerializer;

/**
 * Serialized keyed state per subject of {@link MqmWindowFunction} (docs/operators.md, 'MQM window function'):
 * window + progress + ledger, measured with the serializers the function registers.
 */
class MqmStateSizeTest {

  static <T> int size(TypeSerializer<T> serializer, T value) throws Exception {
    DataOutputSerializer out = new DataOutputSerializer(256);
    serializer.serialize(value, out);
    return out.length();
  }

  static int bytesPerSubject(int window, int slide, int states) throws Exception {
    StateWindow w = new StateWindow(window, states);
    for (int i = 0; i < window; i++) {
      w.push(i % states);
    }
    MqmProgress p = MqmProgress.fresh(window, slide);
    p.observed = 1_000_000;
    p.lastTick = 2_000_000;
    p.releaseSeq = 99_000;
    LedgerState l = new LedgerState();
    l.setSpent(3.5);
    SerializerConfigImpl config = new SerializerConfigImpl();
    config.setGenericTypes(false);
    return size(StateWindowSerializer.INSTANCE, w) + size(MqmProgress.TYPE.createSerializer(config), p)
        + size(LedgerStateTypes.LEDGER_STATE.createSerializer(config), l);
  }

  @Test
  void bytesPerSubjectOfTheDocumentedExamples() throws Exception {
    // W = 100, S = 10, k = 4: window 12 + 100, progress ~ 3 longs + 10 start ticks, ledger ~ 60
    int w100 = bytesPerSubject(100, 10, 4);
    int w24 = bytesPerSubject(24, 24, 3);
    assertThat(w100).isBetween(112 + 80 + 24, 112 + 80 + 24 + 120);
    assertThat(w24).isBetween(36 + 8 + 24, 36 + 8 + 24 + 120);
  }
}
