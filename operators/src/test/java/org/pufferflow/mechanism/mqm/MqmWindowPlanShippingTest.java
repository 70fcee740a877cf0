package org.pufferflow.mechanism.mqm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The MQM calibration is computed once per job and shipped: a {@link MqmWindowPlan}'s serialized form carries the
 * computed per-length scales, so deserializing it (as every Flink subtask does with the job graph) runs no σ_max
 * search ({@link MqmCalibration#SEARCHES}) and gives identical {@link MqmWindowPlan#windowLengthAt} and
 * {@link MqmWindowPlan#noiseScale}.
 */
class MqmWindowPlanShippingTest {

  private static byte[] serialize(Object o) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(o);
    }
    return bytes.toByteArray();
  }

  private static Object deserialize(byte[] bytes) throws Exception {
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
      return in.readObject();
    }
  }

  @Test
  void aDeserializedPlanReleasesIdenticallyWithoutCalibrating() throws Exception {
    for (boolean partial : new boolean[] {false, true}) {
      MqmWindowPlan plan = MqmWindowPlan.builder()
          .chains(List.of(new double[][] {{0.9, 0.1}, {0.2, 0.8}}, new double[][] {{0.7, 0.3}, {0.4, 0.6}}))
          .window(96).slide(24).epsilon(1.0).partialWindows(partial).output(MqmOutput.FREQUENCIES).build();
      byte[] bytes = serialize(plan);
      long before = MqmCalibration.SEARCHES.get();
      MqmWindowPlan back = (MqmWindowPlan) deserialize(bytes);
      assertThat(MqmCalibration.SEARCHES.get()).as("σ_max searches run by deserialization").isEqualTo(before);
      assertThat(back).isEqualTo(plan).hasSameHashCodeAs(plan).hasToString(plan.toString());
      assertThat(back.output()).isEqualTo(MqmOutput.FREQUENCIES);
      assertThat(back.mode()).isEqualTo(plan.mode());
      assertThat(back.chainClass()).isEqualTo(plan.chainClass());
      for (long n = 1; n <= 3 * 96; n++) {
        int length = plan.windowLengthAt(n);
        assertThat(back.windowLengthAt(n)).isEqualTo(length);
        if (length > 0) {
          assertThat(back.noiseScale(length)).isEqualTo(plan.noiseScale(length));
        }
      }
      assertThat(MqmCalibration.SEARCHES.get()).as("searches run by releasing from the plan").isEqualTo(before);
      // a report may still ask for the calibration: it is rebuilt on demand, equal to the original
      assertThat(back.calibration().sigmaMax()).isEqualTo(plan.calibration().sigmaMax());
      assertThat(MqmCalibration.SEARCHES.get()).isGreaterThan(before);
    }
  }

  /** Building a plan does calibrate, so the counter can catch a deserialization that recalibrates. */
  @Test
  void theCounterSeesACalibration() {
    long before = MqmCalibration.SEARCHES.get();
    MqmWindowPlan.builder().bounds(3, 0.2, 0.3).window(20).epsilon(2).build();
    assertThat(MqmCalibration.SEARCHES.get()).isGreaterThan(before);
  }

  @Test
  void anInconsistentShippedScheduleIsRefused() throws Exception {
    MqmWindowPlan plan = MqmWindowPlan.builder().bounds(3, 0.2, 0.3).window(4).epsilon(2).build();
    byte[] bytes = serialize(plan);
    // the serialized form holds window = 4 as an int field followed by slide = 4: corrupt the slide to 5 (> W)
    byte[] corrupt = bytes.clone();
    int at = indexOfInts(corrupt, 4, 4);
    assertThat(at).isNotNegative();
    corrupt[at + 7] = 5;
    assertThatThrownBy(() -> deserialize(corrupt)).isInstanceOf(InvalidObjectException.class);
  }

  private static int indexOfInts(byte[] b, int first, int second) {
    for (int i = 0; i + 8 <= b.length; i++) {
      if (b[i] == 0 && b[i + 1] == 0 && b[i + 2] == 0 && b[i + 3] == first && b[i + 4] == 0 && b[i + 5] == 0
          && b[i + 6] == 0 && b[i + 7] == second) {
        return i;
      }
    }
    return -1;
  }
}
