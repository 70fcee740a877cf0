package org.pufferflow.tools.bench;

import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.operators.StateObservation;

/**
 * The benchmarks' input: record {@code i} is subject {@code i mod M} at tick {@code i div M}, in the state of its
 * {@link SyntheticPath}. Every subject therefore sees ticks 0, 1, 2, … in order (as ingestion delivers them), and
 * the subjects take turns, so the keyed state of all M subjects is live at once. Generated from a single source
 * subtask (per-subject order is kept across the keyBy).
 */
final class SyntheticObservations implements GeneratorFunction<Long, StateObservation> {
  private static final long serialVersionUID = 1L;

  private final int subjects;
  private final int states;
  private transient SyntheticPath path;

  SyntheticObservations(int subjects, int states) {
    this.subjects = (int) PufferPreconditions.checkAtLeast("subjects", subjects, 1);
    this.states = states;
    this.path = new SyntheticPath(states);
  }

  /** The subject id of subject index {@code s}. */
  public static String subjectId(long s) {
    return "s" + s;
  }

  @Override
  public StateObservation map(Long index) {
    if (path == null) {
      path = new SyntheticPath(states);
    }
    long i = index;
    long s = i % subjects;
    long tick = i / subjects;
    return new StateObservation(subjectId(s), tick, path.state(s, tick));
  }
}
