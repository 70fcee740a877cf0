package org.pufferflow.jobs.config;

/** Reads and validates the {@code discretizer} section against the model's N states. */
final class DiscretizerSection {

  private DiscretizerSection() {}

  static DiscretizerConfig read(ConfigNode d, int n) {
    d.expectMapping();
    ConfigNode typeNode = d.required("type");
    String type = typeNode.asString();
    return switch (type) {
      case "categorical" -> {
        d.requireMapping("type");
        yield new DiscretizerConfig.Categorical();
      }
      case "bins" -> bins(d, n);
      case "grid" -> grid(d, n);
      default -> throw typeNode.error("unknown type " + type + ", expected one of categorical, bins, grid");
    };
  }

  private static DiscretizerConfig.Bins bins(ConfigNode d, int n) {
    d.requireMapping("type", "thresholds", "min", "max");
    ConfigNode thresholdsNode = d.required("thresholds");
    double[] t = thresholdsNode.asDoubleArray();
    ConfigNode minNode = d.required("min");
    double min = minNode.asDouble();
    double max = d.required("max").asDouble();
    if (!(min < max)) {
      throw minNode.error("must be below max, got " + Numbers.format(min) + " >= " + Numbers.format(max));
    }
    if (t.length != n - 1) {
      throw thresholdsNode.error(
          "has " + t.length + " values, expected " + (n - 1) + " (N-1 for " + n + " states)");
    }
    for (int i = 0; i < t.length; i++) {
      String at = thresholdsNode.path() + "[" + i + "]";
      if (i > 0 && !(t[i] > t[i - 1])) {
        throw new ConfigException(
            at, "not ascending: " + Numbers.format(t[i]) + " <= previous " + Numbers.format(t[i - 1]));
      }
      if (!(t[i] > min && t[i] <= max)) {
        throw new ConfigException(
            at,
            Numbers.format(t[i]) + " outside (min, max] = (" + Numbers.format(min) + ", " + Numbers.format(max)
                + "]");
      }
    }
    return new DiscretizerConfig.Bins(t, min, max);
  }

  private static DiscretizerConfig.Grid grid(ConfigNode d, int n) {
    d.requireMapping("type", "minLat", "maxLat", "minLon", "maxLon", "rows", "cols");
    double minLat = coordinate(d.required("minLat"), 90);
    double maxLat = coordinate(d.required("maxLat"), 90);
    double minLon = coordinate(d.required("minLon"), 180);
    double maxLon = coordinate(d.required("maxLon"), 180);
    if (!(minLat < maxLat)) {
      throw d.required("minLat").error(
          "must be below maxLat, got " + Numbers.format(minLat) + " >= " + Numbers.format(maxLat));
    }
    if (!(minLon < maxLon)) {
      throw d.required("minLon").error(
          "must be below maxLon, got " + Numbers.format(minLon) + " >= " + Numbers.format(maxLon));
    }
    int rows = Checks.atLeast(d.required("rows"), 1);
    int cols = Checks.atLeast(d.required("cols"), 1);
    if ((long) rows * cols != n) {
      throw d.required("rows").error(
          "rows*cols = " + rows + "*" + cols + " = " + ((long) rows * cols) + ", expected " + n
              + " (one cell per state)");
    }
    return new DiscretizerConfig.Grid(minLat, maxLat, minLon, maxLon, rows, cols);
  }

  private static double coordinate(ConfigNode node, double limit) {
    double v = node.asDouble();
    if (v < -limit || v > limit) {
      throw node.error("must be in [-" + (int) limit + ", " + (int) limit + "], got " + Numbers.format(v));
    }
    return v;
  }
}
