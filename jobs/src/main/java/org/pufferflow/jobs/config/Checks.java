package org.pufferflow.jobs.config;

/**
 * Range checks on configuration values that no math builder owns (the discretizer's grid), each failing with
 * {@code "<path>: must be ..., got <value>"}. A mechanism's parameters are not checked here: their builders judge
 * them ({@link MechanismErrors}).
 */
final class Checks {

  private Checks() {}

  /** An integer >= min. */
  static int atLeast(ConfigNode node, int min) {
    int v = node.asInt();
    if (v < min) {
      throw node.error("must be >= " + min + ", got " + v);
    }
    return v;
  }
}
