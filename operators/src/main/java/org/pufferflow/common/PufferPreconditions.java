package org.pufferflow.common;

/**
 * Argument checks shared by every pufferflow math package, gathered in one place as Google's differential-privacy
 * library does with {@code DpPreconditions}.
 *
 * <p>Every check throws an {@link InvalidParameterException} that carries the parameter's id as a field
 * ({@link InvalidParameterException#parameter()}) and a message that names the offending value and says why it is
 * rejected, so the message can be shown to a user as is (the CLI prints it and exits with code 2). Callers map an
 * error to where the parameter came from by that field, never by the message. Methods take the parameter's name as
 * first argument, which is also its id; the {@code (id, label, ...)} overloads and {@code checkArgument(id, ...)}
 * keep a builder's id constant apart from the label the message shows. Messages read
 * {@code "<name> = <value>: <reason>"}. The nameless {@code checkArgument} overloads
 * are for caller contracts on hot paths (no parameter to name); they throw a plain {@link IllegalArgumentException}.
 *
 * <p>Add a check here (or, for the model's matrices, distributions and chain bounds, in {@link ModelPreconditions})
 * rather than writing an ad-hoc {@code if (...) throw} in a mechanism class.
 */
public final class PufferPreconditions {

  private PufferPreconditions() {}

  /**
   * Fails with an {@link InvalidParameterException} for {@code parameter} and {@code message} (formatted with
   * {@link String#format}) unless {@code condition} holds. Use this for every rule about a public parameter.
   */
  public static void checkArgument(String parameter, boolean condition, String message, Object... args) {
    if (!condition) {
      throw invalid(parameter, args.length == 0 ? message : String.format(message, args));
    }
  }

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

  /**
   * A privacy parameter ε (the one ε rule of every mechanism, split and accountant): finite, &gt; 0 and
   * ≥ {@link #MIN_EPSILON}.
   */
  public static double checkEpsilon(String name, double epsilon) {
    if (Double.isNaN(epsilon) || Double.isInfinite(epsilon) || epsilon <= 0) {
      throw invalid(name, name + " = " + epsilon + ": must be finite and > 0");
    }
    if (epsilon < MIN_EPSILON) {
      throw invalid(name,
          name + " = " + epsilon + ": must be >= 2^-40 (" + MIN_EPSILON + "); smaller values give noise scales"
              + " beyond the exact samplers' range");
    }
    return epsilon;
  }

  /** A finite, strictly positive real (a scale, a budget, a radius). */
  public static double checkPositive(String name, double value) {
    return checkPositive(null, name, value);
  }

  /** {@link #checkPositive(String, double)} of the parameter {@code id}, shown as {@code label}. */
  public static double checkPositive(String id, String label, double value) {
    if (!(value > 0) || Double.isInfinite(value)) {
      throw invalid(id, label, label + " = " + value + ": must be finite and > 0");
    }
    return value;
  }

  /** A finite, non-negative real. */
  public static double checkNonNegative(String name, double value) {
    if (!(value >= 0) || Double.isInfinite(value)) {
      throw invalid(name, name + " = " + value + ": must be finite and >= 0");
    }
    return value;
  }

  /** Any finite real. */
  public static double checkFinite(String name, double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      throw invalid(name, name + " = " + value + ": must be finite");
    }
    return value;
  }

  /** A probability in the closed interval [0, 1]. */
  public static double checkProbability(String name, double p) {
    if (!(p >= 0 && p <= 1)) {
      throw invalid(name, name + " = " + p + ": must be a probability in [0, 1]");
    }
    return p;
  }

  /** A value in the open interval (lo, hi). */
  public static double checkOpenInterval(String name, double value, double lo, double hi) {
    if (!(value > lo && value < hi)) {
      throw invalid(name, name + " = " + value + ": must lie in (" + lo + ", " + hi + ")");
    }
    return value;
  }

  /** A value in the half-open interval [lo, hi). */
  public static double checkClosedOpenInterval(String name, double value, double lo, double hi) {
    return checkClosedOpenInterval(null, name, value, lo, hi);
  }

  /** {@link #checkClosedOpenInterval(String, double, double, double)} of {@code id}, shown as {@code label}. */
  public static double checkClosedOpenInterval(String id, String label, double value, double lo, double hi) {
    if (!(value >= lo && value < hi)) {
      throw invalid(id, label, label + " = " + value + ": must lie in [" + lo + ", " + hi + ")");
    }
    return value;
  }

  /** An integer in the closed range [lo, hi]. */
  public static long checkInRange(String name, long value, long lo, long hi) {
    if (value < lo || value > hi) {
      throw invalid(name, name + " = " + value + ": must lie in [" + lo + ", " + hi + "]");
    }
    return value;
  }

  /** An integer of at least {@code min}. */
  public static long checkAtLeast(String name, long value, long min) {
    return checkAtLeast(null, name, value, min);
  }

  /** {@link #checkAtLeast(String, long, long)} of the parameter {@code id}, shown as {@code label}. */
  public static long checkAtLeast(String id, String label, long value, long min) {
    if (value < min) {
      throw invalid(id, label, label + " = " + value + ": must be >= " + min);
    }
    return value;
  }

  /** A 0-based index into something of size {@code size}. */
  public static int checkIndex(String name, int index, int size) {
    if (index < 0 || index >= size) {
      throw invalid(name, name + " = " + index + ": index out of range [0, " + (size - 1) + "]");
    }
    return index;
  }

  /** A non-null reference. */
  public static <T> T checkNotNull(String name, T value) {
    if (value == null) {
      throw invalid(name, name + ": must not be null");
    }
    return value;
  }
  /** A transition probability of a two-state chain: strictly inside (0, 1), so the chain has full support. */
  public static double checkOpenProbability(String name, double p) {
    if (!(p > 0 && p < 1)) {
      throw invalid(name, name + " = " + p + ": must lie in the open interval (0, 1)");
    }
    return p;
  }

  /** A 1-based record index of a sequence of {@code n} records ({@code n = Long.MAX_VALUE}: an unbounded stream). */
  public static long checkRecordIndex(String name, long index, long n) {
    if (index < 1 || index > n) {
      throw invalid(name,
          name + " = " + index + ": must lie in [1, " + (n == Long.MAX_VALUE ? "inf" : Long.toString(n)) + "]");
    }
    return index;
  }

  /** A sequence length: at least one record (an array length against an expected one: {@link #checkLength}). */
  public static long checkSequenceLength(String name, long n) {
    if (n < 1) {
      throw invalid(name, name + " = " + n + ": must be >= 1 (at least one record)");
    }
    return n;
  }

  /** A window length W (ticks): at least 1 (docs/mqm.md, 'Releasing one window'). */
  public static int checkWindowLength(String name, int w) {
    if (w < 1) {
      throw invalid(name, name + " = " + w + ": window length must be >= 1");
    }
    return w;
  }

  /** A slide S of a sliding window of length W: in [1, W] (docs/mqm.md, 'Sliding windows'). */
  public static int checkSlide(String name, int s, int windowLength) {
    if (s < 1 || s > windowLength) {
      throw invalid(name,
          name + " = " + s + ": slide must lie in [1, W] = [1, " + windowLength + "]");
    }
    return s;
  }

  /**
   * The dimension d of a DPHMM query f: S → R^d; only d ∈ {1, 2, 3} is supported (docs/dphmm.md, 'What a release
   * does').
   */
  public static int checkDimension(String name, int d) {
    if (d < 1 || d > 3) {
      throw invalid(name,
          name + " = " + d + ": query dimension must be 1, 2 or 3 (sensitivity hulls are exact only for d <= 3)");
    }
    return d;
  }

  /** An array length: {@code actual == expected} (no varargs, so the check allocates nothing on hot paths). */
  public static int checkLength(String name, int actual, int expected) {
    if (actual != expected) {
      throw invalid(name, name + ": has " + actual + " entries, expected " + expected);
    }
    return actual;
  }

  /**
   * The smallest ε a mechanism accepts, 2^-40 (about 9.1e-13). Below it noise scales such as 1/ε leave the exact
   * ranges of the samplers (the Gamma radius of the K-norm mechanism, the dyadic discrete Laplace), and the
   * released value would be useless anyway. Mechanism builders check ε with {@link #checkEpsilon}, so a
   * configuration is refused when it is loaded rather than on its first release.
   */
  public static final double MIN_EPSILON = 0x1.0p-40;

  /** The id of a computed noise scale's refusal ({@link #checkNoiseScale}). */
  public static final String NOISE_SCALE = "noiseScale";

  /**
   * A noise scale computed by a mechanism builder from public parameters, checked against the range of the
   * sampler that will draw it ({@code min} ≤ scale ≤ {@code max}, finite), so a mechanism that builds never throws
   * on a release. {@code name} describes the scale in the message; the failing parameter is {@code "noiseScale"}
   * (a scale derived from ε, the window and the model, which no single setting names): {@link #NOISE_SCALE}.
   */
  public static double checkNoiseScale(String name, double scale, double min, double max) {
    if (!(scale >= min) || !(scale <= max) || Double.isInfinite(scale)) {
      throw invalid(NOISE_SCALE,
          name + " = " + scale + ": outside the sampler's range [" + min + ", " + max + "]; raise epsilon or"
              + " shorten the window");
    }
    return scale;
  }

  /** A privacy cost charged to a ledger: in [0, +∞] (0 charges nothing, +∞ is an unbounded loss); not NaN. */
  public static double checkPrivacyCost(String name, double cost) {
    if (!(cost >= 0)) {
      throw invalid(name, name + " = " + cost + ": must be >= 0 (a cost in [0, +Infinity])");
    }
    return cost;
  }

  /**
   * A builder setting made a second time: allowed only with an equal value ({@code current} null means not set
   * yet; arrays compare by content). Builders reject conflicting settings instead of letting the later one win.
   */
  public static <T> T checkNoConflict(String name, Object current, T value) {
    if (current != null && !java.util.Objects.deepEquals(current, value)) {
      throw invalid(name,
          name + " = " + describe(value) + ": conflicts with the value set earlier on this builder, "
              + describe(current));
    }
    return value;
  }

  private static String describe(Object o) {
    return o != null && o.getClass().isArray() ? "an array of length " + java.lang.reflect.Array.getLength(o)
        : String.valueOf(o);
  }

  /**
   * A set of state indices (e.g. a constraint C): {@code c[0..count)} strictly increasing (sorted, distinct), each
   * in [0, size).
   */
  public static int[] checkSortedDistinct(String name, int[] c, int count, int size) {
    checkNotNull(name, c);
    for (int q = 0; q < count; q++) {
      checkIndex(name + "[" + q + "]", c[q], size);
      if (q > 0 && c[q] <= c[q - 1]) {
        throw invalid(name + "[" + q + "]", name + "[" + q + "] = " + c[q] + ": must be greater than " + name + "["
            + (q - 1) + "] = " + c[q - 1] + " (state indices sorted increasing, no duplicates)");
      }
    }
    return c;
  }

  /**
   * m points of dimension d, row-major in {@code flat}: the set must be centrally symmetric (−p is in the set for
   * every p, exactly up to the sign of zero), as a set of differences ±(f_j − f_k) is. O(m log m) plus a copy.
   */
  public static double[] checkCentrallySymmetric(String name, double[] flat, int m, int d) {
    double[][] rows = new double[m][];
    for (int i = 0; i < m; i++) {
      rows[i] = new double[d];
      for (int a = 0; a < d; a++) {
        rows[i][a] = flat[i * d + a] + 0.0;
      }
    }
    java.util.Comparator<double[]> lex = (x, y) -> {
      for (int a = 0; a < d; a++) {
        int c = Double.compare(x[a], y[a]);
        if (c != 0) {
          return c;
        }
      }
      return 0;
    };
    double[][] sorted = rows.clone();
    java.util.Arrays.sort(sorted, lex);
    double[] neg = new double[d];
    for (int i = 0; i < m; i++) {
      for (int a = 0; a < d; a++) {
        neg[a] = 0.0 - rows[i][a];
      }
      if (java.util.Arrays.binarySearch(sorted, neg, lex) < 0) {
        throw invalid(name + "[" + i + "]", name + "[" + i + "] = " + java.util.Arrays.toString(rows[i])
            + ": the point set must be centrally symmetric (its negation is missing)");
      }
    }
    return flat;
  }

  /** The typed failure of parameter {@code name}; the reason is the message after the name and value. */
  public static InvalidParameterException invalid(String name, String message) {
    return invalid(null, name, message);
  }

  /**
   * The typed failure of the parameter {@code id} (null: {@code name} without subscripts), checked under the label
   * {@code name}; the reason is the message after the name and value.
   */
  public static InvalidParameterException invalid(String id, String name, String message) {
    int colon = message.indexOf(": ");
    return new InvalidParameterException(id, name, message, colon < 0 ? message : message.substring(colon + 2));
  }
}
