package org.pufferflow.jobs.config;

/** Range checks on configuration values, each failing with {@code "<path>: must be ..., got <value>"}. */
final class Checks {

  private Checks() {}

  /** A finite number > 0 (an ε, a budget, a radius). */
  static double positive(ConfigNode node) {
    double v = node.asDouble();
    if (!(v > 0)) {
      throw node.error("must be > 0, got " + Numbers.format(v));
    }
    return v;
  }

  /** A number in the open interval (lo, hi). */
  static double open(ConfigNode node, double lo, double hi) {
    double v = node.asDouble();
    if (!(v > lo && v < hi)) {
      throw node.error(
          "must be in (" + Numbers.format(lo) + ", " + Numbers.format(hi) + "), got " + Numbers.format(v));
    }
    return v;
  }

  /** A number in the half-open interval [lo, hi). */
  static double closedOpen(ConfigNode node, double lo, double hi) {
    double v = node.asDouble();
    if (!(v >= lo && v < hi)) {
      throw node.error(
          "must be in [" + Numbers.format(lo) + ", " + Numbers.format(hi) + "), got " + Numbers.format(v));
    }
    return v;
  }

  /** A number in the half-open interval (lo, hi]. */
  static double openClosed(ConfigNode node, double lo, double hi) {
    double v = node.asDouble();
    if (!(v > lo && v <= hi)) {
      throw node.error(
          "must be in (" + Numbers.format(lo) + ", " + Numbers.format(hi) + "], got " + Numbers.format(v));
    }
    return v;
  }

  /** An integer >= min. */
  static int atLeast(ConfigNode node, int min) {
    int v = node.asInt();
    if (v < min) {
      throw node.error("must be >= " + min + ", got " + v);
    }
    return v;
  }
}
