package org.pufferflow.tools.learn;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.pufferflow.common.FileProblems;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.apache.flink.annotation.Internal;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.ingest.GridDiscretizer;

/**
 * Reads GeoLife GPS trajectories ({@code .plt}, docs/learn.md, 'GeoLife trajectories') onto a {@link GridSpec}:
 * each point becomes the cell containing it, points are resampled to ticks of {@code tickMillis} (the state of a
 * tick is the cell of its latest point; a tick with no point, or whose latest point lies outside the box, is a gap
 * and no transition is counted across it).
 *
 * <p>A {@code .plt} file has six header lines, then {@code lat,lon,0,altitude,days,date,time} per point (WGS 84,
 * date and time in GMT). The subject of a file is its user: the directory above {@code Trajectory/} in the GeoLife
 * layout ({@code 000/Trajectory/x.plt} → {@code 000}), otherwise the file's directory. All trajectories of a user
 * form one sequence. Given a directory, every {@code .plt} below it is read in path order.
 */
@Internal
public final class GeolifeTraces {

  /** Header lines of a {@code .plt} file. */
  public static final int HEADER_LINES = 6;

  private GeolifeTraces() {}

  /** Reads {@code dirOrFile} without progress. */
  public static TraceSet read(Path dirOrFile, GridSpec grid, long tickMillis) {
    return read(dirOrFile, grid, tickMillis, ReadProgress.NONE);
  }

  /** Reads {@code dirOrFile} (a {@code .plt} file or a directory searched recursively for them). */
  public static TraceSet read(Path dirOrFile, GridSpec grid, long tickMillis, ReadProgress progress) {
    PufferPreconditions.checkNotNull("grid", grid);
    PufferPreconditions.checkAtLeast("tickMillis", tickMillis, 1);
    List<Path> files = files(dirOrFile);
    long total = 0;
    for (Path f : files) {
      total += CsvTraces.sizeOf(f);
    }
    progress.start(dirOrFile.getFileName() + " (" + files.size() + " files)", total);
    GridDiscretizer cells = grid.discretizer();
    TickAccumulator acc = new TickAccumulator(tickMillis);
    for (Path file : files) {
      String subject = subjectOf(file);
      TraceLines.forEach(file, HEADER_LINES, progress, (line, n) -> {
        if (line.isBlank()) {
          return;
        }
        String[] f = line.split(",", -1);
        if (f.length != 7) {
          throw TraceLines.fail(file, n, "expected 7 fields lat,lon,0,altitude,days,date,time, got " + f.length);
        }
        double lat = TraceLines.parseDouble(file, n, "latitude", f[0]);
        double lon = TraceLines.parseDouble(file, n, "longitude", f[1]);
        long time = epochMillis(file, n, f[5].trim(), f[6].trim());
        acc.add(subject, time, grid.contains(lat, lon) ? cells.cell(lat, lon) : TraceSet.GAP);
      });
    }
    PufferPreconditions.checkArgument(acc.points() > 0, "--input: %s: no GeoLife points", dirOrFile);
    return acc.build(grid.labels(), grid.centres());
  }

  /** The {@code .plt} files of {@code dirOrFile}, in path order. */
  static List<Path> files(Path dirOrFile) {
    PufferPreconditions.checkNotNull("input", dirOrFile);
    PufferPreconditions.checkArgument(Files.exists(dirOrFile), "%s",
        FileProblems.describe("--input", dirOrFile, FileProblems.NO_SUCH_FILE));
    if (!Files.isDirectory(dirOrFile)) {
      TraceLines.checkReadable(dirOrFile);
      return List.of(dirOrFile);
    }
    try (Stream<Path> walk = Files.walk(dirOrFile)) {
      List<Path> files = walk.filter(Files::isRegularFile)
          .filter(p -> p.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".plt"))
          .sorted()
          .toList();
      PufferPreconditions.checkArgument(!files.isEmpty(), "--input: %s: no .plt files below it", dirOrFile);
      return files;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The user of a trajectory file: the directory above {@code Trajectory/}, else the file's directory. */
  static String subjectOf(Path file) {
    Path dir = file.toAbsolutePath().getParent();
    if (dir == null) {
      return file.getFileName().toString();
    }
    if (dir.getFileName() != null && dir.getFileName().toString().equalsIgnoreCase("Trajectory")
        && dir.getParent() != null && dir.getParent().getFileName() != null) {
      return dir.getParent().getFileName().toString();
    }
    return dir.getFileName() == null ? file.getFileName().toString() : dir.getFileName().toString();
  }

  private static long epochMillis(Path file, long n, String date, String time) {
    try {
      return LocalDate.parse(date).atTime(LocalTime.parse(time)).toInstant(ZoneOffset.UTC).toEpochMilli();
    } catch (DateTimeParseException e) {
      throw TraceLines.fail(file, n, "date,time", date + "," + time, "not a date yyyy-mm-dd and time hh:mm:ss");
    }
  }
}
