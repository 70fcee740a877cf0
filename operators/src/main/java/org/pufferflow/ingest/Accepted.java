package org.pufferflow.ingest;

/**
 * A record that passed validation: its subject, its tick {@code floor((eventTime - epoch) / tickMillis)} and its
 * state index in {@code [0, N)}. Ordering and duplicate checks happen later, per subject, in event time.
 */
public record Accepted(String subjectId, long tick, int state) implements ValidationResult {}
