package org.pufferflow.tools.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.jobs.cli.CommandLines;
import org.pufferflow.tools.cli.PufferflowCli;
import picocli.CommandLine;

/** `pufferflow experiment` (docs/experiments.md, 'Running'). */
class ExperimentCommandTest {

  record Run(int code, String out, String err) {}

  static Run cli(String... args) {
    CommandLine cl = CommandLines.create(new PufferflowCli());
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return new Run(cl.execute(args), out.toString(), err.toString());
  }

  @Test
  void listNamesEveryExperimentOncePerLine() {
    Run r = cli("experiment", "list");
    assertEquals(0, r.code(), r.err());
    String[] lines = r.out().strip().split("\n");
    assertEquals(14, lines.length);
    assertEquals(Experiments.all().size(), lines.length);
    Set<String> names = new HashSet<>();
    for (int i = 0; i < lines.length; i++) {
      Experiment e = Experiments.all().get(i);
      assertTrue(lines[i].startsWith(e.name() + " "), lines[i]);
      assertTrue(lines[i].contains(e.description()), lines[i]);
      assertTrue(names.add(e.name()), "duplicate " + e.name());
    }
  }

  @Test
  void runsOneExperimentWithAProgressBarOnStderr(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("w");
    Run r = cli("experiment", "wasserstein-vs-mqm", "--quick", "--out", out.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.err().contains("wasserstein-vs-mqm"), r.err());
    assertTrue(r.err().contains("24/24"), r.err());
    String[] files = r.out().strip().split("\n");
    assertEquals(4, files.length);
    for (String f : files) {
      assertTrue(Files.size(Path.of(f)) > 0, f);
    }
    assertTrue(Files.exists(out.resolve("wasserstein-vs-mqm.csv")));
  }

  @Test
  void unknownNameAndMissingOutAreInvalidInput(@TempDir Path dir) {
    Run unknown = cli("experiment", "nope", "--out", dir.toString());
    assertEquals(2, unknown.code());
    assertTrue(unknown.err().contains("NAME = nope: unknown experiment; one of list, mqm-fig2"), unknown.err());
    Run noOut = cli("experiment", "composition");
    assertEquals(2, noOut.code());
    assertTrue(noOut.err().contains("--out: required"), noOut.err());
    Run listOut = cli("experiment", "list", "--out", dir.toString());
    assertEquals(2, listOut.code());
  }
}
