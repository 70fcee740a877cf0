package org.pufferflow.ingest;

import org.pufferflow.common.PufferPreconditions;

/**
 * The verdict on a record that cannot be used: a {@link ReasonCode} and a human-readable message naming the
 * offending value. Becomes a {@code RejectedObservation} on the dead-letter topic.
 */
public record Rejection(ReasonCode reasonCode, String message) {
  public Rejection {
    PufferPreconditions.checkNotNull("reasonCode", reasonCode);
    PufferPreconditions.checkNotNull("message", message);
  }
}
