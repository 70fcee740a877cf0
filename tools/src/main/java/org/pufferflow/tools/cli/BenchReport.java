package org.pufferflow.tools.cli;

import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import org.pufferflow.jobs.cli.CliJson;
import org.pufferflow.tools.bench.BenchResult;
import org.pufferflow.tools.bench.Ratio;
import org.pufferflow.tools.bench.Spread;

/**
 * How every {@code bench} command of the operators and the pipeline prints what it measured (docs/cli.md, 'bench
 * dphmm|mqm|redaction'; docs/benchmarks.md, 'How the bench commands measure'). In JSON each rate is its median over
 * the runs and each ratio its median, or {@code null} when the runs do not support it; {@code spread} holds the
 * min/median/max of every rate and ratio and {@code untrusted} the reasons a ratio was withheld. The text output says
 * the same in words.
 */
final class BenchReport {

  private BenchReport() {}

  static ObjectNode toJson(BenchResult r) {
    ObjectNode out = CliJson.object();
    ObjectNode spread = CliJson.object();
    ObjectNode untrusted = CliJson.object();
    out.put("mechanism", r.mechanism().cliName());
    rate(out, spread, "recordsPerSecond", r.recordsPerSecond());
    rate(out, spread, "passThroughRecordsPerSecond", r.passThroughRecordsPerSecond());
    rate(out, spread, "mechanismRecordsPerSecond", r.mechanismRecordsPerSecond());
    ratio(out, spread, untrusted, "ratioToPassThrough", r.ratioToPassThrough());
    ratio(out, spread, untrusted, "ratioToMechanism", r.ratioToMechanism());
    if (r.scaling() != null) {
      ratio(out, spread, untrusted, "costRatioToBaselineSubjects", r.scaling());
      out.put("baselineSubjects", r.baselineSubjects());
    }
    out.set("stateBytesPerSubject", CliJson.number(r.stateBytesPerSubject()));
    rate(out, spread, "releaseToProduct", r.releaseToProduct());
    out.put("subjects", r.subjects());
    out.put("states", r.states());
    out.put("stateBackend", r.stateBackend());
    out.put("parallelism", r.parallelism());
    out.put("runs", r.runs());
    out.put("records", r.records());
    out.set("askedSeconds", CliJson.number(r.askedSeconds()));
    rate(out, spread, "seconds", r.seconds());
    out.set("spread", spread);
    out.set("untrusted", untrusted);
    return out;
  }

  private static void rate(ObjectNode out, ObjectNode spread, String name, Spread s) {
    if (s == null) {
      return;
    }
    out.set(name, CliJson.number(s.median()));
    spread.set(name, spreadJson(s));
  }

  private static void ratio(ObjectNode out, ObjectNode spread, ObjectNode untrusted, String name, Ratio r) {
    if (r == null) {
      return;
    }
    out.set(name, r.trusted() ? CliJson.number(r.spread().median()) : NullNode.getInstance());
    spread.set(name, spreadJson(r.spread()));
    if (!r.trusted()) {
      untrusted.set(name, CliJson.MAPPER.valueToTree(r.untrusted()));
    }
  }

  private static ObjectNode spreadJson(Spread s) {
    ObjectNode o = CliJson.object();
    o.set("min", CliJson.number(s.min()));
    o.set("median", CliJson.number(s.median()));
    o.set("max", CliJson.number(s.max()));
    return o;
  }

  /** One line of a rate: median and range. */
  static void rateLine(PrintWriter w, String label, Spread s) {
    w.printf("  %-26s %,12.0f records/s  (min %,.0f, max %,.0f)%n", label, s.median(), s.min(), s.max());
  }

  /** One line of a ratio: its number, or why there is none. */
  static void ratioLine(PrintWriter w, String label, Ratio r) {
    if (r != null) {
      w.printf("  %-26s %s%n", label, r.describe());
    }
  }

  /** The header line's tail shared by the commands: runs and timed seconds. */
  static String runs(BenchResult r) {
    return String.format("%d run%s of %.1f s (timed %.1f-%.1f s)", r.runs(), r.runs() == 1 ? "" : "s",
        r.askedSeconds(), r.seconds().min(), r.seconds().max());
  }
}
