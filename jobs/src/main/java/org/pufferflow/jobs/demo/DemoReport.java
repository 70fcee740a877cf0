package org.pufferflow.jobs.demo;

import org.pufferflow.jobs.experiments.MqmAmpdsExperiment;
import org.pufferflow.jobs.learn.LearnedModel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;
import org.pufferflow.ingest.ReasonCode;

/** Writes the demo's report: {@code report.md} and the bar chart {@code rejections.png} (XChart). */
public final class DemoReport {

  public static final String MARKDOWN = "report.md";
  public static final String CHART = "rejections.png";

  private DemoReport() {}

  /** Writes both files into {@code dir} (created if needed) and returns the markdown file. */
  public static Path write(Path dir, List<DemoOutcome> outcomes, long accepted, long expectedAccepted, double seconds,
      String settings) throws IOException {
    Files.createDirectories(dir);
    writeChart(dir.resolve(CHART), outcomes);
    Path md = dir.resolve(MARKDOWN);
    Files.writeString(md, markdown(outcomes, accepted, expectedAccepted, seconds, settings)
        + learnedModel(LearnedModel.fit(MqmAmpdsExperiment.traces(), MqmAmpdsExperiment.SMOOTHING)));
    return md;
  }

  static String markdown(List<DemoOutcome> outcomes, long accepted, long expectedAccepted, double seconds,
      String settings) {
    StringBuilder b = new StringBuilder();
    b.append("# pufferflow demo report\n\n");
    b.append("A real Kafka broker (KRaft, in the JVM on 127.0.0.1) and a local Flink cluster (2 slots) ran the\n");
    b.append("ingestion half of the pipeline over synthetic inputs: Kafka source → validate + discretize → per-subject\n");
    b.append("tick order in event time → (subject, tick, state). Invalid records went to the rejected topics with a\n");
    b.append("reason code (exactly-once, read back here with `read_committed`). See docs/ingestion.md.\n\n");
    b.append("Settings: ").append(settings).append(String.format(Locale.ROOT, "; wall time %.1f s.%n%n", seconds));
    b.append("| input | topic | records fed | rejected | rejected topic |\n|---|---|---:|---:|---|\n");
    long fed = 0;
    for (DemoOutcome o : outcomes) {
      fed += o.fed();
      b.append("| ").append(o.name()).append(" | `").append(o.inputTopic()).append("` | ").append(o.fed())
          .append(" | ").append(o.rejected()).append(" | `").append(o.rejectedTopic()).append("` |\n");
    }
    b.append(String.format(Locale.ROOT, "%nAccepted observations (all inputs): **%d** (expected from the feed plan: %d) of %d"
        + " records fed.%n%n", accepted, expectedAccepted, fed));
    b.append("## Rejections by reason\n\n| reason |");
    for (DemoOutcome o : outcomes) {
      b.append(' ').append(o.name()).append(" |");
    }
    b.append(" expected |\n|---|");
    b.append("---:|".repeat(outcomes.size() + 1)).append('\n');
    for (ReasonCode r : ReasonCode.values()) {
      b.append("| ").append(r.name()).append(" |");
      int expected = 0;
      for (DemoOutcome o : outcomes) {
        b.append(' ').append(o.rejections().getOrDefault(r, 0)).append(" |");
        expected += o.expectedRejections().getOrDefault(r, 0);
      }
      b.append(' ').append(expected).append(" |\n");
    }
    boolean ok = accepted == expectedAccepted && outcomes.stream().allMatch(DemoOutcome::rejectionsAsPlanned);
    b.append("\n").append(ok
        ? "Every count matches the feed plan: nothing was dropped, nothing was rejected twice.\n"
        : "**Some counts differ from the feed plan** (see the tables above).\n");
    b.append("\n![rejections by reason](").append(CHART).append(")\n");
    return b.toString();
  }

  private static void writeChart(Path file, List<DemoOutcome> outcomes) throws IOException {
    System.setProperty("java.awt.headless", "true");
    CategoryChart chart = new CategoryChartBuilder().width(900).height(480)
        .title("Rejected records by reason").xAxisTitle("reason").yAxisTitle("records").build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
    chart.getStyler().setXAxisLabelRotation(35);
    chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
    chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
    List<String> reasons = new ArrayList<>();
    for (ReasonCode r : ReasonCode.values()) {
      reasons.add(r.name());
    }
    for (DemoOutcome o : outcomes) {
      List<Integer> counts = new ArrayList<>();
      for (ReasonCode r : ReasonCode.values()) {
        counts.add(o.rejections().getOrDefault(r, 0));
      }
      chart.addSeries(o.name(), reasons, counts);
    }
    BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
  }

  /**
   * The report's section on the public model: what {@code pufferflow learn} computes from a public trace (the
   * shipped AMPds2 bedroom sample, the model of examples/learned-model.yaml), and where the papers' experiments are.
   */
  static String learnedModel(LearnedModel m) {
    StringBuilder b = new StringBuilder("\n## A public model learned from public traces\n\n");
    b.append("Every mechanism assumes the adversary knows the Markov model; `pufferflow learn` fits it from public\n");
    b.append("traces (docs/learn.md). From the shipped AMPds2 sample (north-bedroom sub-meter, 15-minute ticks, power\n");
    b.append("levels P < 5 W, 5 ≤ P < 50 W, P ≥ 50 W; CC BY 4.0, Makonin et al. 2016), the model of\n");
    b.append("`examples/learned-model.yaml`:\n\n| from \\ to |");
    for (String l : m.labels()) {
      b.append(' ').append(l).append(" |");
    }
    b.append(" visits |\n|---|").append("---:|".repeat(m.numStates() + 1)).append('\n');
    for (int i = 0; i < m.numStates(); i++) {
      b.append("| ").append(m.labels().get(i)).append(" |");
      for (int j = 0; j < m.numStates(); j++) {
        b.append(String.format(Locale.ROOT, " %.4f |", m.transition()[i][j]));
      }
      b.append(' ').append(m.visits()[i]).append(" |\n");
    }
    b.append(String.format(Locale.ROOT, "%nStationary distribution %s; π_min = %.3g; eigen-gap of P %.3f, of P·P* %.3f;"
        + " %s, %s.%n", java.util.Arrays.toString(java.util.Arrays.stream(m.stationary())
            .mapToObj(x -> String.format(Locale.ROOT, "%.4f", x)).toArray()), m.piMin(), m.gapP(), m.gapPPStar(),
        Boolean.TRUE.equals(m.reversible()) ? "reversible" : "not reversible", m.ergodic() ? "ergodic" : "not ergodic"));
    for (String w : m.warnings()) {
      b.append("\n- warning: ").append(w);
    }
    b.append("\n\nThe papers' figures reproduced with the project's mechanisms (MQM, DPHMM on GeoLife, redaction,\n");
    b.append("composition) are listed by `pufferflow experiment list` and discussed in docs/experiments.md.\n");
    return b.toString();
  }
}
