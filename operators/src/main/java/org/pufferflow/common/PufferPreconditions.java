package org.pufferflow.common;

/**
 * Argument checks shared by every pufferflow math package, gathered in one place as Google's differential-privacy
 * library does with {@code DpPreconditions}.
 *
 * <p>Every check throws {@link IllegalArgumentException} with a message that names the offending value and says why
 * it is rejected, so the message can be shown to a user as is (the CLI prints it and exits with code 2).
 * Methods take the parameter's name as first argument; messages read {@code "<name> = <value>: <reason>"}.
 *
 * <p>Add a check here rather than writing an ad-hoc {@code if (...) throw} in a mechanism class.
 */
public final class PufferPreconditions {

  private PufferPreconditions() {}

  /** Fails with {@code message} (formatted with {@link String#format}) unless {@code condition} holds. */
  public static void checkArgument(boolean condition, String message, Object... args) {
    if (!condition) {
      throw new IllegalArgumentException(args.length == 0 ? message : String.format(message, args));
    }
  }

  /**
   * {@link #checkArgument(boolean, String, Object...)} for one primitive argument: no varargs array and no boxing
   * unless the check fails, so hot paths can call it per record without allocating.
   */
  public static void checkArgument(boolean condition, String message, long arg) {
    if (!condition) {
      throw new IllegalArgumentException(String.format(message, arg));
    }
  }

  /** As {@link #checkArgument(boolean, String, long)} for a double argument. */
  public static void checkArgument(boolean condition, String message, double arg) {
    if (!condition) {
      throw new IllegalArgumentException(String.format(message, arg));
    }
  }

  /** As {@link #checkArgument(boolean, String, long)} for three long arguments. */
  public static void checkArgument(boolean condition, String message, long arg1, long arg2, long arg3) {
    if (!condition) {
      throw new IllegalArgumentException(String.format(message, arg1, arg2, arg3));
    }
  }

  /** A privacy parameter ε: finite and strictly positive. */
  public static double checkEpsilon(String name, double epsilon) {
    if (Double.isNaN(epsilon) || Double.isInfinite(epsilon) || epsilon <= 0) {
      throw new IllegalArgumentException(name + " = " + epsilon + ": must be finite and > 0");
    }
    return epsilon;
  }

  /** A finite, strictly positive real (a scale, a budget, a radius). */
  public static double checkPositive(String name, double value) {
    if (!(value > 0) || Double.isInfinite(value)) {
      throw new IllegalArgumentException(name + " = " + value + ": must be finite and > 0");
    }
    return value;
  }

  /** A finite, non-negative real. */
  public static double checkNonNegative(String name, double value) {
    if (!(value >= 0) || Double.isInfinite(value)) {
      throw new IllegalArgumentException(name + " = " + value + ": must be finite and >= 0");
    }
    return value;
  }

  /** Any finite real. */
  public static double checkFinite(String name, double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      throw new IllegalArgumentException(name + " = " + value + ": must be finite");
    }
    return value;
  }

  /** A probability in the closed interval [0, 1]. */
  public static double checkProbability(String name, double p) {
    if (!(p >= 0 && p <= 1)) {
      throw new IllegalArgumentException(name + " = " + p + ": must be a probability in [0, 1]");
    }
    return p;
  }

  /** A value in the open interval (lo, hi). */
  public static double checkOpenInterval(String name, double value, double lo, double hi) {
    if (!(value > lo && value < hi)) {
      throw new IllegalArgumentException(name + " = " + value + ": must lie in (" + lo + ", " + hi + ")");
    }
    return value;
  }

  /** A value in the half-open interval [lo, hi). */
  public static double checkClosedOpenInterval(String name, double value, double lo, double hi) {
    if (!(value >= lo && value < hi)) {
      throw new IllegalArgumentException(name + " = " + value + ": must lie in [" + lo + ", " + hi + ")");
    }
    return value;
  }

  /** An integer in the closed range [lo, hi]. */
  public static long checkInRange(String name, long value, long lo, long hi) {
    if (value < lo || value > hi) {
      throw new IllegalArgumentException(name + " = " + value + ": must lie in [" + lo + ", " + hi + "]");
    }
    return value;
  }

  /** An integer of at least {@code min}. */
  public static long checkAtLeast(String name, long value, long min) {
    if (value < min) {
      throw new IllegalArgumentException(name + " = " + value + ": must be >= " + min);
    }
    return value;
  }

  /** A 0-based index into something of size {@code size}. */
  public static int checkIndex(String name, int index, int size) {
    if (index < 0 || index >= size) {
      throw new IllegalArgumentException(name + " = " + index + ": index out of range [0, " + (size - 1) + "]");
    }
    return index;
  }

  /** A non-null reference. */
  public static <T> T checkNotNull(String name, T value) {
    if (value == null) {
      throw new IllegalArgumentException(name + ": must not be null");
    }
    return value;
  }
}
