package org.pufferflow.operators;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import org.apache.flink.annotation.VisibleForTesting;
import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.RuntimeContext;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MetricGroup;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.ingest.ReasonCode;

/**
 * The metrics of every pufferflow function (docs/operators.md and docs/configuration.md, 'Metrics'), registered into
 * the function's operator metric group, in the manner of Flink's {@code KafkaSourceReaderMetrics}: every metric and
 * group name is a constant of this class, and a function registers through it only.
 *
 * <p><b>Layout.</b> Ingestion functions ({@link ValidateObservations}, {@link TickOrderFunction}) register in the
 * group {@value #GROUP}; a mechanism function in {@value #GROUP} → its mechanism id ({@code dphmm}, {@code mqm},
 * {@code redaction}), the fleet in {@value #GROUP} → {@value #FLEET}. Rejections are counters
 * {@value #REJECTS}{@code .<REASON>} in that group, one per {@link ReasonCode} the function can emit; ingestion
 * functions also count them in the job accumulators {@value #REJECTED_ACCUMULATOR_PREFIX}{@code <REASON>}, which a
 * bounded run reads from its {@code JobExecutionResult}.
 *
 * <p><b>Subjects.</b> {@value #SUBJECTS} is a counter with one meaning in every keyed mechanism function: the number of
 * subjects whose keyed state this instance created since it started — a subject's first record (or, in redaction,
 * opt-out) that was not rejected. It counts from 0 after a restore and does not count restored subjects: it is not
 * the number of live subjects, which a keyed function cannot enumerate.
 *
 * <p>Every figure is an aggregate over the instance's subjects; nothing is per subject or per record, so no metric
 * ties a private quantity (for instance that a true state lay outside its constraint set) to a subject or a tick.
 */
final class OperatorMetrics {

  /** The group every pufferflow metric lives in. */
  public static final String GROUP = "pufferflow";
  /** Subgroup of the per-reason rejection counters. */
  public static final String REJECTS = "rejects";
  /** Subgroup of {@link FleetHistogramFunction}. */
  public static final String FLEET = "fleet";

  /** Counter: subjects whose keyed state this instance created since it started (class comment). */
  public static final String SUBJECTS = "subjects";
  /** Counter (DPHMM, MQM): releases emitted. */
  public static final String RELEASES = "releases";
  /** Counter (DPHMM, MQM): releases not made because the budget refused them. */
  public static final String BUDGET_REFUSALS = "budgetRefusals";
  /** Counter (DPHMM, MQM): refusals that exhausted a budget (one ledger event each). */
  public static final String BUDGET_EXHAUSTIONS = "budgetExhaustions";
  /** Counter (DPHMM): releases whose true state lay outside C_t (counted only, never shown per record). */
  public static final String SURROGATE_USES = "surrogateUses";
  /** Gauge (DPHMM): hits / lookups of the instance's hull cache, NaN before the first lookup. */
  public static final String HULL_CACHE_HIT_RATE = "hullCacheHitRate";
  /** Counter (redaction): records released with their value. */
  public static final String RELEASED = "released";
  /** Counter (redaction): records released redacted. */
  public static final String REDACTED = "redacted";
  /** Counter (redaction): opt-outs received. */
  public static final String OPT_OUTS = "optOuts";
  /** Counter (fleet): window records emitted. */
  public static final String WINDOWS = "windows";
  /** Counter (fleet): histograms summed into a window record. */
  public static final String HISTOGRAMS = "histograms";
  /** Counter (fleet): histograms published as corrections. */
  public static final String CORRECTIONS = "corrections";
  /** Counter and accumulator (tick order): observations emitted. */
  public static final String ACCEPTED = "accepted";

  /** Prefix of the per-reason rejection accumulators of the ingestion functions. */
  public static final String REJECTED_ACCUMULATOR_PREFIX = "rejected.";
  /** Accumulator (fleet): corrections (the run summary shows it). */
  public static final String CORRECTIONS_ACCUMULATOR = "fleet.corrections";

  private final RuntimeContext context;
  private final MetricGroup group;
  private final Map<String, Counter> counters = new HashMap<>();
  private final EnumMap<ReasonCode, Counter> rejects = new EnumMap<>(ReasonCode.class);
  private final EnumMap<ReasonCode, LongCounter> rejectAccumulators = new EnumMap<>(ReasonCode.class);

  private OperatorMetrics(RuntimeContext context, MetricGroup group, boolean accumulate, ReasonCode[] reasons) {
    this.context = context;
    this.group = group;
    MetricGroup r = group.addGroup(REJECTS);
    for (ReasonCode reason : reasons) {
      rejects.put(reason, r.counter(reason.name()));
      if (accumulate) {
        rejectAccumulators.put(reason, context.getLongCounter(REJECTED_ACCUMULATOR_PREFIX + reason.name()));
      }
    }
  }

  /**
   * The metrics of a mechanism or fleet function: group {@value #GROUP} → {@code scope}, rejection counters for
   * {@code reasons} (metrics only).
   */
  static OperatorMetrics forMechanism(RuntimeContext context, String scope, ReasonCode... reasons) {
    PufferPreconditions.checkNotNull("scope", scope);
    return new OperatorMetrics(context, context.getMetricGroup().addGroup(GROUP).addGroup(scope), false, reasons);
  }

  /**
   * The metrics of an ingestion function: group {@value #GROUP}, rejection counters for {@code reasons}, each also
   * counted in the accumulator {@value #REJECTED_ACCUMULATOR_PREFIX}{@code <REASON>}.
   */
  static OperatorMetrics forIngestion(RuntimeContext context, ReasonCode... reasons) {
    return new OperatorMetrics(context, context.getMetricGroup().addGroup(GROUP), true, reasons);
  }

  /** Registers the counter {@code name} (one of this class's constants) in this function's group. */
  public Counter counter(String name) {
    PufferPreconditions.checkArgument(!counters.containsKey(name), "counter %s: registered twice", name);
    Counter c = group.counter(name);
    counters.put(name, c);
    return c;
  }

  /** Registers the gauge {@code name} (one of this class's constants) in this function's group. */
  public <T> void gauge(String name, Gauge<T> gauge) {
    group.gauge(name, gauge);
  }

  /** The job accumulator {@code name} (one of this class's constants). */
  public LongCounter accumulator(String name) {
    return context.getLongCounter(name);
  }

  /** Counts one rejection with {@code reason} (a reason this function registered). */
  public void reject(ReasonCode reason) {
    rejects.get(reason).inc();
    LongCounter a = rejectAccumulators.get(reason);
    if (a != null) {
      a.add(1L);
    }
  }

  /** The count of the counter {@code name} (tests and diagnostics; 0 if never registered). */
  @VisibleForTesting
  long count(String name) {
    Counter c = counters.get(name);
    return c == null ? 0 : c.getCount();
  }

  /** The rejections counted with {@code reason} (tests and diagnostics; 0 if not registered). */
  @VisibleForTesting
  long rejects(ReasonCode reason) {
    Counter c = rejects.get(reason);
    return c == null ? 0 : c.getCount();
  }

  /** Hits / (hits + misses); NaN before the first lookup. */
  static double hitRate(long hits, long misses) {
    long total = hits + misses;
    return total == 0 ? Double.NaN : (double) hits / total;
  }
}
