package org.pufferflow.operators;

import java.util.EnumMap;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MetricGroup;
import org.pufferflow.ingest.ReasonCode;
import org.pufferflow.mechanism.dphmm.DphmmReleaser;

/**
 * The metrics of one {@link DphmmReleaseFunction} instance, in the metric group {@code pufferflow.dphmm}
 * (docs/operators.md, 'DPHMM release function'): counters {@code releases}, {@code surrogateUses},
 * {@code budgetExhaustions}, {@code budgetRefusals}, {@code subjects} and {@code rejects.<REASON>}, and the gauge
 * {@code hullCacheHitRate}. Every figure is an aggregate over the instance's subjects; none is per record, so the
 * surrogate count (how often a true state lay outside its constraint set) is never tied to a subject or a tick.
 */
final class DphmmMetrics {

  private final Counter releases;
  private final Counter surrogateUses;
  private final Counter budgetExhaustions;
  private final Counter budgetRefusals;
  private final Counter subjects;
  private final EnumMap<ReasonCode, Counter> rejects = new EnumMap<>(ReasonCode.class);

  DphmmMetrics(MetricGroup operatorGroup, String mechanism, DphmmReleaser releaser) {
    MetricGroup g = operatorGroup.addGroup("pufferflow").addGroup(mechanism);
    releases = g.counter("releases");
    surrogateUses = g.counter("surrogateUses");
    budgetExhaustions = g.counter("budgetExhaustions");
    budgetRefusals = g.counter("budgetRefusals");
    subjects = g.counter("subjects");
    MetricGroup r = g.addGroup("rejects");
    for (ReasonCode reason : new ReasonCode[] {ReasonCode.DUPLICATE_TICK, ReasonCode.TOO_LATE}) {
      rejects.put(reason, r.counter(reason.name()));
    }
    g.gauge("hullCacheHitRate", (Gauge<Double>) () -> hitRate(releaser.cacheHits(), releaser.cacheMisses()));
  }

  /** Hits / (hits + misses); NaN before the first lookup. */
  static double hitRate(long hits, long misses) {
    long total = hits + misses;
    return total == 0 ? Double.NaN : (double) hits / total;
  }

  void release() {
    releases.inc();
  }

  void surrogateUse() {
    surrogateUses.inc();
  }

  void exhaustion() {
    budgetExhaustions.inc();
  }

  void refusal() {
    budgetRefusals.inc();
  }

  void newSubject() {
    subjects.inc();
  }

  void reject(ReasonCode reason) {
    rejects.get(reason).inc();
  }

  long releases() {
    return releases.getCount();
  }

  long surrogateUses() {
    return surrogateUses.getCount();
  }

  long exhaustions() {
    return budgetExhaustions.getCount();
  }

  long refusals() {
    return budgetRefusals.getCount();
  }

  long subjects() {
    return subjects.getCount();
  }

  long rejects(ReasonCode reason) {
    return rejects.get(reason).getCount();
  }
}
