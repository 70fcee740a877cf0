package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pufferflow.operators.MqmTestSupport.LABELS;
import static org.pufferflow.operators.MqmTestSupport.feed;
import static org.pufferflow.operators.MqmTestSupport.harness;
import static org.pufferflow.operators.MqmTestSupport.keyFile;
import static org.pufferflow.operators.MqmTestSupport.stickySpec;

import java.nio.file.Path;
import java.util.List;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.typeutils.GenericTypeInfo;
import org.apache.flink.api.java.typeutils.PojoTypeInfo;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.api.operators.KeyedProcessOperator;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.FleetHistogram;
import org.pufferflow.avro.WindowHistogram;

/**
 * The MQM and fleet functions never fall back to Kryo (issue item 7): their state and stream types are explicit,
 * and they run, snapshot and restore with Flink's generic types disabled.
 */
class MqmFunctionTypesTest {

  @TempDir Path dir;

  @Test
  void stateAndStreamTypesAreExplicit() {
    assertThat(MqmProgress.TYPE).isInstanceOf(PojoTypeInfo.class);
    assertThat(FleetHistogramFunction.KEY_TYPE).isNotInstanceOf(GenericTypeInfo.class);
    assertThat(TypeInformation.of(WindowHistogram.class)).isNotInstanceOf(GenericTypeInfo.class);
    assertThat(TypeInformation.of(FleetHistogram.class)).isNotInstanceOf(GenericTypeInfo.class);
    assertThat(TypeInformation.of(StateObservation.class)).isInstanceOf(StreamElementTypeInfo.class);
  }

  private static void noGenericTypes(KeyedOneInputStreamOperatorTestHarness<?, ?, ?> h) {
    ((SerializerConfigImpl) h.getExecutionConfig().getSerializerConfig()).setGenericTypes(false);
    // the setting is effective: a generic (Kryo) type can no longer get a serializer from this configuration
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new GenericTypeInfo<>(Object.class)
        .createSerializer(h.getExecutionConfig().getSerializerConfig()))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void theFunctionsRunSnapshotAndRestoreWithGenericTypesDisabled() throws Exception {
    var spec = stickySpec(3, 1);
    OperatorSubtaskState snapshot;
    List<WindowHistogram> released;
    try (var h = harness(spec, Budgets.withPeriod(50, 10, 100), keyFile(dir, 1))) {
      noGenericTypes(h);
      h.open();
      for (long t = 1; t <= 6; t++) {
        feed(h, "k", t, (int) (t % 2));
      }
      snapshot = h.snapshot(1, 1);
      released = h.extractOutputValues();
    }
    try (var h = harness(spec, Budgets.withPeriod(50, 10, 100), keyFile(dir, 1))) {
      noGenericTypes(h);
      h.setup();
      h.initializeState(snapshot);
      h.open();
      feed(h, "k", 7, 0);
      assertThat(h.extractOutputValues()).hasSize(1);
    }
    try (var f = new KeyedOneInputStreamOperatorTestHarness<>(
        new KeyedProcessOperator<>(new FleetHistogramFunction(spec, LABELS, FleetHistogramFunctionTest.CLOCK)),
        FleetHistogramFunction.windowKey(), FleetHistogramFunction.KEY_TYPE)) {
      noGenericTypes(f);
      f.open();
      for (WindowHistogram w : released) {
        f.processElement(new StreamRecord<>(w, w.getWindowEndTick()));
      }
      OperatorSubtaskState fleetSnapshot = f.snapshot(1, 1);
      assertThat(fleetSnapshot).isNotNull();
      f.processWatermark(new Watermark(100));
      assertThat(f.extractOutputValues()).hasSize(released.size());
    }
  }
}
