package org.pufferflow.jobs.experiments;

import java.util.List;
import java.util.Optional;

/** The registry of every {@link Experiment}, in the order {@code pufferflow experiment list} prints them. */
public final class Experiments {

  private Experiments() {}

  /** Every experiment, one entry per figure family. */
  public static List<Experiment> all() {
    return List.of();
  }

  /** The experiment named {@code name}, if any. */
  public static Optional<Experiment> byName(String name) {
    return all().stream().filter(e -> e.name().equals(name)).findFirst();
  }
}
