package org.pufferflow.jobs.plan;

import java.io.PrintWriter;
import java.util.Locale;
import org.apache.flink.annotation.PublicEvolving;

/** The layout of {@code plan --config}'s text: table rows, wrapped sentences, durations in words. */
@PublicEvolving
public final class PlanText {

  /** The text's width. */
  public static final int WIDTH = 100;

  private PlanText() {}

  /** One table row: {@code "  label                            value"}. */
  public static String row(String label, String value) {
    return f("  %-32s %s", label, value);
  }

  /**
   * {@code text} wrapped at {@link #WIDTH} columns, the first line after {@code first}, the rest after {@code next}.
   */
  public static void wrap(PrintWriter w, String first, String next, String text) {
    StringBuilder line = new StringBuilder(first);
    int start = first.length();
    for (String word : text.split(" ")) {
      if (line.length() > start && line.length() + 1 + word.length() > WIDTH) {
        w.println(line);
        line = new StringBuilder(next);
        start = next.length();
      } else if (line.length() > start) {
        line.append(' ');
      }
      line.append(word);
    }
    w.println(line);
  }

  /** A duration in words: "1 minute", "15 minutes", "6 hours", "1 day". */
  public static String duration(long millis) {
    long[] units = {86_400_000L, 3_600_000L, 60_000L, 1_000L, 1L};
    String[] names = {"day", "hour", "minute", "second", "millisecond"};
    for (int i = 0; i < units.length; i++) {
      if (millis % units[i] == 0) {
        long n = millis / units[i];
        return n + " " + names[i] + (n == 1 ? "" : "s");
      }
    }
    return millis + " milliseconds";
  }

  /** {@link String#format} in the root locale. */
  public static String f(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }
}
