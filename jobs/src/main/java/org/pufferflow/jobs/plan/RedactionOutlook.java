package org.pufferflow.jobs.plan;

import org.apache.flink.annotation.Internal;

/**
 * What a streaming redaction configuration promises (docs/redaction.md): the bands of each side of a private record,
 * the hold-back they need, the utility and the exact leakage.
 *
 * @param mechanism the configured mechanism name
 * @param epsilon ε per private record
 * @param splitLeft ε of the left side (0 = the left side is redacted entirely)
 * @param splitRight ε of the right side
 * @param leftFullyRedacted true when every record before a private one is redacted
 * @param dMLeft first distance of band M on the left (-1 when fully redacted)
 * @param dSLeft first always-released distance on the left (-1 when fully redacted)
 * @param dMRight first distance of band M on the right
 * @param dSRight first always-released distance on the right
 * @param holdBackRequired d_S(left) − 1: ticks a record must be held so a later opt-out can still redact it (-1 =
 *     unbounded)
 * @param holdBackConfigured {@code redaction.holdBackTicks}
 * @param reach d_S(right) − 1: how far after a private record records can be redacted
 * @param expectedRedactions E[#redacted records] caused by one isolated private record (itself included)
 * @param affectedRecords n = holdBackRequired + 1 + reach, the records one private record can affect
 * @param localUtility ν (Definition 2 of Maßny et al.) over those n records alone; 0 when the left side is fully
 *     redacted
 * @param utilityRecords the sequence length m for {@code utility}: the records of one day of ticks (at least n)
 * @param utility ν over m records holding one private record, i.e. one private record per day; 0 when the left
 *     side is fully redacted
 * @param leakage exact L(X_p → Y) of one isolated private record in an unbounded stream
 * @param leakageLeft L(X_p → Y^(l))
 * @param leakageRight L(X_p → Y^(r))
 */
@Internal
public record RedactionOutlook(
    String mechanism,
    double epsilon,
    double splitLeft,
    double splitRight,
    boolean leftFullyRedacted,
    long dMLeft,
    long dSLeft,
    long dMRight,
    long dSRight,
    long holdBackRequired,
    int holdBackConfigured,
    long reach,
    double expectedRedactions,
    long affectedRecords,
    double localUtility,
    long utilityRecords,
    double utility,
    double leakage,
    double leakageLeft,
    double leakageRight) {}
