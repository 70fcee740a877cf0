package org.pufferflow.tools.bench;

import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.pufferflow.operators.StateObservation;

/** The baseline keyed operator: emits every record unchanged, keeps no state. */
final class PassThroughFunction extends KeyedProcessFunction<String, StateObservation, StateObservation> {
  private static final long serialVersionUID = 1L;

  @Override
  public void processElement(StateObservation value, Context ctx, Collector<StateObservation> out) {
    out.collect(value);
  }
}
