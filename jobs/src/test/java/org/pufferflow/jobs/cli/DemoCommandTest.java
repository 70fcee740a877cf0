package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(180)
class DemoCommandTest {

  @Test
  void runsEndToEndAndWritesAReportWhoseCountsMatchThePlan(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("report");
    PrintStream stdout = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    int code;
    System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      code = CommandLines.execute(new DemoCommand(), "--seconds", "3", "--out", out.toString());
    } finally {
      System.setOut(stdout);
    }
    assertThat(code).isZero();
    assertThat(captured.toString(StandardCharsets.UTF_8).trim())
        .isEqualTo("report: " + out.resolve("report.md").toAbsolutePath());
    String md = Files.readString(out.resolve("report.md"));
    // the public model learned from the shipped trace, and where the experiments are
    assertThat(md).contains("## A public model learned from public traces").contains("| P<5 |")
        .contains("docs/experiments.md").contains("pufferflow experiment list");
    assertThat(md).contains("Every count matches the feed plan").contains("| TOO_LATE |").contains("| OUTSIDE_GRID |");
    byte[] png = Files.readAllBytes(out.resolve("rejections.png"));
    assertThat(png).hasSizeGreaterThan(1000);
    assertThat(png[1]).isEqualTo((byte) 'P'); // \x89PNG
  }

  @Test
  void rejectsANonPositiveDuration() {
    assertThat(CommandLines.execute(new DemoCommand(), "--seconds", "0")).isEqualTo(CommandLines.EXIT_INVALID_INPUT);
    assertThat(CommandLines.execute(new DemoCommand(), "--seconds", "x")).isEqualTo(CommandLines.EXIT_INVALID_INPUT);
  }

  @Test
  void rejectsAnOutputPathThatIsAFile(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("f"), "x");
    assertThat(CommandLines.execute(new DemoCommand(), "--out", file.toString())).isEqualTo(CommandLines.EXIT_INVALID_INPUT);
  }
}
