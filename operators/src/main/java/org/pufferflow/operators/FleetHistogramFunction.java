package org.pufferflow.operators;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;
import org.pufferflow.avro.FleetHistogram;
import org.pufferflow.avro.WindowHistogram;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.operators.spec.MqmSpec;

/**
 * The fleet's profile (docs/operators.md, 'Fleet histogram'): sums the subjects' released MQM window histograms
 * per window, in event time, keyed by the window's (start tick, end tick) ({@link #windowKey()}). One
 * {@link FleetHistogram} per window is emitted once the watermark passes the window's end plus the allowed
 * lateness, with the number of contributing subjects and the standard deviation of the summed noise per bin.
 *
 * <p><b>No privacy cost.</b> The input is the output of {@link MqmWindowFunction}, already released and paid for;
 * summing released values is post-processing, which never increases a privacy loss. Nothing private is read.
 *
 * <p><b>Error.</b> Each subject's bin carries independent discrete Laplace noise of variance 2t/(1−t)², t =
 * e^{−1/β}; the sum's variance is the sum of those (for frequencies divided by W²), so with n subjects the noise
 * standard deviation grows like √n while the summed signal grows like n: the relative error shrinks like 1/√n.
 *
 * <p><b>Timing.</b> The event time of a window is the timestamp its histograms carry (that of the observation
 * that completed it: the end of its last tick). A histogram whose timestamp plus the allowed lateness is at or
 * behind the current watermark is late: its window was (or would have been) emitted already. It is never dropped
 * silently: it goes to {@link #LATE_HISTOGRAMS} and is counted (metric pufferflow → fleet → lateHistograms).
 *
 * <p>Keyed state: one {@code double[]} per open window (subjects, variance sum, per-bin sums), explicit primitive
 * array type information, cleared when the window is emitted. Input duties: histograms of one MQM configuration
 * (the spec given here: k bins; windows of W observed ticks, and partial ones at the start of a stream only when
 * summing counts) with event-time timestamps.
 */
public final class FleetHistogramFunction
    extends KeyedProcessFunction<Tuple2<Long, Long>, WindowHistogram, FleetHistogram> {

  private static final long serialVersionUID = 1L;

  /** Histograms that arrived after their window's fleet histogram was (or would have been) emitted. */
  public static final OutputTag<WindowHistogram> LATE_HISTOGRAMS =
      new OutputTag<>("fleet-late-histograms", TypeInformation.of(WindowHistogram.class));

  /** Type of the fleet key (window start tick, window end tick). */
  public static final TypeInformation<Tuple2<Long, Long>> KEY_TYPE = Types.TUPLE(Types.LONG, Types.LONG);

  /** Keyed state name (stable). */
  static final String SUMS_STATE = "fleet-sums";

  private static final int SUBJECTS = 0;
  private static final int VARIANCE = 1;
  private static final int BINS = 2;

  private final int states;
  private final int window;
  private final boolean frequencies;
  private final long allowedLateness;
  private final ArrayList<String> labels;

  private transient ValueState<double[]> sums;
  private transient Counter emitted;
  private transient Counter late;
  private transient Counter summed;

  /**
   * @param spec the MQM configuration whose histograms are summed (k, W, output)
   * @param stateLabels the bin labels, in state-index order
   * @param allowedLatenessMillis how long after a window's end (event time) its histograms are still summed, ≥ 0
   */
  public FleetHistogramFunction(MqmSpec spec, List<String> stateLabels, long allowedLatenessMillis) {
    PufferPreconditions.checkNotNull("mqm spec", spec);
    PufferPreconditions.checkNotNull("stateLabels", stateLabels);
    PufferPreconditions.checkArgument(stateLabels.size() == spec.states(),
        "stateLabels = %s labels: the MQM spec has %s states", stateLabels.size(), spec.states());
    PufferPreconditions.checkArgument(!(spec.partialWindows() && spec.output() == MqmSpec.Output.FREQUENCIES),
        "mqm spec = %s: a fleet of frequencies needs every window's length, which partial windows do not carry;"
            + " sum counts, or release no partial windows", spec);
    this.allowedLateness = PufferPreconditions.checkAtLeast("allowedLatenessMillis", allowedLatenessMillis, 0);
    this.states = spec.states();
    this.window = spec.window();
    this.frequencies = spec.output() == MqmSpec.Output.FREQUENCIES;
    this.labels = new ArrayList<>(stateLabels);
  }

  /** The key selector of the fleet: (windowStartTick, windowEndTick). */
  public static KeySelector<WindowHistogram, Tuple2<Long, Long>> windowKey() {
    return h -> Tuple2.of(h.getWindowStartTick(), h.getWindowEndTick());
  }

  @Override
  public void open(OpenContext openContext) {
    sums = getRuntimeContext().getState(
        new ValueStateDescriptor<>(SUMS_STATE, PrimitiveArrayTypeInfo.DOUBLE_PRIMITIVE_ARRAY_TYPE_INFO));
    MetricGroup group = getRuntimeContext().getMetricGroup().addGroup("pufferflow").addGroup("fleet");
    emitted = group.counter("windows");
    late = group.counter("lateHistograms");
    summed = group.counter("histograms");
  }

  @Override
  public void processElement(WindowHistogram h, Context ctx, Collector<FleetHistogram> out) throws Exception {
    Long timestamp = ctx.timestamp();
    if (timestamp == null) {
      throw new IllegalStateException("fleet histogram: a window histogram of subject " + h.getSubjectId()
          + " has no event-time timestamp (assign timestamps and watermarks before the MQM function)");
    }
    long due = timestamp > Long.MAX_VALUE - allowedLateness ? Long.MAX_VALUE : timestamp + allowedLateness;
    if (due <= ctx.timerService().currentWatermark()) {
      late.inc();
      ctx.output(LATE_HISTOGRAMS, h);
      return;
    }
    List<Double> values = h.getNoisyCounts();
    if (values.size() != states) {
      throw new IllegalArgumentException("noisyCounts = " + values.size() + " bins: the fleet was configured with "
          + states + " states (subject " + h.getSubjectId() + ")");
    }
    double[] acc = sums.value();
    if (acc == null) {
      acc = new double[BINS + states];
      ctx.timerService().registerEventTimeTimer(due);
    }
    acc[SUBJECTS] += 1;
    double variance = discreteLaplaceVariance(h.getNoiseScale());
    acc[VARIANCE] += frequencies ? variance / ((double) window * window) : variance;
    for (int i = 0; i < states; i++) {
      acc[BINS + i] += values.get(i);
    }
    sums.update(acc);
    summed.inc();
  }

  @Override
  public void onTimer(long timestamp, OnTimerContext ctx, Collector<FleetHistogram> out) throws Exception {
    double[] acc = sums.value();
    if (acc == null) {
      return;
    }
    List<Double> counts = new ArrayList<>(states);
    List<Double> sd = new ArrayList<>(states);
    double perBinSd = Math.sqrt(acc[VARIANCE]);
    for (int i = 0; i < states; i++) {
      counts.add(acc[BINS + i]);
      sd.add(perBinSd);
    }
    Tuple2<Long, Long> key = ctx.getCurrentKey();
    out.collect(FleetHistogram.newBuilder()
        .setWindowStartTick(key.f0)
        .setWindowEndTick(key.f1)
        .setSubjects((long) acc[SUBJECTS])
        .setStateLabels(labels)
        .setNoisyCounts(counts)
        .setNoiseStdDev(sd)
        .setOutput(frequencies ? MqmSpec.Output.FREQUENCIES.configName() : MqmSpec.Output.COUNTS.configName())
        .build());
    sums.clear();
    emitted.inc();
  }

  /** Late histograms counted by this instance (tests). */
  long lateHistograms() {
    return late.getCount();
  }

  /**
   * Variance of the discrete Laplace law P(x) ∝ exp(−|x|/β): 2t/(1−t)² with t = e^{−1/β} (computed with expm1 so
   * that large β keep their precision; ≈ 2β² for β ≫ 1).
   */
  public static double discreteLaplaceVariance(double scale) {
    PufferPreconditions.checkPositive("noiseScale", scale);
    double t = Math.exp(-1.0 / scale);
    double oneMinusT = -Math.expm1(-1.0 / scale);
    return 2 * t / (oneMinusT * oneMinusT);
  }
}
