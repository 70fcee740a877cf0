package org.pufferflow.operators;

import java.util.List;
import java.util.stream.Collectors;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.runtime.state.KeyedStateBackend;
import org.apache.flink.runtime.state.VoidNamespace;
import org.apache.flink.runtime.state.VoidNamespaceSerializer;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;

/** Reads a test harness's keyed state directly, as the state tests check it. */
final class KeyedStateProbe {
  private KeyedStateProbe() {}

  /** The keys holding state {@code state}, sorted. */
  static List<String> keys(KeyedOneInputStreamOperatorTestHarness<String, ?, ?> h, String state) {
    return h.getOperator().getKeyedStateBackend().getKeys(state, VoidNamespace.INSTANCE).map(String::valueOf)
        .sorted().collect(Collectors.toList());
  }

  /** {@code subject}'s value of the state {@code descriptor} names (null when it has none). */
  static <T> T value(KeyedOneInputStreamOperatorTestHarness<String, ?, ?> h, String subject,
      ValueStateDescriptor<T> descriptor) throws Exception {
    KeyedStateBackend<Object> backend = h.getOperator().getKeyedStateBackend();
    backend.setCurrentKey(subject);
    return backend.getPartitionedState(VoidNamespace.INSTANCE, VoidNamespaceSerializer.INSTANCE, descriptor).value();
  }
}
