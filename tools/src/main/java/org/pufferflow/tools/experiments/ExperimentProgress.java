package org.pufferflow.tools.experiments;

import org.apache.flink.annotation.Internal;
import org.apache.flink.annotation.VisibleForTesting;

/** Progress of a running {@link Experiment}: a number of steps announced up front, then advanced. */
@Internal
public interface ExperimentProgress {

  /** Announces {@code total} steps for the part named {@code task} (replaces any earlier announcement). */
  void start(String task, long total);

  /** Advances by {@code steps}. */
  void step(long steps);

  /** A sink that shows nothing (tests). */
  @VisibleForTesting
  static ExperimentProgress silent() {
    return new ExperimentProgress() {
      @Override
      public void start(String task, long total) {}

      @Override
      public void step(long steps) {}
    };
  }
}
