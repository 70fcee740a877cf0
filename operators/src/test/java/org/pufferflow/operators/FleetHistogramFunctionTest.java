package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.pufferflow.operators.MqmTestSupport.LABELS;
import static org.pufferflow.operators.MqmTestSupport.harness;
import static org.pufferflow.operators.MqmTestSupport.keyFile;
import static org.pufferflow.operators.MqmTestSupport.stickySpec;
import static org.pufferflow.operators.MqmTestSupport.values;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.operators.KeyedProcessOperator;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.FleetHistogram;
import org.pufferflow.avro.WindowHistogram;
import org.pufferflow.ingest.TickClock;
import org.pufferflow.mechanism.mqm.MqmOutput;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;

/** {@link FleetHistogramFunction} (docs/operators.md, 'Fleet histogram') through Flink's keyed operator harness. */
class FleetHistogramFunctionTest {

  /** Tick t spans event times 10t .. 10t + 9. */
  static final TickClock CLOCK = new TickClock(10, 0);

  @TempDir Path dir;

  private static WindowHistogram histogram(String subject, long start, long end, double beta, double... values) {
    List<Double> v = new ArrayList<>();
    for (double x : values) {
      v.add(x);
    }
    return WindowHistogram.newBuilder().setSubjectId(subject).setWindowStartTick(start).setWindowEndTick(end)
        .setReleaseSeq(0).setStateLabels(LABELS).setNoisyCounts(v).setNoiseScale(beta).setPerPointEpsilon(1.0)
        .setMode("exact-any-initial").build();
  }

  private static KeyedOneInputStreamOperatorTestHarness<Tuple2<Long, Long>, WindowHistogram, FleetHistogram> fleet(
      FleetHistogramFunction fn) throws Exception {
    return new KeyedOneInputStreamOperatorTestHarness<>(new KeyedProcessOperator<>(fn),
        FleetHistogramFunction.windowKey(), FleetHistogramFunction.KEY_TYPE);
  }

  @Test
  void sumsSubjectsPerWindowAndEmitsWhenTheWatermarkPassesTheEndOfItsLastTick() throws Exception {
    FleetHistogramFunction fn = new FleetHistogramFunction(stickySpec(4, 2), LABELS, CLOCK);
    try (var h = fleet(fn)) {
      h.open();
      h.processElement(new StreamRecord<>(histogram("a", 1, 4, 2.0, 3, 1), 49));
      h.processElement(new StreamRecord<>(histogram("b", 1, 4, 2.0, -1, 6), 70)); // released by later data
      h.processElement(new StreamRecord<>(histogram("c", 1, 4, 3.0, 2, 2), 49));
      h.processElement(new StreamRecord<>(histogram("a", 3, 6, 2.0, 4, 0), 69));
      h.processWatermark(new Watermark(48));
      assertThat(h.extractOutputValues()).isEmpty();
      h.processWatermark(new Watermark(49)); // the end of tick 4
      List<FleetHistogram> out = h.extractOutputValues();
      assertThat(out).hasSize(1);
      FleetHistogram f = out.get(0);
      assertThat(f.getWindowStartTick()).isEqualTo(1);
      assertThat(f.getWindowEndTick()).isEqualTo(4);
      // the start of tick 1 and the end of tick 4 on the 10 ms clock (docs/configuration.md, 'Data model')
      assertThat(f.getWindowStartTime().toEpochMilli()).isEqualTo(10);
      assertThat(f.getWindowEndTime().toEpochMilli()).isEqualTo(50);
      assertThat(f.getSubjects()).isEqualTo(3);
      assertThat(f.getStateLabels()).isEqualTo(LABELS);
      assertThat(f.getNoisyCounts()).containsExactly(4.0, 9.0);
      double sd = Math.sqrt(2 * variance(2.0) + variance(3.0));
      assertThat(f.getNoiseStdDev()).hasSize(2).allSatisfy(s -> assertThat(s).isCloseTo(sd, within(1e-12)));
      assertThat(f.getOutput()).isEqualTo("counts");
      assertThat(f.getCorrection()).isFalse();
      h.processWatermark(new Watermark(69));
      assertThat(h.extractOutputValues()).hasSize(2);
      assertThat(h.extractOutputValues().get(1).getSubjects()).isEqualTo(1);
      assertThat(fn.corrections()).isZero();
    }
  }

  /** Variance straight from the pmf (1−t)/(1+t)·t^|x|, summed until the terms vanish. */
  private static double variance(double beta) {
    double t = Math.exp(-1 / beta);
    double p0 = (1 - t) / (1 + t);
    double v = 0;
    for (int x = 1; x < 100_000; x++) {
      v += 2 * x * (double) x * p0 * Math.pow(t, x);
    }
    return v;
  }

  @Test
  void theVarianceFormulaMatchesThePmf() {
    for (double beta : new double[] {0.3, 1, 2.5, 11.7, 80}) {
      assertThat(FleetHistogramFunction.discreteLaplaceVariance(beta)).isCloseTo(variance(beta),
          within(1e-9 * variance(beta)));
    }
    assertThat(FleetHistogramFunction.discreteLaplaceVariance(1e6)).isCloseTo(2e12, within(1e3));
  }

  @Test
  void frequenciesDivideTheSdByTheWindowLength() throws Exception {
    MqmWindowPlan spec = MqmWindowPlan.builder().chains(List.<double[][]>of(new double[][] {{0.9, 0.1}, {0.2, 0.8}}))
        .window(4).slide(4).epsilon(1.0).output(MqmOutput.FREQUENCIES).build();
    try (var h = fleet(new FleetHistogramFunction(spec, LABELS, CLOCK))) {
      h.open();
      h.processElement(new StreamRecord<>(histogram("a", 1, 4, 5.0, 0.25, 0.75), 49));
      h.processElement(new StreamRecord<>(histogram("b", 1, 4, 5.0, 0.5, 0.5), 49));
      h.processWatermark(new Watermark(49));
      FleetHistogram f = h.extractOutputValues().get(0);
      assertThat(f.getNoisyCounts()).containsExactly(0.75, 1.25);
      assertThat(f.getNoiseStdDev().get(0)).isCloseTo(Math.sqrt(2 * variance(5.0)) / 4, within(1e-12));
      assertThat(f.getOutput()).isEqualTo("frequencies");
    }
  }

  @Test
  void aHistogramAfterItsWindowWasEmittedIsPublishedAtOnceAsACorrectionAndCounted() throws Exception {
    FleetHistogramFunction fn = new FleetHistogramFunction(stickySpec(4, 2), LABELS, CLOCK);
    try (var h = fleet(fn)) {
      h.open();
      h.processElement(new StreamRecord<>(histogram("a", 1, 4, 2.0, 3, 1), 49));
      h.processElement(new StreamRecord<>(histogram("b", 1, 4, 2.0, 1, 3), 49));
      h.processWatermark(new Watermark(48));
      h.processElement(new StreamRecord<>(histogram("c", 1, 4, 3.0, 2, 2), 49)); // still on time
      h.processWatermark(new Watermark(200));
      assertThat(h.extractOutputValues()).hasSize(1);
      h.processElement(new StreamRecord<>(histogram("d", 1, 4, 2.0, 9, 8), 49)); // late
      h.processElement(new StreamRecord<>(histogram("e", 5, 8, 2.0, 7, 6), 89)); // late, a window never emitted
      List<FleetHistogram> out = h.extractOutputValues();
      assertThat(out).hasSize(3);
      assertThat(out.get(0).getSubjects()).isEqualTo(3);
      assertThat(out.get(0).getNoisyCounts()).containsExactly(6.0, 6.0);
      assertThat(out.get(0).getCorrection()).isFalse();
      FleetHistogram d = out.get(1);
      assertThat(d.getCorrection()).isTrue();
      assertThat(List.of(d.getWindowStartTick(), d.getWindowEndTick(), d.getSubjects())).containsExactly(1L, 4L, 1L);
      assertThat(d.getNoisyCounts()).containsExactly(9.0, 8.0);
      assertThat(d.getNoiseStdDev().get(0)).isCloseTo(Math.sqrt(variance(2.0)), within(1e-12));
      assertThat(out.get(2).getCorrection()).isTrue();
      assertThat(out.get(2).getWindowEndTick()).isEqualTo(8);
      assertThat(fn.corrections()).isEqualTo(2);
      h.processWatermark(new Watermark(10_000));
      assertThat(h.extractOutputValues()).as("nothing was left for the late window").hasSize(3);
    }
  }

  @Test
  void theSumsDoNotDependOnTheOrderTheHistogramsArriveIn() throws Exception {
    MqmWindowPlan spec = MqmWindowPlan.builder().chains(List.<double[][]>of(new double[][] {{0.9, 0.1}, {0.2, 0.8}}))
        .window(7).slide(7).epsilon(1.0).output(MqmOutput.FREQUENCIES).build();
    List<WindowHistogram> in = new ArrayList<>();
    java.util.Random r = new java.util.Random(5);
    for (int i = 0; i < 40; i++) {
      long a = r.nextInt(15) - 4;
      in.add(histogram("s" + i, 1, 7, 1.0 + (i % 3) * 0.37, a / 7.0, (7 - a) / 7.0));
    }
    List<FleetHistogram> first = null;
    for (int round = 0; round < 6; round++) {
      java.util.Collections.shuffle(in, r);
      try (var h = fleet(new FleetHistogramFunction(spec, LABELS, CLOCK))) {
        h.open();
        for (WindowHistogram w : in) {
          h.processElement(new StreamRecord<>(w, 79));
        }
        h.processWatermark(new Watermark(Long.MAX_VALUE));
        List<FleetHistogram> out = h.extractOutputValues();
        if (first == null) {
          first = out;
        }
        assertThat(out).as("round %s", round).isEqualTo(first); // equal doubles, bit for bit
      }
    }
    double expected = 0;
    for (WindowHistogram w : in) {
      expected += w.getNoisyCounts().get(0);
    }
    assertThat(first.get(0).getNoisyCounts().get(0)).isCloseTo(expected, within(1e-9));
  }

  @Test
  void fleetOfMqmOutputsHasUnbiasedSumsAndTheStatedSd() throws Exception {
    // subjects all start at tick 1 (aligned windows); sums of noisy counts minus sums of true counts, standardised
    // by the reported sd, over many fleet windows: mean ≈ 0, variance ≈ 1
    MqmWindowPlan spec = stickySpec(3, 3);
    int subjects = 300;
    int ticks = 60;
    List<WindowHistogram> released;
    long[][] trueSums = new long[ticks / 3][2];
    try (var h = harness(spec, Budgets.total(1e6), keyFile(dir, 21))) {
      h.open();
      for (int t = 1; t <= ticks; t++) {
        for (int s = 0; s < subjects; s++) {
          int state = (s * 13 + t * 7 + t / 4) % 3 == 0 ? 1 : 0;
          trueSums[(t - 1) / 3][state]++;
          h.processElement(new StateObservation("m" + s, t, state), t * 10L + 9);
        }
      }
      released = h.extractOutputValues();
    }
    assertThat(released).hasSize(subjects * ticks / 3);
    try (var f = fleet(new FleetHistogramFunction(spec, LABELS, CLOCK))) {
      f.open();
      for (WindowHistogram w : released) {
        f.processElement(new StreamRecord<>(w, w.getWindowEndTick() * 10 + 9));
      }
      f.processWatermark(new Watermark(Long.MAX_VALUE));
      List<FleetHistogram> out = f.extractOutputValues();
      assertThat(out).hasSize(ticks / 3);
      double sum = 0;
      double sumSq = 0;
      int n = 0;
      for (FleetHistogram fh : out) {
        assertThat(fh.getSubjects()).isEqualTo(subjects);
        int j = (int) ((fh.getWindowEndTick() - 1) / 3);
        for (int c = 0; c < 2; c++) {
          double z = (fh.getNoisyCounts().get(c) - trueSums[j][c]) / fh.getNoiseStdDev().get(c);
          sum += z;
          sumSq += z * z;
          n++;
        }
        double beta = spec.noiseScale(3);
        assertThat(fh.getNoiseStdDev().get(0)).isCloseTo(Math.sqrt(subjects * variance(beta)), within(1e-6));
      }
      assertThat(sum / n).isBetween(-0.8, 0.8); // 40 standard normals: sd of the mean 0.16
      assertThat(sumSq / n).isBetween(0.4, 1.8);
    }
  }
}
