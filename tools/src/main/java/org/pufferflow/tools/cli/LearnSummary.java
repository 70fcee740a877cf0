package org.pufferflow.tools.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.pufferflow.chain.SparseTransitionMatrix;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.jobs.cli.CliJson;
import org.pufferflow.tools.learn.GridSpec;
import org.pufferflow.tools.learn.LearnedModel;
import org.pufferflow.tools.learn.ModelYaml;
import org.pufferflow.tools.learn.SummaryGaps;
import org.pufferflow.tools.learn.TraceSet;

/** The summary {@code pufferflow learn} prints: as text, or as one JSON object (docs/learn.md, 'Output'). */
final class LearnSummary {

  /** Models up to this many states are printed in full in the text summary. */
  static final int PRINTED_STATES = 10;

  private LearnSummary() {}

  static ObjectNode json(TraceSet traces, LearnedModel model, GridSpec grid, Path out) {
    ObjectNode o = CliJson.object();
    ArrayNode labels = CliJson.array();
    model.labels().forEach(labels::add);
    o.set("states", labels);
    o.put("subjects", traces.subjects().size());
    o.put("points", traces.points());
    o.put("unmapped", traces.unmapped());
    o.put("ticks", traces.ticks());
    o.put("gaps", traces.ticks() - traces.observedTicks());
    o.put("transitions", model.transitions());
    o.put("tickMillis", traces.tickMillis());
    o.set("smoothing", CliJson.number(model.smoothing()));
    o.set("transition", transition(model.transition()));
    o.set("visits", longs(model.visits()));
    boolean irreducible = model.stationary() != null;
    o.put("irreducible", irreducible);
    o.put("ergodic", model.ergodic());
    o.set("stationary", irreducible ? CliJson.vector(model.stationary()) : null);
    o.set("piMin", irreducible ? CliJson.number(model.piMin()) : null);
    o.set("gapP", Double.isNaN(model.gapP()) ? null : CliJson.number(model.gapP()));
    o.set("gapPPStar", irreducible && !Double.isNaN(model.gapPPStar()) ? CliJson.number(model.gapPPStar()) : null);
    SummaryGaps gaps = model.gaps();
    o.put("gapsBasis", switch (gaps.basis()) {
      case EXACT -> "exact";
      case CERTIFIED -> "certified lower bounds";
      case NOT_COMPUTED -> "not computed: " + gaps.note();
    });
    boolean certified = gaps.basis() == SummaryGaps.Basis.CERTIFIED;
    o.set("piMinLowerBound", certified ? CliJson.number(gaps.piMinLowerBound()) : null);
    o.set("stationaryL1Error", certified ? CliJson.number(gaps.stationaryL1Error()) : null);
    if (irreducible) {
      o.put("reversible", model.reversible());
      o.put("period", model.period());
    } else {
      o.putNull("reversible");
      o.putNull("period");
    }
    if (grid != null) {
      ObjectNode g = CliJson.object();
      g.put("minLat", grid.minLat());
      g.put("maxLat", grid.maxLat());
      g.put("minLon", grid.minLon());
      g.put("maxLon", grid.maxLon());
      g.put("rows", grid.rows());
      g.put("cols", grid.cols());
      o.set("grid", g);
    }
    ArrayNode warnings = CliJson.array();
    model.warnings().forEach(warnings::add);
    o.set("warnings", warnings);
    if (out == null) {
      o.putNull("out");
    } else {
      o.put("out", out.toString());
    }
    return o;
  }

  static void print(PrintWriter w, TraceSet traces, LearnedModel model, GridSpec grid, Path out) {
    int n = model.numStates();
    w.printf("learned model: %d states, %d subjects, %d ticks of %d ms (%d gaps), %d transitions, smoothing %s%n",
        n, traces.subjects().size(), traces.ticks(), traces.tickMillis(), traces.ticks() - traces.observedTicks(),
        model.transitions(), model.smoothing());
    if (traces.unmapped() > 0) {
      w.printf("  %d of %d input points mapped to no state (outside the grid)%n", traces.unmapped(), traces.points());
    }
    if (grid != null) {
      w.printf("  grid %d x %d over lat [%s, %s], lon [%s, %s]%n", grid.rows(), grid.cols(), grid.minLat(),
          grid.maxLat(), grid.minLon(), grid.maxLon());
    }
    List<String> labels = model.labels();
    if (n <= PRINTED_STATES) {
      w.printf("  states      %s%n", labels);
      double[][] p = model.transitionRows(); // at most PRINTED_STATES states
      for (int i = 0; i < n; i++) {
        w.printf("  P[%-8s] %s%n", labels.get(i), row(p[i]));
      }
    }
    if (model.stationary() != null) {
      double[] pi = model.stationary();
      if (n <= PRINTED_STATES) {
        w.printf("  stationary  %s%n", row(pi));
      }
      SummaryGaps gaps = model.gaps();
      w.printf("  pi_min      %.6g%s%n", model.piMin(), gaps.basis() == SummaryGaps.Basis.CERTIFIED
          ? String.format(" (certified >= %.6g; |pi - exact|_1 <= %.2g)", gaps.piMinLowerBound(),
              gaps.stationaryL1Error()) : "");
      w.printf("  gap of P    %s%n", gaps.describe(model.gapP()));
      w.printf("  gap of PP*  %s%n", gaps.describe(model.gapPPStar()));
      w.printf("  reversible  %s%n", model.reversible() ? "yes" : "no");
      w.printf("  ergodic     %s%n", model.ergodic() ? "yes" : "no (period " + model.period() + ")");
    } else {
      w.printf("  gap of P    %s%n", model.gaps().describe(model.gapP()));
      w.printf("  ergodic     no (not irreducible: no unique stationary distribution)%n");
    }
    if (!model.warnings().isEmpty()) {
      w.printf("  %d warning(s) on stderr%n", model.warnings().size());
    }
    if (out != null) {
      w.printf("wrote %s%n", out);
    }
  }

  /**
   * The matrix as the model file writes it: dense rows, or {@code {"sparse": [{"to": [...], "p": [...]}, ...]}}
   * when it is stored sparsely ({@link ModelYaml#isSparse}).
   */
  private static com.fasterxml.jackson.databind.JsonNode transition(TransitionMatrix m) {
    if (!ModelYaml.isSparse(m)) {
      return CliJson.matrix(m.toArray());
    }
    SparseTransitionMatrix s = (SparseTransitionMatrix) m;
    ArrayNode rows = CliJson.array();
    for (int i = 0; i < s.size(); i++) {
      ObjectNode r = CliJson.object();
      r.set("to", CliJson.intVector(s.rowColumns(i)));
      r.set("p", CliJson.vector(s.rowValues(i)));
      rows.add(r);
    }
    ObjectNode o = CliJson.object();
    o.set("sparse", rows);
    return o;
  }

  private static String row(double[] v) {
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < v.length; i++) {
      b.append(i == 0 ? "" : ", ").append(String.format("%.6f", v[i]));
    }
    return b.append(']').toString();
  }

  private static ArrayNode longs(long[] v) {
    ArrayNode a = CliJson.array();
    for (long x : v) {
      a.add(JsonNodeFactory.instance.numberNode(x));
    }
    return a;
  }
}
