package org.pufferflow.tools.demo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.avro.FleetHistogram;
import org.pufferflow.avro.OptOut;
import org.pufferflow.avro.RedactedRecord;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.avro.WindowHistogram;
import org.pufferflow.ingest.ReasonCode;
import org.pufferflow.jobs.config.DiscretizerConfig;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.jobs.plan.DailySpend;
import org.pufferflow.jobs.plan.JobPlanner;
import org.pufferflow.jobs.plan.PlanNumbers;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.jobs.mechanism.dphmm.DphmmUnit;
import org.pufferflow.jobs.mechanism.mqm.MqmUnit;
import org.pufferflow.jobs.mechanism.redaction.RedactionUnit;
import org.pufferflow.mechanism.redaction.RedactionPlan;

/**
 * Writes {@code report.html} (a self-contained page, its PNG charts next to it) from what the demo's output topics
 * held and the feed plans' truth (docs/cli.md, 'demo'): counts per output against what the feed implies, the
 * errors of the releases against the truth, and the charts of {@link DemoCharts}.
 */
@Internal
public final class DemoReport {

  public static final String HTML = "report.html";
  /** Every chart the report shows. */
  public static final List<String> CHARTS = List.of(DemoCharts.LATITUDE, DemoCharts.LONGITUDE, DemoCharts.METER,
      DemoCharts.FLEET, DemoCharts.REDACTION, DemoCharts.BUDGET, DemoCharts.REJECTIONS);

  /** Ticks of the location trace shown (all of them would hide the trace under the releases). */
  static final int TRACE_TICKS = 120;

  private DemoReport() {}

  /** Writes the charts and the page into {@code dir} (created if needed); returns the page. */
  public static Path write(Path dir, List<DemoPipeline.Outputs> outputs, String settings, double seconds)
      throws IOException {
    Files.createDirectories(dir);
    StringBuilder b = new StringBuilder();
    b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>pufferflow demo</title>\n")
        .append("<style>body{font-family:sans-serif;max-width:960px;margin:2em auto;line-height:1.4}")
        .append("table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:2px 8px}td.n{text-align:right}")
        .append(".bad{color:#b00;font-weight:bold}img{max-width:100%}</style></head><body>\n")
        .append("<h1>pufferflow demo</h1>\n<p>A Kafka broker in the JVM and a local Flink cluster ran three ")
        .append("pipelines in one job, each from its own configuration (the files of <code>examples/</code>): ")
        .append("synthetic smart meters (MQM window histograms and the fleet histogram), people on a location grid ")
        .append("(DPHMM releases) and homes with a binary presence signal and a few opt-outs (correlation-aware ")
        .append("redaction). Every output topic was read back as a <code>read_committed</code> consumer. The ")
        .append("synthetic data come from the keyed generator under a fixed public demo key, so the demo knows the ")
        .append("true traces and compares them with the releases here; a real job never sees the truth like ")
        .append("this.</p>\n")
        .append("<p>").append(esc(settings)).append(String.format(Locale.ROOT, "; wall time %.1f s.</p>%n", seconds));
    counts(b, outputs);
    Map<ReasonCode, Integer> expected = new EnumMap<>(ReasonCode.class);
    Map<ReasonCode, Integer> observed = new EnumMap<>(ReasonCode.class);
    for (DemoPipeline.Outputs o : outputs) {
      o.pipeline().plan().expectedRejections().forEach((r, n) -> expected.merge(r, n, Integer::sum));
      for (RejectedObservation r : o.of(OutputKind.REJECTED, RejectedObservation.class)) {
        observed.merge(ReasonCode.valueOf(r.getReasonCode()), 1, Integer::sum);
      }
      switch (o.pipeline().id()) {
        case "meters" -> meters(dir, b, o);
        case "locations" -> locations(dir, b, o);
        case "presence" -> presence(dir, b, o);
        default -> { }
      }
    }
    DemoCharts.rejections(dir, expected, observed);
    b.append("<h2>Rejected records by reason</h2>\n<p>").append(expected.equals(observed)
        ? "Every reason's count read back equals the feed plan's: nothing was dropped, nothing rejected twice."
        : "<span class=\"bad\">Some rejection counts differ from the feed plan.</span>").append("</p>\n");
    img(b, DemoCharts.REJECTIONS);
    b.append("</body></html>\n");
    Path html = dir.resolve(HTML);
    Files.writeString(html, b.toString());
    return html;
  }

  private static void counts(StringBuilder b, List<DemoPipeline.Outputs> outputs) {
    b.append("<h2>Records per output</h2>\n<table><tr><th>pipeline</th><th>input records fed</th><th>output</th>")
        .append("<th>topic</th><th>records read</th><th>expected</th></tr>\n");
    for (DemoPipeline.Outputs o : outputs) {
      DemoPipeline p = o.pipeline();
      o.records().forEach((kind, records) -> {
        long e = p.expected(kind);
        boolean ok = kind == OutputKind.LEDGER_EVENTS ? records.size() >= e : records.size() == e;
        b.append("<tr><td>").append(esc(p.title())).append("</td><td class=\"n\">").append(p.plan().totalRecords())
            .append("</td><td>").append(kind.label()).append("</td><td><code>").append(esc(kind.topic(p.config()
                .kafka()))).append("</code></td><td class=\"n").append(ok ? "" : " bad").append("\">")
            .append(records.size()).append("</td><td class=\"n\">").append(expectedCount(kind, e))
            .append("</td></tr>\n");
      });
    }
    b.append("</table>\n");
  }

  private static void meters(Path dir, StringBuilder b, DemoPipeline.Outputs o) throws IOException {
    JobConfig c = o.pipeline().config();
    int w = c.description(MqmWindowPlan.class).window();
    int s = c.description(MqmWindowPlan.class).slide();
    List<String> labels = c.model().states();
    Map<String, List<FeedPlan.TruePoint>> truth = o.pipeline().plan().truth();
    List<WindowHistogram> hs = o.of(MqmUnit.HISTOGRAMS, WindowHistogram.class);
    List<FleetHistogram> fs = o.of(MqmUnit.FLEET, FleetHistogram.class);
    String meter = truth.keySet().iterator().next();
    Map<Long, double[]> fleetTruth = DemoTruth.fleet(truth, w, s, labels.size());
    DemoCharts.histograms(dir, DemoCharts.METER, "MQM window histograms of " + meter + " vs its true histograms",
        DemoTruth.windows(truth.get(meter), w, s, labels.size()), DemoCharts.byStart(hs, meter), labels);
    DemoCharts.histograms(dir, DemoCharts.FLEET, "Fleet histogram (sum of " + truth.size()
        + " meters' releases) vs the true fleet histogram", fleetTruth, DemoCharts.fleetByStart(fs), labels);
    double scale = hs.isEmpty() ? Double.NaN : hs.get(0).getNoiseScale();
    double eps = hs.isEmpty() ? Double.NaN : hs.get(0).getPerPointEpsilon();
    b.append("<h2>Smart meters: MQM window histograms and the fleet histogram</h2>\n<p>")
        .append(String.format(Locale.ROOT, "%d meters; windows of %d ticks (slide %d), %d bins (%s). Each histogram "
            + "bin carries discrete Laplace noise of scale %.2f (per-time-point ε %.3g). Mean absolute error per bin: "
            + "%.2f for a meter's window histogram (true mean count per bin %.1f), %.2f for the fleet histogram "
            + "(true mean count per bin %.1f), over %d fleet windows.", truth.size(), w, s, labels.size(),
            esc(String.join(", ", labels)), scale, eps, DemoTruth.windowMeanAbsError(hs, truth, w, s, labels.size()),
            (double) w / labels.size(), DemoTruth.fleetMeanAbsError(fs, fleetTruth),
            (double) w * truth.size() / labels.size(), fs.size()))
        .append("</p>\n");
    img(b, DemoCharts.METER);
    img(b, DemoCharts.FLEET);
  }

  private static void locations(Path dir, StringBuilder b, DemoPipeline.Outputs o) throws IOException {
    JobConfig c = o.pipeline().config();
    Map<String, List<FeedPlan.TruePoint>> truth = o.pipeline().plan().truth();
    List<DphmmRelease> rs = o.of(DphmmUnit.RELEASES, DphmmRelease.class);
    String person = truth.keySet().iterator().next();
    double[][] query = c.model().query();
    DiscretizerConfig.Grid g = (DiscretizerConfig.Grid) c.discretizer();
    DemoCharts.location(dir, List.of(DemoCharts.LATITUDE, DemoCharts.LONGITUDE), person, truth.get(person), rs,
        query, List.of("latitude", "longitude"), TRACE_TICKS);
    boolean identical = DemoCharts.budget(dir, rs);
    double maxEps = rs.stream().mapToDouble(DphmmRelease::getCumulativeEpsilon).max().orElse(0);
    b.append("<h2>Locations: DPHMM releases</h2>\n<p>").append(String.format(Locale.ROOT, "%d people on a %d-cell "
            + "grid; %d releases of %d accepted observations, ε = %.3g per release. Mean distance between a release "
            + "and the true cell centre: %.4f degrees (cells are %.4f × %.4f degrees).", truth.size(),
            c.model().numStates(), rs.size(), o.pipeline().plan().expectedAccepted(),
            c.description(DphmmConfig.class).epsilon(),
            DemoTruth.dphmmMeanError(rs, truth, query), (g.maxLat() - g.minLat()) / g.rows(),
            (g.maxLon() - g.minLon()) / g.cols()))
        .append("</p>\n");
    img(b, DemoCharts.LATITUDE);
    img(b, DemoCharts.LONGITUDE);
    b.append("<h2>Budget use over time</h2>\n<p>").append(esc(spentInOneSentence(c, maxEps)))
        .append(String.format(Locale.ROOT, " Each release's <code>cumulativeEpsilon</code> field: the DPHMM ε each "
            + "person has spent so far (at most %s at the end; budget: %s). %s Ledger events "
            + "(budget exhaustion): %d.", number(maxEps),
            esc(budgetInWords(c.description(DphmmConfig.class).budget())), identical
                ? "Every person released at every tick, so all curves are the same and one line shows them."
                : "The curves differ between people; the chart shows their range at each tick.",
            o.of(OutputKind.LEDGER_EVENTS, org.pufferflow.avro.LedgerEvent.class).size()))
        .append("</p>\n");
    img(b, DemoCharts.BUDGET);
  }

  private static void presence(Path dir, StringBuilder b, DemoPipeline.Outputs o) throws IOException {
    FeedPlan plan = o.pipeline().plan();
    List<RedactedRecord> rs = o.of(RedactionUnit.RECORDS, RedactedRecord.class);
    OptOut first = plan.optOuts().get(0);
    DemoCharts.redaction(dir, first.getSubjectId(), plan.truth().get(first.getSubjectId()), rs, first, 15);
    long redacted = rs.stream().filter(r -> r.getValue() == null).count();
    long optedOut = 0;
    long optedOutRedacted = 0;
    for (OptOut x : plan.optOuts()) {
      if (x.getFromTick() > x.getToTick()) {
        continue;
      }
      for (RedactedRecord r : rs) {
        if (r.getSubjectId().equals(x.getSubjectId()) && r.getTick() >= x.getFromTick()
            && r.getTick() <= x.getToTick()) {
          optedOut++;
          optedOutRedacted += r.getValue() == null ? 1 : 0;
        }
      }
    }
    b.append("<h2>Presence: redaction around opt-outs</h2>\n<p>").append(String.format(Locale.ROOT, "%d homes, %d "
            + "records out of %d accepted observations; %d redacted in all. %d opt-outs were sent; of the %d records "
            + "in opted-out ranges, %d were redacted. Records near an opted-out tick are redacted at random (3R, "
            + "ε = %.3g), so the gap does not reveal where the opted-out value was.", plan.truth().size(), rs.size(),
            plan.expectedAccepted(), redacted, plan.optOuts().size(), optedOut, optedOutRedacted,
            o.pipeline().config().description(RedactionPlan.class).epsilon()))
        .append("</p>\n");
    img(b, DemoCharts.REDACTION);
  }

  /**
   * What the locations spend, in one sentence from the plan's budget in words (docs/choosing-parameters.md, "How
   * much loss is meaningful"), with the most any person spent in this demo.
   */
  static String spentInOneSentence(JobConfig c, double spent) {
    DailySpend s = JobPlanner.plan(c).mechanism("dphmm").budget().spend();
    if (s == null) {
      return "No DPHMM budget is configured.";
    }
    return String.format(Locale.ROOT, "Each person's released positions cost ε %s per release, at most %s per day"
        + " (%d releases a day), and the demo spent at most %s of each person's ε %s, a budget that lasts %s days"
        + " of data.", PlanNumbers.up(s.epsilonPerRelease()), PlanNumbers.up(s.epsilonPerDay()),
        s.releasesPerDay(), PlanNumbers.up(spent),
        PlanNumbers.up(c.description(DphmmConfig.class).budget().totalBudget()),
        PlanNumbers.down(s.daysOfData()));
  }

  /**
   * A ledger policy in words: "ε total 100,000, at most 1,440 per 1,440 ticks" ("none" without a policy), not its
   * {@code toString}.
   */
  static String budgetInWords(LedgerPolicy p) {
    if (p == null) {
      return "none";
    }
    String total = "ε total " + number(p.totalBudget());
    return p.hasPeriodBudget()
        ? total + ", at most " + number(p.periodBudget()) + " per " + number(p.periodTicks()) + " ticks"
        : total;
  }

  /** The expected count of an output: exact, or for ledger events a lower bound ("any number" when it is 0). */
  static String expectedCount(OutputKind kind, long expected) {
    if (kind != OutputKind.LEDGER_EVENTS) {
      return String.format(Locale.ROOT, "%,d", expected);
    }
    return expected == 0 ? "any number" : String.format(Locale.ROOT, "at least %,d", expected);
  }

  /** A number for people: integers with thousands separators, others with four significant digits. */
  static String number(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.format(Locale.ROOT, "%,d", (long) v)
        : Double.isFinite(v) ? new java.math.BigDecimal(v).round(new java.math.MathContext(4)).stripTrailingZeros()
            .toPlainString() : String.valueOf(v);
  }

  private static void img(StringBuilder b, String file) {
    b.append("<p><img src=\"").append(file).append("\" alt=\"").append(file).append("\"></p>\n");
  }

  static String esc(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
