package org.pufferflow.jobs.mechanism;

import java.io.Serializable;
import java.util.List;
import org.apache.flink.annotation.PublicEvolving;
import org.pufferflow.jobs.io.OutputKind;

/**
 * A mechanism a job configuration enables: its unit and the description its section built. The typed methods keep
 * the unit and its description together, so a caller never casts.
 *
 * @param unit the registered unit
 * @param description what {@link MechanismUnit#read} built
 * @param <D> the description type
 */
@PublicEvolving
public record Configured<D extends Serializable>(MechanismUnit<D> unit, D description) implements Serializable {

  public Configured {
    if (unit == null || description == null) {
      throw new IllegalArgumentException("unit and description are required");
    }
  }

  /** The section name, e.g. {@code dphmm}. */
  public String section() {
    return unit.section();
  }

  /** {@link MechanismUnit#outputs} of the description. */
  public List<OutputKind> outputs() {
    return unit.outputs(description);
  }

  /** {@link MechanismUnit#attach} of the description. */
  public void attach(Attachment at) {
    unit.attach(description, at);
  }

  /** {@link MechanismUnit#plan} of the description. */
  public MechanismPlan plan(PlanContext context) {
    return unit.plan(description, context);
  }

  /** Equal when of the same unit class with equal descriptions (a unit is stateless; a copy is the same unit). */
  @Override
  public boolean equals(Object o) {
    return o instanceof Configured<?> c && c.unit.getClass() == unit.getClass() && c.description.equals(description);
  }

  @Override
  public int hashCode() {
    return unit.getClass().hashCode() * 31 + description.hashCode();
  }

  @Override
  public String toString() {
    return "Configured[" + unit.section() + "]";
  }
}
