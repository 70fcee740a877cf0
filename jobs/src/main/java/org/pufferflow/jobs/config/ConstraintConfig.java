package org.pufferflow.jobs.config;

import java.io.Serializable;

/** How DPHMM derives the constraint set C_t from the prior ({@code dphmm.constraint}, dphmm.md §2 step 2). */
public sealed interface ConstraintConfig extends Serializable
    permits ConstraintConfig.Support, ConstraintConfig.Delta {

  /** {@code type: support}: the states with prior mass above 1e-12 (the default). */
  record Support() implements ConstraintConfig {}

  /** {@code type: delta}: the δ-location set, smallest prefix by descending prior with mass ≥ 1 − δ; δ in [0, 1). */
  record Delta(double delta) implements ConstraintConfig {}
}
