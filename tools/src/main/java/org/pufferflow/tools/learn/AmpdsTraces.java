package org.pufferflow.tools.learn;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.ingest.BinsDiscretizer;

/**
 * Reads an AMPds2 electricity sub-meter CSV (docs/learn.md, 'AMPds2 power levels'): a header naming the columns
 * ({@code unix_ts} in epoch seconds and the power column, {@code P} = real power in W by default), then one reading
 * per minute. Each reading becomes a level by the thresholds exactly as the job's {@code bins} discretizer does
 * (level = number of thresholds ≤ reading, {@link BinsDiscretizer#level}); readings are resampled to ticks of
 * {@code tickMillis} (one minute by default; the latest reading of a tick wins; a missing minute is a gap).
 *
 * <p>The file is one subject, named after the file without its extension. Labels name the level's range in the
 * column's unit: {@code P<5}, {@code 5<=P<100}, {@code P>=100}.
 */
@Internal
public final class AmpdsTraces {

  /** One minute: the AMPds2 sampling period. */
  public static final long ONE_MINUTE_MILLIS = 60_000L;

  /** The default power column: real power P in W. */
  public static final String DEFAULT_COLUMN = "P";

  /** Largest |unix_ts| accepted, so that milliseconds fit a long. */
  static final long MAX_EPOCH_SECONDS = Long.MAX_VALUE / 1000 - 1;

  private AmpdsTraces() {}

  /** Reads column {@code P} into levels by {@code thresholds}, on one-minute ticks. */
  public static TraceSet read(Path file, double[] thresholds) {
    return read(file, thresholds, DEFAULT_COLUMN, ONE_MINUTE_MILLIS, ReadProgress.NONE);
  }

  /**
   * Reads {@code column} of {@code file} into levels.
   *
   * @param thresholds finite, strictly ascending, at least one (k thresholds give k+1 levels)
   */
  public static TraceSet read(
      Path file, double[] thresholds, String column, long tickMillis, ReadProgress progress) {
    PufferPreconditions.checkNotNull("thresholds", thresholds);
    PufferPreconditions.checkArgument(thresholds.length >= 1, "thresholds = []: give at least one (two levels)");
    PufferPreconditions.checkAtLeast("tickMillis", tickMillis, 1);
    TraceLines.checkReadable(file);
    BinsDiscretizer levels = new BinsDiscretizer(thresholds, -Double.MAX_VALUE, Double.MAX_VALUE); // validates
    String subject = stem(file);
    TickAccumulator acc = new TickAccumulator(tickMillis);
    int[] columns = {-1, -1, 0}; // unix_ts index, value index, field count
    progress.start(file.getFileName().toString(), CsvTraces.sizeOf(file));
    TraceLines.forEach(file, 0, progress, (line, n) -> {
      if (line.isBlank()) {
        return;
      }
      String[] f = line.split(",", -1);
      if (n == 1) {
        List<String> header = Arrays.stream(f).map(String::trim).toList();
        columns[0] = header.indexOf("unix_ts");
        columns[1] = header.indexOf(column);
        columns[2] = f.length;
        if (columns[0] < 0 || columns[1] < 0) {
          throw TraceLines.fail(file, n, "header must name columns unix_ts and " + column + ", got " + header);
        }
        return;
      }
      if (f.length != columns[2]) {
        throw TraceLines.fail(file, n, "expected " + columns[2] + " fields like the header, got " + f.length);
      }
      long seconds = TraceLines.parseLong(file, n, "unix_ts", f[columns[0]], "epoch seconds");
      double value = TraceLines.parseDouble(file, n, column, f[columns[1]]);
      if (Math.abs(seconds) > MAX_EPOCH_SECONDS) {
        throw TraceLines.fail(file, n, "unix_ts", f[columns[0]], "out of range (epoch seconds)");
      }
      acc.add(subject, seconds * 1000L, levels.level(value));
    });
    PufferPreconditions.checkArgument(acc.points() > 0, "--input: %s: no readings", file);
    return acc.build(labels(column, thresholds), levelQuery(thresholds));
  }

  /** The level labels: {@code c<t1}, {@code t1<=c<t2}, ..., {@code c>=tk} for column c. */
  public static List<String> labels(String column, double[] thresholds) {
    List<String> labels = new ArrayList<>(thresholds.length + 1);
    labels.add(column + "<" + plain(thresholds[0]));
    for (int i = 1; i < thresholds.length; i++) {
      labels.add(plain(thresholds[i - 1]) + "<=" + column + "<" + plain(thresholds[i]));
    }
    labels.add(column + ">=" + plain(thresholds[thresholds.length - 1]));
    return labels;
  }

  /** The query of the levels: the level index (the job's default query for a bins discretizer). */
  private static double[][] levelQuery(double[] thresholds) {
    double[][] q = new double[thresholds.length + 1][1];
    for (int i = 0; i < q.length; i++) {
      q[i][0] = i;
    }
    return q;
  }

  private static String plain(double v) {
    return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
  }

  private static String stem(Path file) {
    String name = file.getFileName().toString();
    int dot = name.lastIndexOf('.');
    return dot > 0 ? name.substring(0, dot) : name;
  }
}
