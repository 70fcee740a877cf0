package org.pufferflow.jobs.io.file;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.LongConsumer;
import org.apache.flink.annotation.Internal;
import org.pufferflow.common.PufferPreconditions;

/**
 * The one reader of the project's {@code subject,...} CSV files: the observations of {@code run} and {@code feed}
 * ({@link CsvObservations} encodes each row), the traces of {@code learn} and the opt-outs of redaction
 * (docs/configuration.md, 'Observations from CSV' and 'Opt-outs from CSV'; docs/learn.md, 'CSV traces'). The same rules
 * for all:
 * <ul>
 *   <li>UTF-8; a line ends at {@code \n}, {@code \r} or {@code \r\n}; lines are numbered from 1, and every line
 *       counts (header and blank lines included), so a number names the line an editor shows.</li>
 *   <li>A byte-order mark at the start of the file is ignored.</li>
 *   <li>A blank line (nothing but whitespace) is skipped, and so is a comment line: its first character other than
 *       whitespace is {@code #}.</li>
 *   <li>The first line that is neither blank nor a comment is a header, and skipped, when its first field is
 *       {@code subject} (any case, trimmed).</li>
 *   <li>A comma always separates fields: no quoting. Each field is trimmed of leading and trailing characters up to
 *       U+0020, as {@link String#trim()}.</li>
 *   <li>{@link #fields} checks the field count and refuses quoted and {@code ;}-separated lines with a specific
 *       {@link BadRow} naming the line. {@code run} and {@code feed} do not call it: a malformed observation is a
 *       record, rejected by ingestion with the line as its payload and, in file mode, its number as source offset,
 *       with the same words ({@link #shapeProblem}, {@link CsvObservations#problem()}).</li>
 * </ul>
 *
 * <p>Not thread-safe: one instance per file and thread.
 */
@Internal
public final class CsvRows implements Closeable {

  private static final char BOM = '\uFEFF';

  /** A line that breaks the rules: its 1-based number and the reason, apart, so callers prefix their own context. */
  public static final class BadRow extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final long line;
    private final String reason;

    BadRow(long line, String reason) {
      super("line " + line + ": " + reason);
      this.line = line;
      this.reason = reason;
    }

    /** The 1-based number of the line. */
    public long line() {
      return line;
    }

    /** Why the line is refused, without the line number. */
    public String reason() {
      return reason;
    }
  }

  /** Handles the trimmed fields of one row; returns normally or throws. */
  public interface RowHandler {
    void row(String[] fields, long line);
  }

  private final BufferedReader reader;
  private final String[] columns;
  private final LongConsumer charsRead;
  private long number;
  private boolean seenRow;

  /**
   * Rows of {@code in}.
   *
   * @param columns the column names, e.g. {@code subject,time,state}: the field count {@link #fields} expects and the
   *     words of its messages
   * @param charsRead told the characters of every line read (terminator counted as one), for progress; may be null
   */
  public CsvRows(Reader in, String columns, LongConsumer charsRead) {
    PufferPreconditions.checkNotNull("in", in);
    PufferPreconditions.checkNotNull("columns", columns);
    this.reader = in instanceof BufferedReader b ? b : new BufferedReader(in);
    this.columns = columns.split(",");
    this.charsRead = charsRead;
  }

  /** Rows of {@code file} (UTF-8); see {@link #CsvRows(Reader, String, LongConsumer)}. */
  public static CsvRows open(Path file, String columns, LongConsumer charsRead) throws IOException {
    return new CsvRows(Files.newBufferedReader(file, StandardCharsets.UTF_8), columns, charsRead);
  }

  /**
   * Hands the {@link #fields} of every row of {@code file} (UTF-8) to {@code handler}: the strict reading of
   * {@code learn} and the opt-outs.
   *
   * @throws BadRow at the first row that breaks the rules
   */
  public static void forEach(Path file, String columns, LongConsumer charsRead, RowHandler handler)
      throws IOException {
    try (CsvRows rows = open(file, columns, charsRead)) {
      for (String line = rows.next(); line != null; line = rows.next()) {
        handler.row(rows.fields(line), rows.lineNumber());
      }
    }
  }

  /**
   * The next row: the next line that is neither blank, a comment nor the header, without a byte-order mark; null at
   * the end of the input. {@link #lineNumber()} is then its number.
   */
  public String next() throws IOException {
    for (String line = reader.readLine(); line != null; line = reader.readLine()) {
      number++;
      if (charsRead != null) {
        charsRead.accept(line.length() + 1L);
      }
      if (number == 1 && !line.isEmpty() && line.charAt(0) == BOM) {
        line = line.substring(1);
      }
      if (line.isBlank() || isComment(line)) {
        continue;
      }
      boolean first = !seenRow;
      seenRow = true;
      if (!(first && isHeader(line))) {
        return line;
      }
    }
    return null;
  }

  /** The 1-based number of the line {@link #next()} returned last (0 before the first). */
  public long lineNumber() {
    return number;
  }

  /**
   * The trimmed fields of {@code line}, the row {@link #next()} returned last.
   *
   * @throws BadRow when the line is quoted, {@code ;}-separated, or has not one field per column
   */
  public String[] fields(String line) {
    String problem = shapeProblem(line, columns);
    if (problem != null) {
      throw new BadRow(number, problem);
    }
    String[] f = line.split(",", -1);
    for (int i = 0; i < f.length; i++) {
      f[i] = f[i].trim();
    }
    return f;
  }

  /**
   * What is wrong with the shape of {@code line} — quoted, {@code ;}-separated, or not one field per column — or
   * null when it has one field per column. The words of {@link BadRow#reason()}, without the line number.
   *
   * @param columns the column names, e.g. {@code subject,time,state} split at the commas
   */
  static String shapeProblem(String line, String[] columns) {
    if (line.indexOf('"') >= 0) {
      return "quoted fields are not supported: a comma always separates fields";
    }
    int fields = 1;
    for (int i = 0; i < line.length(); i++) {
      fields += line.charAt(i) == ',' ? 1 : 0;
    }
    if (fields == columns.length) {
      return null;
    }
    return fields == 1 && line.indexOf(';') >= 0
        ? "fields separated by ';': separate the " + columns.length + " fields " + String.join(",", columns)
            + " by commas"
        : "expected " + columns.length + " fields " + String.join(",", columns) + ", got " + fields;
  }

  /** Whether {@code line} is a comment: its first character other than whitespace is {@code #}. */
  static boolean isComment(String line) {
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c > ' ') {
        return c == '#';
      }
    }
    return false;
  }

  /** Whether {@code line} (without a byte-order mark) is a header: its first field, trimmed, is {@code subject}. */
  static boolean isHeader(String line) {
    int comma = line.indexOf(',');
    return (comma < 0 ? line : line.substring(0, comma)).trim().equalsIgnoreCase("subject");
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}
