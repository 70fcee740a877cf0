package org.pufferflow.jobs.io.file;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.flink.annotation.Internal;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.jobs.config.DiscretizerConfig;

/**
 * Turns one CSV line into the value of an input record: the Avro binary encoding of an {@code Observation}, exactly
 * what a producer writes to the Kafka input topic (docs/configuration.md, 'File mode'). The columns depend on the job's
 * discretizer: {@code subject,time,state} (categorical: the state label), {@code subject,time,reading} (bins),
 * {@code subject,time,lat,lon} (grid); {@code time} is epoch milliseconds.
 *
 * <p>Assumptions and rules:
 * <ul>
 *   <li>The lines are the rows of {@link CsvRows} (byte-order mark, header, blank and comment lines skipped there). No
 *       quoting: a comma always separates columns, and a line with a {@code "} is malformed. Each field is trimmed
 *       of leading and trailing characters up to U+0020, as {@link CsvRows#fields} trims.</li>
 *   <li>An empty field is encoded as null (missing), so ingestion rejects it with its own reason code
 *       ({@code MISSING_SUBJECT}, {@code MISSING_TIME}, {@code MISSING_VALUE}). Values are not validated here
 *       (a negative time, a reading out of range, an unknown label all encode): validation is ingestion's.</li>
 *   <li>A line that cannot be encoded (wrong number of columns, a time that is not a base-10 long, a number that is
 *       not a decimal or {@code NaN}/{@code Infinity}) is <em>malformed</em>: its payload is the line's own UTF-8
 *       bytes, which ingestion rejects as {@code UNDECODABLE} with the line preserved in the rejected record and
 *       {@link #problem()} as its message ({@link CsvLineDiagnosis}). Such
 *       bytes never decode as an Observation when the line starts with a character other than U+0000 and U+0002
 *       (the first byte is read as the union index of {@code subjectId}, and only 0x00 and 0x02 are valid indices);
 *       {@code CsvObservationsProperties} checks this for arbitrary printable lines.</li>
 * </ul>
 *
 * <p>Not thread-safe: one instance per reader or producer thread. It reuses its encoder and byte stream; per line
 * it allocates the subject string, a number's substring, and the returned array.
 */
@Internal
public final class CsvObservations {

  /** The discretizer kinds, each with its column layout. */
  enum Layout {
    CATEGORICAL(3, "subject,time,state"),
    BINS(3, "subject,time,reading"),
    GRID(4, "subject,time,lat,lon");

    final int columns;
    final String header;
    final String[] names;

    Layout(int columns, String header) {
      this.columns = columns;
      this.header = header;
      this.names = header.split(",");
    }
  }

  private final Layout layout;
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
  private final BinaryEncoder encoder = EncoderFactory.get().directBinaryEncoder(bytes, null);
  private final int[] commas = new int[4];

  private boolean malformed;
  private String problem;
  private String subject;
  private boolean hasTime;
  private long time;

  private CsvObservations(Layout layout) {
    this.layout = layout;
  }

  /** The line codec for the columns of {@code discretizer}'s kind. */
  public static CsvObservations forDiscretizer(DiscretizerConfig discretizer) {
    PufferPreconditions.checkNotNull("discretizer", discretizer);
    if (discretizer instanceof DiscretizerConfig.Categorical) {
      return new CsvObservations(Layout.CATEGORICAL);
    }
    return new CsvObservations(discretizer instanceof DiscretizerConfig.Bins ? Layout.BINS : Layout.GRID);
  }

  /** The header line naming this layout's columns, e.g. {@code subject,time,reading}. */
  public String header() {
    return layout.header;
  }

  /**
   * The record value for {@code line} (without its line terminator): an Avro binary {@code Observation}, or the
   * line's UTF-8 bytes when it is malformed ({@link #malformed()} then says so).
   */
  public byte[] payload(String line) {
    PufferPreconditions.checkNotNull("line", line);
    problem = encode(line);
    malformed = problem != null;
    if (malformed) {
      subject = null;
      hasTime = false;
      return line.getBytes(StandardCharsets.UTF_8);
    }
    return bytes.toByteArray();
  }

  /** Whether the last {@link #payload} line was malformed (sent as its own bytes). */
  public boolean malformed() {
    return malformed;
  }

  /**
   * What is wrong with the last {@link #payload} line, null when it was not malformed: the shape of the line in the
   * words of {@link CsvRows.BadRow#reason()} (quoted, {@code ;}-separated, field count), or
   * {@code field <name>: <what> (expected <form>)}, e.g.
   * {@code field time: 'notatime' is not a whole number (expected epoch milliseconds, a base-10 integer)}.
   * Without the line number: the caller prefixes {@code line N, } where it knows N.
   */
  public String problem() {
    return problem;
  }

  /** The subject of the last {@link #payload} line; null when it was malformed or the subject field empty. */
  public String subject() {
    return subject;
  }

  /** Whether the last {@link #payload} line had a time ({@link #time()}). */
  public boolean hasTime() {
    return hasTime;
  }

  /** The time (epoch milliseconds) of the last {@link #payload} line; meaningful only when {@link #hasTime()}. */
  public long time() {
    return time;
  }

  /** Fills {@link #bytes}; null, or what is wrong when the line is malformed. */
  private String encode(String line) {
    if (line.indexOf('"') >= 0) {
      return CsvRows.shapeProblem(line, layout.names); // quoting is not supported (CsvRows)
    }
    int start = 0;
    int n = 0;
    for (int i = start; i < line.length(); i++) {
      if (line.charAt(i) == ',') {
        if (n == layout.columns - 1) {
          return CsvRows.shapeProblem(line, layout.names); // too many columns
        }
        commas[n++] = i;
      }
    }
    if (n != layout.columns - 1) {
      return CsvRows.shapeProblem(line, layout.names);
    }
    int timeFrom = commas[0] + 1;
    int timeTo = commas[1];
    try {
      hasTime = !blank(line, timeFrom, timeTo);
      if (hasTime) {
        try {
          time = Long.parseLong(line, trimFrom(line, timeFrom, timeTo), trimTo(line, timeFrom, timeTo), 10);
        } catch (NumberFormatException e) {
          return fieldProblem(1, line, timeFrom, timeTo, "a whole number", "epoch milliseconds, a base-10 integer");
        }
      }
      bytes.reset();
      subject = field(line, start, commas[0]);
      writeString(subject);
      encoder.writeIndex(hasTime ? 1 : 0);
      if (hasTime) {
        encoder.writeLong(time);
      }
      int last = line.length();
      switch (layout) {
        case CATEGORICAL -> {
          writeString(field(line, commas[1] + 1, last));
          writeDouble(line, last, last); // reading
          writeDouble(line, last, last); // lat
          writeDouble(line, last, last); // lon
        }
        case BINS -> {
          writeString(null);
          if (!writeDouble(line, commas[1] + 1, last)) {
            return fieldProblem(2, line, commas[1] + 1, last, "a number", NUMBER);
          }
          writeDouble(line, last, last);
          writeDouble(line, last, last);
        }
        case GRID -> {
          writeString(null);
          writeDouble(line, last, last);
          if (!writeDouble(line, commas[1] + 1, commas[2])) {
            return fieldProblem(2, line, commas[1] + 1, commas[2], "a number", NUMBER + " in degrees");
          }
          if (!writeDouble(line, commas[2] + 1, last)) {
            return fieldProblem(3, line, commas[2] + 1, last, "a number", NUMBER + " in degrees");
          }
        }
      }
      encoder.flush();
      return null;
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a ByteArrayOutputStream does not fail
    }
  }

  /** The words of a decimal field's expected form. */
  private static final String NUMBER = "a decimal number such as 0.5 or -1.25e3";

  /** Longest field value quoted in a problem; longer ones are cut and end in "...". */
  private static final int QUOTED = 40;

  /** {@code field <name>: '<value>' is not <kind> (expected <form>)} for the trimmed field {@code line[from, to)}. */
  private String fieldProblem(int column, String line, int from, int to, String kind, String form) {
    String value = line.substring(trimFrom(line, from, to), trimTo(line, from, to));
    if (value.length() > QUOTED) {
      value = value.substring(0, QUOTED) + "...";
    }
    return "field " + layout.names[column] + ": '" + value + "' is not " + kind + " (expected " + form + ")";
  }

  private void writeString(String s) throws IOException {
    if (s == null) {
      encoder.writeIndex(0);
    } else {
      encoder.writeIndex(1);
      encoder.writeString(s);
    }
  }

  /** Writes the optional double in {@code line[from, to)}; false when it is not a number. */
  private boolean writeDouble(String line, int from, int to) throws IOException {
    if (blank(line, from, to)) {
      encoder.writeIndex(0);
      return true;
    }
    int a = trimFrom(line, from, to);
    int b = trimTo(line, from, to);
    if (!decimal(line, a, b)) {
      return false;
    }
    encoder.writeIndex(1);
    encoder.writeDouble(Double.parseDouble(line.substring(a, b)));
    return true;
  }

  /**
   * A decimal number ({@code [+-]digits[.digits][(e|E)[+-]digits]}) or {@code NaN} / {@code [+-]Infinity}: what
   * {@link Double#parseDouble} accepts minus hexadecimal and the {@code d}/{@code f} suffixes.
   */
  static boolean decimal(String s, int from, int to) {
    int i = from;
    if (i < to && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
      i++;
    }
    if (s.regionMatches(i, "Infinity", 0, 8) && i + 8 == to) {
      return true;
    }
    if (i == from && s.regionMatches(i, "NaN", 0, 3) && i + 3 == to) {
      return true;
    }
    int digits = 0;
    while (i < to && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
      i++;
      digits++;
    }
    if (i < to && s.charAt(i) == '.') {
      i++;
      while (i < to && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
        i++;
        digits++;
      }
    }
    if (digits == 0) {
      return false;
    }
    if (i < to && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
      i++;
      if (i < to && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
        i++;
      }
      int exponent = 0;
      while (i < to && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
        i++;
        exponent++;
      }
      if (exponent == 0) {
        return false;
      }
    }
    return i == to;
  }

  /** The trimmed field {@code line[from, to)}, or null when it is blank. */
  private static String field(String line, int from, int to) {
    return blank(line, from, to) ? null : line.substring(trimFrom(line, from, to), trimTo(line, from, to));
  }

  private static boolean blank(String s, int from, int to) {
    return trimFrom(s, from, to) == to;
  }

  private static int trimFrom(String s, int from, int to) {
    while (from < to && s.charAt(from) <= ' ') {
      from++;
    }
    return from;
  }

  private static int trimTo(String s, int from, int to) {
    while (to > from && s.charAt(to - 1) <= ' ') {
      to--;
    }
    return to;
  }
}
