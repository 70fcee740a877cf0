package org.pufferflow.ingest;

/** The outcome of {@link ObservationValidator#validate}: either {@link Accepted} or a {@link Rejection}. */
public sealed interface ValidationResult permits Accepted, Rejection {}
