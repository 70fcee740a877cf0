package org.pufferflow.jobs.config;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;
import org.apache.flink.annotation.Internal;
import org.pufferflow.ingest.BinsDiscretizer;
import org.pufferflow.ingest.CategoricalDiscretizer;
import org.pufferflow.ingest.Discretizer;
import org.pufferflow.ingest.GridDiscretizer;
import org.pufferflow.ingest.ObservationValidator;
import org.pufferflow.ingest.TickClock;
import org.pufferflow.ingest.TickOrder;

/**
 * The ingestion objects of one configuration (docs/configuration.md, 'Data model' and 'Event time and lateness'), built
 * once by {@link ConfigLoader} from {@code time}, {@code model} and {@code discretizer}, serializable, and used as
 * they are by the pipeline (the validate + discretize and tick-order operators, the redaction and fleet functions):
 * nothing downstream rebuilds them from configuration data. Equal when built from equal configuration.
 */
@Internal
public final class IngestObjects implements Serializable {

  private static final long serialVersionUID = 1L;

  private final TimeConfig time;
  private final DiscretizerConfig discretizer;
  private final List<String> states;
  private final TickClock clock;
  private final ObservationValidator validator;
  private final TickOrder tickOrder;

  private IngestObjects(TimeConfig time, ModelConfig model, DiscretizerConfig discretizer) {
    this.time = time;
    this.discretizer = discretizer;
    this.states = List.copyOf(model.states());
    this.clock = new TickClock(time.tickMillis(), time.epochMillis());
    this.validator = new ObservationValidator(discretizer(discretizer, states), clock);
    this.tickOrder = new TickOrder(time.allowedLatenessTicks());
  }

  /** Builds the objects a validated configuration describes. */
  static IngestObjects of(TimeConfig time, ModelConfig model, DiscretizerConfig discretizer) {
    return new IngestObjects(time, model, discretizer);
  }

  private static Discretizer discretizer(DiscretizerConfig config, List<String> states) {
    if (config instanceof DiscretizerConfig.Bins b) {
      return new BinsDiscretizer(b.thresholds(), b.min(), b.max());
    }
    if (config instanceof DiscretizerConfig.Grid g) {
      return new GridDiscretizer(g.minLat(), g.maxLat(), g.minLon(), g.maxLon(), g.rows(), g.cols());
    }
    return new CategoricalDiscretizer(states);
  }

  /** The job's tick clock. */
  public TickClock clock() {
    return clock;
  }

  /** The stateless checks and the discretizer. */
  public ObservationValidator validator() {
    return validator;
  }

  /** The per-subject lateness rule. */
  public TickOrder tickOrder() {
    return tickOrder;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof IngestObjects i && i.time.equals(time) && i.discretizer.equals(discretizer)
        && i.states.equals(states);
  }

  @Override
  public int hashCode() {
    return Objects.hash(time, discretizer, states);
  }

  @Override
  public String toString() {
    return "IngestObjects[" + time + ", " + discretizer + ", " + states.size() + " states]";
  }
}
