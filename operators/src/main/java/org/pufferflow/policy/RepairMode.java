package org.pufferflow.policy;

import java.util.Locale;
import org.pufferflow.common.PufferPreconditions;

/**
 * How {@link ProtectableGraph} repairs exposed nodes of the constrained graph (docs/dphmm.md, 'Repair modes', config
 * {@code dphmm.repair}). All modes compute the exposed set E0 once, from K(G_C), and visit it by index.
 */
public enum RepairMode {
  /** The paper's Algorithm 1 as printed: connect every node of E0 to its nearest other node of C. Default. */
  STRICT("strict"),
  /** As strict, but skip a node already cured by earlier edges (fewer edges; K may stay degenerate). */
  GREEDY("greedy"),
  /** The paper's Algorithm 3 generalised to d ≤ 3: the partner giving the smallest Vol_d(K) (ties: lowest index). */
  MIN_VOLUME("min-volume"),
  /** No repair (analysis only: shows what the constrained graph alone protects). */
  NONE("none");

  private final String configName;

  RepairMode(String configName) {
    this.configName = configName;
  }

  /** The name used in configuration and on the command line. */
  public String configName() {
    return configName;
  }

  /** Parses a configuration name ({@code strict}, {@code greedy}, {@code min-volume}, {@code none}). */
  public static RepairMode parse(String name) {
    String s = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
    for (RepairMode m : values()) {
      if (m.configName.equals(s)) {
        return m;
      }
    }
    throw PufferPreconditions.invalid("repair",
        "repair = " + name + ": must be one of strict, greedy, min-volume, none");
  }
}
