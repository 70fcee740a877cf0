package org.pufferflow.tools.experiments;

import java.util.List;
import java.util.Optional;
import org.apache.flink.annotation.Internal;

/** The registry of every {@link Experiment}, in the order {@code pufferflow experiment list} prints them. */
@Internal
public final class Experiments {

  private Experiments() {}

  /** Every experiment at full size, one entry per figure family. */
  public static List<Experiment> all() {
    return all(false);
  }

  /**
   * Every experiment; {@code quick} shrinks grids and Monte-Carlo repetitions (tests, smoke runs) without
   * changing what is computed.
   */
  public static List<Experiment> all(boolean quick) {
    return List.of(
        new MqmFig2Experiment(quick),
        new MqmThetaGridExperiment(quick),
        new CompositionExperiment(quick),
        new CompositionCounterexampleExperiment(),
        new RedactionExperiment(RedactionExperiment.Figure.FIG3, quick),
        new RedactionExperiment(RedactionExperiment.Figure.FIG4, quick),
        new RedactionExamplesExperiment(),
        new WassersteinVsMqmExperiment(quick),
        new MqmAmpdsExperiment(quick),
        new DphmmGeolifeExperiment(DphmmGeolifeExperiment.Figure.TIME, quick),
        new DphmmGeolifeExperiment(DphmmGeolifeExperiment.Figure.EPSILON, quick),
        new DphmmGeolifeExperiment(DphmmGeolifeExperiment.Figure.RADIUS, quick),
        new DphmmGeolifeExperiment(DphmmGeolifeExperiment.Figure.RUNTIME, quick),
        new DphmmScalingExperiment(quick));
  }

  /** The full-size experiment named {@code name}, if any. */
  public static Optional<Experiment> byName(String name) {
    return byName(name, false);
  }

  /** The experiment named {@code name}, if any, at the given size. */
  public static Optional<Experiment> byName(String name, boolean quick) {
    return all(quick).stream().filter(e -> e.name().equals(name)).findFirst();
  }
}
