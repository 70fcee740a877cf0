package org.pufferflow.tools.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;

/** Runs experiments into temporary directories, reads their CSV files back and loads the test vectors. */
final class ExperimentFixtures {

  private ExperimentFixtures() {}

  /** One test vector: the value expected in {@code column} of the row identified by {@code key}. */
  record Vector(String experiment, String key, String column, double value, double tolerance) {}

  /** The vectors of {@code experiment} from vectors/experiments-mqm.csv (see vectors/README.md). */
  static List<Vector> vectors(String experiment) throws IOException {
    List<Vector> out = new ArrayList<>();
    try (InputStream in = ExperimentFixtures.class.getResourceAsStream("/vectors/experiments-mqm.csv")) {
      assertNotNull(in, "vectors/experiments-mqm.csv on the test class path");
      String[] lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n");
      for (int i = 1; i < lines.length; i++) {
        String[] f = lines[i].split(",");
        if (f[0].equals(experiment)) {
          out.add(new Vector(f[0], f[1], f[2], Double.parseDouble(f[3]), Double.parseDouble(f[4])));
        }
      }
    }
    assertTrue(!out.isEmpty(), "no vectors for " + experiment);
    return out;
  }

  /** Runs {@code e} into {@code dir} and checks every file exists, CSVs non-empty and PNGs decodable. */
  static List<Path> run(Experiment e, Path dir) throws IOException {
    List<Path> files = e.run(dir, ExperimentProgress.silent());
    assertTrue(!files.isEmpty(), "no files written");
    for (Path f : files) {
      assertTrue(Files.size(f) > 0, f + " is empty");
      if (f.toString().endsWith(".png")) {
        BufferedImage img = ImageIO.read(f.toFile());
        assertNotNull(img, f + " is not a PNG");
        assertEquals(900, img.getWidth());
      }
    }
    return files;
  }

  /** The rows of a CSV file as column → cell maps. */
  static List<Map<String, String>> csv(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file);
    String[] head = lines.get(0).split(",", -1);
    List<Map<String, String>> rows = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] cells = line.split(",", -1);
      assertEquals(head.length, cells.length, "cells in " + line);
      Map<String, String> row = new LinkedHashMap<>();
      for (int i = 0; i < head.length; i++) {
        row.put(head[i], cells[i]);
      }
      rows.add(row);
    }
    return rows;
  }

  static double num(Map<String, String> row, String column) {
    String s = row.get(column);
    assertNotNull(s, "column " + column);
    return s.equals("inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(s);
  }

  /** Asserts that two runs wrote byte-identical CSV files with the same names. */
  static void assertSameCsv(List<Path> first, List<Path> second) throws IOException {
    assertEquals(first.size(), second.size());
    for (int i = 0; i < first.size(); i++) {
      assertEquals(first.get(i).getFileName(), second.get(i).getFileName());
      if (first.get(i).toString().endsWith(".csv")) {
        assertEquals(Files.readString(first.get(i)), Files.readString(second.get(i)), "" + first.get(i));
      }
    }
  }

  static Path file(List<Path> files, String name) {
    return files.stream().filter(f -> f.getFileName().toString().equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError(name + " not written; got " + files));
  }
}
