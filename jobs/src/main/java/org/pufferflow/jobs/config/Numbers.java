package org.pufferflow.jobs.config;

import java.math.BigDecimal;
import java.math.MathContext;

/** Formats numbers for configuration error messages: short, and exact enough to recognise the value. */
final class Numbers {

  private static final MathContext TWELVE_DIGITS = new MathContext(12);

  private Numbers() {}

  static String format(double x) {
    if (Double.isNaN(x) || Double.isInfinite(x)) {
      return Double.toString(x);
    }
    if (x == Math.rint(x) && Math.abs(x) < 1e15) {
      return Long.toString((long) x);
    }
    BigDecimal d = new BigDecimal(x).round(TWELVE_DIGITS).stripTrailingZeros();
    double abs = Math.abs(x);
    return abs >= 1e-6 && abs < 1e15 ? d.toPlainString() : d.toString();
  }
}
