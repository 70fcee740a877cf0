package org.pufferflow.operators;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.annotation.PublicEvolving;
import org.pufferflow.avro.OptOut;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.mechanism.redaction.OptOutRanges;

/**
 * Opt-outs known before the job starts (file mode: {@code input.optOuts}; docs/operators.md, 'Redaction function'):
 * {@link PreloadedRedactionFunction} (or {@link RedactionFunction}) adds a subject's ranges when it first meets the
 * subject, before any of its records is decided, so none of them can arrive too late, whatever the order in which
 * sources happen to run. Validated when built: {@code fromTick <= toTick}, {@code fromTick != Long.MIN_VALUE}, at most
 * {@link OptOutRanges#DEFAULT_CAPACITY} opt-outs per subject. Immutable; held by every parallel instance of the
 * function (meant for control data, not for millions of opt-outs).
 */
@PublicEvolving
public final class OptOutPreload implements Serializable {
  private static final long serialVersionUID = 1L;

  /** No opt-outs. */
  public static final OptOutPreload NONE = new OptOutPreload(Map.of());

  private final Map<String, long[]> ranges; // subject → from0, to0, from1, to1, ...

  private OptOutPreload(Map<String, long[]> ranges) {
    this.ranges = ranges;
  }

  /**
   * @throws IllegalArgumentException naming the offending opt-out (its position in {@code optOuts}, 0-based)
   */
  public static OptOutPreload of(List<OptOut> optOuts) {
    PufferPreconditions.checkNotNull("optOuts", optOuts);
    Map<String, List<Long>> bySubject = new HashMap<>();
    for (int i = 0; i < optOuts.size(); i++) {
      OptOut o = optOuts.get(i);
      long from = o.getFromTick();
      long to = o.getToTick();
      PufferPreconditions.checkArgument(from <= to && from != OptOutRanges.NONE,
          "optOuts[%s] = [%s, %s]: fromTick must not exceed toTick", i, from, to);
      List<Long> l = bySubject.computeIfAbsent(o.getSubjectId().toString(), s -> new ArrayList<>());
      PufferPreconditions.checkArgument(l.size() / 2 < OptOutRanges.DEFAULT_CAPACITY,
          "optOuts[%s]: subject has more than %s opt-outs", i, OptOutRanges.DEFAULT_CAPACITY);
      l.add(from);
      l.add(to);
    }
    Map<String, long[]> m = new HashMap<>();
    bySubject.forEach((s, l) -> m.put(s, l.stream().mapToLong(Long::longValue).toArray()));
    return new OptOutPreload(Map.copyOf(m));
  }

  /** Adds {@code subject}'s preloaded ranges to {@code target}; false if one did not fit (never, by construction). */
  boolean applyTo(String subject, OptOutRanges target) {
    long[] r = ranges.get(subject);
    boolean ok = true;
    if (r != null) {
      for (int i = 0; i < r.length; i += 2) {
        ok &= target.add(r[i], r[i + 1]);
      }
    }
    return ok;
  }

  /** Number of subjects with preloaded opt-outs. */
  public int subjects() {
    return ranges.size();
  }

  @Override
  public String toString() {
    return "OptOutPreload(" + ranges.size() + " subjects)"; // subjects are not listed
  }
}
