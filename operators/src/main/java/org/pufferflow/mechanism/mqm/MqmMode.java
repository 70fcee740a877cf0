package org.pufferflow.mechanism.mqm;

import java.util.Locale;
import org.pufferflow.common.PufferPreconditions;

/**
 * How the Markov Quilt Mechanism bounds the max-influence of a quilt (docs/mqm.md, 'Modes'; docs/cli.md
 * {@code --mode}).
 *
 * <ul>
 *   <li>{@link #EXACT}: exact influence of a known chain with a stationary start (q = π); needs an irreducible P.
 *   <li>{@link #EXACT_ANY_INITIAL}: exact influence, supremum over every initial distribution (EXACT_ANY_Q); the
 *       safe exact choice for stream windows, whose first state has an unknown law.
 *   <li>{@link #APPROX_REVERSIBLE}: 000 Lemma 4.7 / slides, rate r = g_P = 1 − |λ₂(P)|; only for reversible chains.
 *   <li>{@link #APPROX_GENERAL}: 003 Lemma 2.3, rate r = g_{PP*}/2; any irreducible aperiodic chain.
 * </ul>
 */
public enum MqmMode {
  EXACT("exact", true),
  EXACT_ANY_INITIAL("exact-any-initial", true),
  APPROX_REVERSIBLE("approx-reversible", false),
  APPROX_GENERAL("approx-general", false);

  private final String cliName;
  private final boolean exact;

  MqmMode(String cliName, boolean exact) {
    this.cliName = cliName;
    this.exact = exact;
  }

  /** The name used on the command line and in configuration files. */
  public String cliName() {
    return cliName;
  }

  /** The spelling in configuration files (the same as {@link #cliName()}). */
  public String configName() {
    return cliName;
  }

  /** Whether the mode computes exact influences from known chains (as opposed to the Lemma 2.3 bound). */
  public boolean isExact() {
    return exact;
  }

  /** Parses a CLI name ({@code exact | exact-any-initial | approx-reversible | approx-general}). */
  public static MqmMode fromCliName(String name) {
    String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
    for (MqmMode m : values()) {
      if (m.cliName.equals(n)) {
        return m;
      }
    }
    throw PufferPreconditions.invalid(MqmParameters.MODE,
        "mode = " + name + ": must be one of exact, exact-any-initial, approx-reversible, approx-general");
  }

  @Override
  public String toString() {
    return cliName;
  }
}
