package org.pufferflow.tools.learn;

import java.io.IOException;
import java.nio.file.Path;
import org.pufferflow.common.FileProblems;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.jobs.io.file.CsvRows;

/**
 * Reads traces from the CSV of {@code pufferflow learn --format csv} (docs/learn.md, 'CSV traces'): one record
 * {@code subject,time,state} per row of {@link CsvRows} (optional header, blank lines and a byte-order mark
 * skipped), time in epoch milliseconds. Records are resampled to ticks of {@code tickMillis} by
 * {@link TickAccumulator}: the state of a tick is its latest record's, a tick without a record is a gap.
 *
 * <p>Fields are separated by commas and trimmed; no quoting, so labels must not contain commas. State labels are
 * either given (their order is the state order; an unknown label is an error) or collected in order of first
 * appearance.
 */
@Internal
public final class CsvTraces {

  private CsvTraces() {}

  /** Reads {@code file}, collecting the state labels in order of first appearance. */
  public static TraceSet read(Path file, long tickMillis) {
    return read(file, tickMillis, null, ReadProgress.NONE);
  }

  /**
   * Reads {@code file}.
   *
   * @param states the state labels in order, or {@code null} to collect them in order of first appearance
   */
  public static TraceSet read(Path file, long tickMillis, List<String> states, ReadProgress progress) {
    PufferPreconditions.checkAtLeast("tickMillis", tickMillis, 1);
    TraceLines.checkReadable(file);
    List<String> labels = states == null ? new ArrayList<>() : new ArrayList<>(states);
    Map<String, Integer> index = new HashMap<>();
    for (int i = 0; i < labels.size(); i++) {
      PufferPreconditions.checkArgument(!labels.get(i).isBlank(), "states[%s] = '': blank label", i);
      PufferPreconditions.checkArgument(
          index.putIfAbsent(labels.get(i), i) == null, "states[%s] = %s: duplicate label", i, labels.get(i));
    }
    boolean fixed = states != null;
    TickAccumulator acc = new TickAccumulator(tickMillis);
    progress.start(file.getFileName().toString(), sizeOf(file));
    rows(file, progress, (f, n) -> {
      String subject = f[0];
      String time = f[1];
      String state = f[2];
      if (subject.isEmpty()) {
        throw TraceLines.fail(file, n, "subject", subject, "empty");
      }
      long t = TraceLines.parseLong(file, n, "time", time, "epoch milliseconds");
      if (state.isEmpty()) {
        throw TraceLines.fail(file, n, "state", state, "empty");
      }
      Integer s = index.get(state);
      if (s == null) {
        if (fixed) {
          throw TraceLines.fail(file, n, "state", state, "not one of the given states " + labels);
        }
        s = labels.size();
        labels.add(state);
        index.put(state, s);
      }
      acc.add(subject, t, s);
    });
    PufferPreconditions.checkArgument(acc.points() > 0, "--input: %s: no records", file);
    return acc.build(labels, null);
  }

  /** The rows of {@code file} by {@link CsvRows}, its errors as {@link TraceLines#fail} ones. */
  private static void rows(Path file, ReadProgress progress, CsvRows.RowHandler handler) {
    try {
      CsvRows.forEach(file, "subject,time,state", progress::advance, handler);
    } catch (CsvRows.BadRow e) {
      throw TraceLines.fail(file, e.line(), e.reason());
    } catch (IOException e) {
      throw new IllegalArgumentException(FileProblems.describe("--input", file, FileProblems.problem(e)), e);
    }
  }

  static long sizeOf(Path file) {
    try {
      return java.nio.file.Files.size(file);
    } catch (java.io.IOException e) {
      return 0;
    }
  }
}
