package org.pufferflow.tools.bench;

import org.apache.flink.api.java.functions.KeySelector;
import org.pufferflow.operators.StateObservation;

/** The subject id of an observation: the key of every keyed benchmark operator. */
final class SubjectKey implements KeySelector<StateObservation, String> {
  private static final long serialVersionUID = 1L;

  @Override
  public String getKey(StateObservation o) {
    return o.subjectId;
  }
}
