package org.pufferflow.tools.learn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link GeolifeTraces} on five shipped GeoLife trajectories (tools/src/test/resources/learn/geolife), checked against
 * an independent count: raw line counts, and ticks computed from the {@code days} column (not the date/time columns
 * the reader uses) with a plain lat/lon comparison for the box.
 */
class GeolifeTracesTest {

  private static final Path DIR = LearnData.file("geolife");
  // the box cuts off part of the points (lat reaches 40.0089 in the sample)
  private static final GridSpec GRID = new GridSpec(39.97, 40.0, 116.32, 116.35, 3, 3);
  private static final long MINUTE = 60_000;

  @TempDir Path tmp;

  /** One raw point: user, epoch ms from the days column, lat, lon. */
  private record Point(String user, long millis, double lat, double lon) {}

  private static List<Point> independentPoints() throws IOException {
    List<Point> points = new ArrayList<>();
    try (Stream<Path> files = Files.walk(DIR)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".plt")).sorted().toList()) {
        List<String> lines = Files.readAllLines(f);
        String user = f.getParent().getParent().getFileName().toString();
        for (String line : lines.subList(6, lines.size())) {
          String[] c = line.split(",");
          double days = Double.parseDouble(c[4]);
          long millis = Math.round((days - 25569) * 86_400L) * 1000L; // 25569 days from 1899-12-30 to 1970-01-01
          points.add(new Point(user, millis, Double.parseDouble(c[0]), Double.parseDouble(c[1])));
        }
      }
    }
    return points;
  }

  @Test
  void pointCountEqualsLineCountMinusHeaders() throws IOException {
    long lines = 0;
    try (Stream<Path> files = Files.walk(DIR)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".plt")).toList()) {
        lines += Files.readAllLines(f).size() - GeolifeTraces.HEADER_LINES;
      }
    }
    TraceSet t = GeolifeTraces.read(DIR, GRID, MINUTE);
    assertThat(lines).isEqualTo(184); // wc -l of the five files minus 5·6 header lines
    assertThat(t.points()).isEqualTo(lines);
    assertThat(t.subjects().keySet()).containsExactly("000", "007");
    assertThat(t.labels()).hasSize(9).startsWith("r0c0", "r0c1", "r0c2", "r1c0");
  }

  @Test
  void ticksGapsAndCellsMatchAnIndependentResampling() throws IOException {
    List<Point> points = independentPoints();
    TraceSet t = GeolifeTraces.read(DIR, GRID, MINUTE);
    long outside = points.stream()
        .filter(p -> p.lat < 39.97 || p.lat > 40.0 || p.lon < 116.32 || p.lon > 116.35).count();
    assertThat(outside).isPositive();
    assertThat(t.unmapped()).isEqualTo(outside);
    for (String user : List.of("000", "007")) {
      TreeMap<Long, Point> latest = new TreeMap<>();
      for (Point p : points) {
        if (p.user.equals(user)) {
          latest.merge(Math.floorDiv(p.millis, MINUTE), p, (a, b) -> b.millis >= a.millis ? b : a);
        }
      }
      int[] states = t.states(user);
      assertThat(states).hasSize((int) (latest.lastKey() - latest.firstKey() + 1));
      Map<Long, Integer> expected = new HashMap<>();
      latest.forEach((tick, p) -> {
        boolean in = p.lat >= 39.97 && p.lat <= 40.0 && p.lon >= 116.32 && p.lon <= 116.35;
        int row = Math.min(2, (int) ((p.lat - 39.97) / (0.03 / 3)));
        int col = Math.min(2, (int) ((p.lon - 116.32) / (0.03 / 3)));
        expected.put(tick - latest.firstKey(), in ? row * 3 + col : TraceSet.GAP);
      });
      for (int k = 0; k < states.length; k++) {
        assertThat(states[k]).as("user %s tick %d", user, k).isEqualTo(expected.getOrDefault((long) k, TraceSet.GAP));
      }
    }
  }

  @Test
  void cellCentresAreTheQuery() {
    TraceSet t = GeolifeTraces.read(DIR, GRID, MINUTE);
    double[][] q = t.query();
    assertThat(q[0][0]).isCloseTo(39.975, org.assertj.core.api.Assertions.within(1e-12));
    assertThat(q[0][1]).isCloseTo(116.325, org.assertj.core.api.Assertions.within(1e-12));
    assertThat(q[8][0]).isCloseTo(39.995, org.assertj.core.api.Assertions.within(1e-12));
  }

  @Test
  void singleFileIsItsUsersTrace() {
    Path f = DIR.resolve("007/Trajectory/20081025142200.plt");
    TraceSet t = GeolifeTraces.read(f, GRID, MINUTE);
    assertThat(t.subjects().keySet()).containsExactly("007");
    assertThat(t.points()).isEqualTo(21 - 6);
  }

  @Test
  void cellSizeGivesCellsAtMostThatLarge() {
    GridSpec g = GridSpec.ofCellSize(39.97, 40.0, 116.32, 116.35, 1000);
    // 0.03° of latitude = 3336 m -> 4 rows; 0.03° of longitude at 39.985° = 2557 m -> 3 cols
    assertThat(g.rows()).isEqualTo(4);
    assertThat(g.cols()).isEqualTo(3);
    assertThatThrownBy(() -> GridSpec.ofCellSize(39.0, 41.0, 116.0, 118.0, 10))
        .hasMessageContaining("more than 10000");
  }

  @Test
  void malformedPointNamesTheFileAndLine() throws IOException {
    Path f = tmp.resolve("x.plt");
    Files.writeString(f, "h\nh\nh\nh\nh\nh\n39.98,116.33,0,492,39744.12,2008-10-23,02:53:04\n"
        + "39.98,116.33,0,492,39744.12,2008-10-23,2:53\n");
    assertThatThrownBy(() -> GeolifeTraces.read(f, GRID, MINUTE))
        .hasMessage("x.plt line 8: date,time = '2008-10-23,2:53': not a date yyyy-mm-dd and time hh:mm:ss");
    Files.writeString(f, "h\nh\nh\nh\nh\nh\n39.98,116.33,0,492\n");
    assertThatThrownBy(() -> GeolifeTraces.read(f, GRID, MINUTE))
        .hasMessage("x.plt line 7: expected 7 fields lat,lon,0,altitude,days,date,time, got 4");
    assertThatThrownBy(() -> GeolifeTraces.read(tmp, GRID, MINUTE))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> GeolifeTraces.read(tmp.resolve("none"), GRID, MINUTE))
        .hasMessageEndingWith("none: no such file");
  }
}
