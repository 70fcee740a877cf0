package org.pufferflow.ingest;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pufferflow.avro.Observation;
import org.pufferflow.common.PufferPreconditions;

/**
 * {@code categorical}: the observation's {@code stateLabel} is one of the model's state labels, and its index in
 * that list is the state. A null label is {@link ReasonCode#MISSING_VALUE}, any other string
 * {@link ReasonCode#UNKNOWN_LABEL} (labels are case-sensitive, compared exactly).
 */
public final class CategoricalDiscretizer implements Discretizer {
  private static final long serialVersionUID = 1L;

  private final List<String> labels;
  private final HashMap<String, Integer> index;

  /** @param labels the model's distinct, non-null state labels, in state order */
  public CategoricalDiscretizer(List<String> labels) {
    PufferPreconditions.checkNotNull("labels", labels);
    PufferPreconditions.checkArgument(!labels.isEmpty(), "labels: must not be empty");
    this.labels = List.copyOf(labels);
    this.index = new HashMap<>();
    for (int i = 0; i < this.labels.size(); i++) {
      Integer previous = index.put(this.labels.get(i), i);
      PufferPreconditions.checkArgument(
          previous == null, "labels[%d] = %s: duplicate of labels[%d]", i, this.labels.get(i), previous);
    }
  }

  @Override
  public int numStates() {
    return labels.size();
  }

  @Override
  public int discretize(Observation observation) {
    String label = observation.getStateLabel();
    if (label == null) {
      return Discretizer.rejected(ReasonCode.MISSING_VALUE);
    }
    Integer state = index.get(label);
    return state == null ? Discretizer.rejected(ReasonCode.UNKNOWN_LABEL) : state;
  }

  @Override
  public String explain(Observation observation, ReasonCode reason) {
    return switch (reason) {
      case MISSING_VALUE -> "stateLabel is missing (categorical discretizer)";
      case UNKNOWN_LABEL -> "stateLabel = " + Quote.of(observation.getStateLabel()) + ": not one of " + labels;
      default -> reason.name();
    };
  }

  /** Immutable view of the labels. */
  public Map<String, Integer> indexByLabel() {
    return Map.copyOf(index);
  }
}
