package org.pufferflow.mechanism.mqm;

import java.io.Serializable;
import java.util.List;

/**
 * The class Θ of Markov chains an adversary may believe (docs/mqm.md, 'What is protected', docs/mqm.md, 'Modes'):
 * either a finite list of known chains ({@link FiniteChainClass}) or a class known only by bounds (π_min, gap)
 * ({@link BoundedChainClass}). Θ must be public prior knowledge, never estimated from the private stream (docs/mqm.md,
 * 'Sliding windows' operational requirement 3).
 *
 * <p>Implementations are immutable, with value equality, and {@link Serializable} (with a serialVersionUID): a
 * calibration travels as its public parameters (Θ, mode, ε, T, L) and is rebuilt where it is used. Deserialising
 * revalidates the class.
 */
public interface ChainClass extends Serializable {

  /**
   * One influence model per θ for {@code mode}, with tables for chain lengths up to {@code maxLength}. σ_max of
   * the class is the maximum of the per-θ σ_max (003 Algorithm 1). Throws IllegalArgumentException when the mode
   * does not apply to the class (e.g. approx-reversible for a non-reversible chain, exact for a bounds-only class,
   * a chain that is not ergodic where the mode needs it).
   */
  List<QuiltInfluence> influences(MqmMode mode, int maxLength);

  /** Number of states k. */
  int states();

  /** The π_min summary used by {@code mode} (class-wide minimum). */
  double piMin(MqmMode mode);

  /** The eigen-gap summary used by {@code mode}: g_P for approx-reversible, g_{PP*} otherwise (class minimum). */
  double gap(MqmMode mode);

  /** The mode used when none is given (docs/cli.md): exact-any-initial for chains, approx-general for bounds. */
  MqmMode defaultMode();
}
