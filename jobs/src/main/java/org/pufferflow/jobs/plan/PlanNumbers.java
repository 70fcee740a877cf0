package org.pufferflow.jobs.plan;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;
import org.apache.flink.annotation.Internal;

/**
 * Numbers as a person reads them in a plan's text (docs/cli.md, "plan --config"): three significant digits,
 * thousands grouped with commas, no trailing zeros. A privacy loss is rounded {@link #up} so the text never
 * understates it (from the shortest decimal that reads back as the same double); a duration a budget lasts is
 * rounded {@link #down}; everything else to the {@link #near}est.
 * {@code --json} keeps the exact doubles.
 */
@Internal
public final class PlanNumbers {

  /** Significant digits shown. */
  public static final int DIGITS = 3;

  private PlanNumbers() {}

  /** {@code v} rounded toward +∞ to {@link #DIGITS} significant digits (for ε, costs, leakage). */
  public static String up(double v) {
    return show(v, RoundingMode.CEILING);
  }

  /** {@code v} rounded toward −∞ to {@link #DIGITS} significant digits (for how long a budget lasts). */
  public static String down(double v) {
    return show(v, RoundingMode.FLOOR);
  }

  /** {@code v} rounded to the nearest value of {@link #DIGITS} significant digits. */
  public static String near(double v) {
    return show(v, RoundingMode.HALF_EVEN);
  }

  /** The value {@link #up} shows, as a double (at least {@code v}). */
  public static double upValue(double v) {
    return Double.isFinite(v) ? round(v, RoundingMode.CEILING).doubleValue() : v;
  }

  private static String show(double v, RoundingMode mode) {
    if (Double.isNaN(v)) {
      return "none";
    }
    if (Double.isInfinite(v)) {
      return v > 0 ? "unbounded" : "-unbounded";
    }
    BigDecimal r = round(v, mode);
    String plain = r.abs().toPlainString();
    int dot = plain.indexOf('.');
    String whole = dot < 0 ? plain : plain.substring(0, dot);
    return (r.signum() < 0 ? "-" : "") + String.format(Locale.ROOT, "%,d", new BigInteger(whole))
        + (dot < 0 ? "" : plain.substring(dot));
  }

  private static BigDecimal round(double v, RoundingMode mode) {
    // the shortest decimal that reads back as v (what the configuration said), not the binary expansion, whose
    // tail (0.01 is 0.01000000000000000020816...) would round 0.01 up to 0.0101
    BigDecimal exact = BigDecimal.valueOf(v);
    if (exact.signum() == 0) {
      return BigDecimal.ZERO;
    }
    // integers of more than DIGITS digits stay integers (rounded in their last digits only when fractional)
    BigDecimal r = exact.round(new MathContext(DIGITS, mode));
    if (r.precision() - r.scale() > DIGITS) {
      r = exact.setScale(0, mode);
    }
    return r.stripTrailingZeros();
  }
}
