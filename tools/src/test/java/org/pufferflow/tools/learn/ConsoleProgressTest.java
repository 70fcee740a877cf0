package org.pufferflow.tools.learn;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@link ConsoleProgress}: a bar for large inputs only, on the given stream, finished at 100 % on close. */
class ConsoleProgressTest {

  @Test
  void largeInputShowsABarThatEndsAtFullSize() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ConsoleProgress p = new ConsoleProgress(new PrintStream(bytes, true, StandardCharsets.UTF_8), 1000)) {
      p.start("traces.csv", 4L << 20);
      p.advance(1L << 20);
    }
    String shown = bytes.toString(StandardCharsets.UTF_8);
    assertThat(shown).contains("learn traces.csv").contains("100%").contains("4/4 MiB");
  }

  @Test
  void smallInputShowsNothing() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ConsoleProgress p = new ConsoleProgress(new PrintStream(bytes, true, StandardCharsets.UTF_8), 1000)) {
      p.start("tiny.csv", 999);
      p.advance(999);
    }
    assertThat(bytes.size()).isZero();
  }

  @Test
  void readersReportTheBytesTheyRead() {
    long[] seen = new long[2];
    ReadProgress counting = new ReadProgress() {
      @Override
      public void start(String task, long totalBytes) {
        seen[0] = totalBytes;
      }

      @Override
      public void advance(long bytes) {
        seen[1] += bytes;
      }
    };
    CsvTraces.read(LearnData.file("tiny.csv"), 1000, null, counting);
    // tiny.csv is ASCII with \n line ends: characters + newlines = bytes
    assertThat(seen[1]).isEqualTo(seen[0]).isPositive();
  }
}
