package org.pufferflow.operators;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.annotation.VisibleForTesting;
import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.metrics.Counter;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.pufferflow.avro.FleetHistogram;
import org.pufferflow.avro.WindowHistogram;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.ingest.TickClock;
import org.pufferflow.mechanism.mqm.MqmOutput;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;

/**
 * The fleet's profile (docs/operators.md, 'Fleet histogram'): sums the subjects' released MQM window histograms
 * per window, in event time, keyed by the window's (start tick, end tick) ({@link #windowKey()}). One
 * {@link FleetHistogram} per window is emitted when the watermark passes the end of the window's last tick, with
 * the number of contributing subjects and the standard deviation of the summed noise per bin.
 *
 * <p><b>No privacy cost.</b> The input is the output of {@link MqmWindowFunction}, already released and paid for;
 * summing released values is post-processing, which never increases a privacy loss. Nothing private is read.
 *
 * <p><b>Error.</b> Each subject's bin carries independent discrete Laplace noise of variance 2t/(1−t)², t =
 * e^{−1/β}; the sum's variance is the sum of those (for frequencies divided by W²), so with n subjects the noise
 * standard deviation grows like √n while the summed signal grows like n: the relative error shrinks like 1/√n.
 *
 * <p><b>Timing.</b> A window's histograms reach this function before the watermark passes the end of its last tick,
 * as long as their observations did (the tick-order step releases a tick by the subject's data, before the watermark
 * passes it, or by that watermark). A histogram that arrives after its window's record was emitted — its
 * observations came behind the watermark, e.g. from a partition that went quiet and came back — is never dropped:
 * it is published at once as a <em>correction</em> ({@code correction = true}, {@code subjects = 1}) and counted
 * ({@link OperatorMetrics}: metric pufferflow → fleet → corrections; accumulator {@value #CORRECTIONS}). Adding a
 * window's corrections to its record gives the sum over all its histograms.
 *
 * <p><b>Determinism.</b> The sums do not depend on the order histograms arrive in: bins are integer counts summed
 * exactly (frequencies are summed as counts and divided by W at the end), and the noise variance is summed per
 * distinct noise scale, in increasing scale order.
 *
 * <p>Keyed state: one {@code double[]} per open window (subjects, per-bin sums, then (scale, count) pairs), explicit
 * primitive-array type information, cleared when the window is emitted. Input duties: histograms of one MQM
 * configuration (the plan given here: k bins; windows of W observed ticks, and partial ones at the start of a stream
 * only when summing counts) whose ticks are the job's ({@code clock}). The input is the job's own MQM output, never
 * an external record, so a histogram breaking these duties is the job's fault (a wiring error) and fails it, as
 * {@link KeyedMechanism}'s contract-breach policy says.
 */
@PublicEvolving
public final class FleetHistogramFunction
    extends KeyedProcessFunction<Tuple2<Long, Long>, WindowHistogram, FleetHistogram> {

  private static final long serialVersionUID = 1L;

  /** Type of the fleet key (window start tick, window end tick). */
  public static final TypeInformation<Tuple2<Long, Long>> KEY_TYPE = Types.TUPLE(Types.LONG, Types.LONG);

  /** Name of the accumulator counting corrections (the run summary shows it). */
  public static final String CORRECTIONS = OperatorMetrics.CORRECTIONS_ACCUMULATOR;

  /**
   * Keyed state name (stable). Not {@code fleet-sums}: that state of earlier versions had another layout (a variance
   * sum where this one has (scale, count) pairs), and a new name keeps it from being read as this one.
   */
  static final String SUMS_STATE = "fleet-window-sums";

  private static final int SUBJECTS = 0;
  private static final int BINS = 1;

  private final int states;
  private final int window;
  private final boolean frequencies;
  private final TickClock clock;
  private final ArrayList<String> labels;

  private transient ValueState<double[]> sums;
  private transient Counter emitted;
  private transient Counter corrections;
  private transient Counter summed;
  private transient LongCounter correctionsAccumulator;

  /**
   * @param plan the MQM configuration whose histograms are summed (k, W, output)
   * @param stateLabels the bin labels, in state-index order
   * @param clock the tick clock of the histograms' ticks: a window is due at the end of its last tick
   */
  public FleetHistogramFunction(MqmWindowPlan plan, List<String> stateLabels, TickClock clock) {
    PufferPreconditions.checkNotNull("mqm spec", plan);
    PufferPreconditions.checkNotNull("stateLabels", stateLabels);
    PufferPreconditions.checkArgument(stateLabels.size() == plan.states(),
        "stateLabels = %s labels: the MQM spec has %s states", stateLabels.size(), plan.states());
    MqmWindowPlan.checkFleet(true, plan.partialWindows(), plan.output());
    this.clock = PufferPreconditions.checkNotNull("clock", clock);
    this.states = plan.states();
    this.window = plan.window();
    this.frequencies = plan.output() == MqmOutput.FREQUENCIES;
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
    OperatorMetrics metrics = OperatorMetrics.forMechanism(getRuntimeContext(), OperatorMetrics.FLEET);
    emitted = metrics.counter(OperatorMetrics.WINDOWS);
    corrections = metrics.counter(OperatorMetrics.CORRECTIONS);
    summed = metrics.counter(OperatorMetrics.HISTOGRAMS);
    correctionsAccumulator = metrics.accumulator(CORRECTIONS);
  }

  @Override
  public void processElement(WindowHistogram h, Context ctx, Collector<FleetHistogram> out) throws Exception {
    List<Double> values = h.getNoisyCounts();
    if (values.size() != states) {
      throw new IllegalArgumentException("noisyCounts = " + values.size() + " bins: the fleet was configured with "
          + states + " states (subject " + h.getSubjectId() + ")");
    }
    long due = clock.endOf(h.getWindowEndTick());
    if (due <= ctx.timerService().currentWatermark()) {
      double[] one = add(null, h);
      out.collect(record(h.getWindowStartTick(), h.getWindowEndTick(), one, true));
      corrections.inc();
      correctionsAccumulator.add(1L);
      return;
    }
    double[] acc = sums.value();
    if (acc == null) {
      ctx.timerService().registerEventTimeTimer(due);
    }
    sums.update(add(acc, h));
    summed.inc();
  }

  @Override
  public void onTimer(long timestamp, OnTimerContext ctx, Collector<FleetHistogram> out) throws Exception {
    double[] acc = sums.value();
    if (acc == null) {
      return;
    }
    Tuple2<Long, Long> key = ctx.getCurrentKey();
    out.collect(record(key.f0, key.f1, acc, false));
    sums.clear();
    emitted.inc();
  }

  /** {@code acc} (or a new sum when null) plus the histogram {@code h}. */
  private double[] add(double[] acc, WindowHistogram h) {
    double scale = h.getNoiseScale();
    PufferPreconditions.checkPositive("noiseScale", scale);
    if (acc == null) {
      acc = new double[BINS + states];
    }
    acc[SUBJECTS] += 1;
    List<Double> values = h.getNoisyCounts();
    for (int i = 0; i < states; i++) {
      double v = values.get(i);
      acc[BINS + i] += frequencies ? Math.rint(v * window) : v; // integer counts: exact, in any order
    }
    for (int p = BINS + states; p < acc.length; p += 2) {
      if (acc[p] == scale) {
        acc[p + 1] += 1;
        return acc;
      }
    }
    double[] grown = Arrays.copyOf(acc, acc.length + 2);
    grown[acc.length] = scale;
    grown[acc.length + 1] = 1;
    return grown;
  }

  private FleetHistogram record(long start, long end, double[] acc, boolean correction) {
    List<Double> counts = new ArrayList<>(states);
    List<Double> sd = new ArrayList<>(states);
    double perBinSd = Math.sqrt(variance(acc));
    for (int i = 0; i < states; i++) {
      counts.add(frequencies ? acc[BINS + i] / window : acc[BINS + i]);
      sd.add(perBinSd);
    }
    return FleetHistogram.newBuilder()
        .setWindowStartTick(start)
        .setWindowEndTick(end)
        .setWindowStartTime(Instant.ofEpochMilli(clock.startOf(start)))
        .setWindowEndTime(Instant.ofEpochMilli(clock.startOf(end + 1)))
        .setSubjects((long) acc[SUBJECTS])
        .setStateLabels(labels)
        .setNoisyCounts(counts)
        .setNoiseStdDev(sd)
        .setOutput(frequencies ? MqmOutput.FREQUENCIES.configName() : MqmOutput.COUNTS.configName())
        .setCorrection(correction)
        .build();
  }

  /** The summed noise variance per bin: per distinct scale in increasing order, count × variance. */
  private double variance(double[] acc) {
    int pairs = (acc.length - BINS - states) / 2;
    double[] scales = new double[pairs];
    for (int j = 0; j < pairs; j++) {
      scales[j] = acc[BINS + states + 2 * j];
    }
    Arrays.sort(scales);
    double total = 0;
    for (double scale : scales) {
      double count = 0;
      for (int p = BINS + states; p < acc.length; p += 2) {
        count = acc[p] == scale ? acc[p + 1] : count;
      }
      total += count * discreteLaplaceVariance(scale);
    }
    return frequencies ? total / ((double) window * window) : total;
  }

  /** Corrections published by this instance (tests). */
  @VisibleForTesting
  long corrections() {
    return corrections.getCount();
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
