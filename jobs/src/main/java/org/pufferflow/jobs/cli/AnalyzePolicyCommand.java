package org.pufferflow.jobs.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import org.apache.flink.annotation.Internal;
import org.pufferflow.chain.TransitionMatrices;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.common.InvalidParameterException;
import org.pufferflow.geometry.SensitivityHull;
import org.pufferflow.policy.PolicyGraph;
import org.pufferflow.policy.PolicyGraphKind;
import org.pufferflow.policy.ProtectableGraph;
import org.pufferflow.policy.RepairMode;
import org.pufferflow.policy.StateQuery;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code pufferflow analyze policy}: what a DPHMM policy graph protects under a constraint, before deploying it
 * (docs/cli.md "analyze policy"; docs/dphmm.md, 'Repair modes', §4). Prints C, the constrained graph, the exposed set
 * E0, DoP after repair, the added edges, the sensitivity hull and both sensitivities. Everything shown is public
 * configuration.
 */
@Internal
@Command(
    name = "policy",
    mixinStandardHelpOptions = true,
    description = "Analyze a DPHMM policy graph under a constraint: exposure, repair, sensitivity hull.")
public final class AnalyzePolicyCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(names = "--query", required = true, paramLabel = "MATRIX",
      description = "f(s_i) per state as a JSON array of rows (N x d, d <= 3).")
  String query;

  @Option(names = "--graph", required = true, paramLabel = "GRAPH",
      description = "complete | categorical:LABELS_JSON | utility:R | transition:THETA | edges:EDGES_JSON")
  String graph;

  @Option(names = "--transition", paramLabel = "MATRIX",
      description = "Row-stochastic transition matrix (N x N); required for transition:THETA.")
  String transition;

  @Option(names = "--constraint", paramLabel = "INDICES_JSON",
      description = "The constraint C as a JSON array of 0-based states (default: all states).")
  String constraint;

  @Option(names = "--repair", paramLabel = "MODE", defaultValue = "strict",
      description = "strict | greedy | min-volume | none (default: ${DEFAULT-VALUE}).")
  String repair;

  @Option(names = "--full-span", arity = "1", paramLabel = "true|false", defaultValue = "true",
      description = "Add shortest edges until K spans the differences of f(C) (default: ${DEFAULT-VALUE}).")
  boolean fullSpan;

  @Option(names = "--json", description = "Print exactly one JSON object on stdout.")
  boolean json;

  @Override
  public Integer call() {
    StateQuery f = parseQuery();
    int n = f.size();
    PolicyGraph g = parseGraph(f);
    int[] c = parseConstraint(n);
    RepairMode mode = parseRepair();
    ProtectableGraph pg = ProtectableGraph.repair(f, g, c, mode, fullSpan);
    ObjectNode out = report(pg);
    PrintWriter w = spec.commandLine().getOut();
    if (json) {
      w.println(CliJson.write(out));
    } else {
      printHuman(w, out);
    }
    w.flush();
    return 0;
  }

  private StateQuery parseQuery() {
    double[][] rows = CliJson.parseMatrix("--query", query);
    try {
      return StateQuery.of("--query", rows);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage(), e);
    }
  }

  private TransitionMatrix parseTransition(int n) {
    if (transition == null) {
      throw new UsageException("--transition: required for --graph transition:THETA");
    }
    double[][] m = CliJson.parseMatrix("--transition", transition);
    if (m.length != n) {
      throw new UsageException(
          "--transition: has " + m.length + " rows, expected " + n + " (one per row of --query)");
    }
    return TransitionMatrices.of("--transition", m);
  }

  private PolicyGraph parseGraph(StateQuery f) {
    int n = f.size();
    String graphText = graph.trim();
    int colon = graphText.indexOf(':');
    String kind = colon < 0 ? graphText : graphText.substring(0, colon);
    String arg = colon < 0 ? null : graphText.substring(colon + 1);
    PolicyGraphKind k = PolicyGraphKind.fromConfigName(kind);
    if (k == null) {
      throw new UsageException("--graph " + graph
          + ": unknown graph; use complete, categorical:LABELS_JSON, utility:R, transition:THETA or edges:EDGES_JSON");
    }
    try {
      PolicyGraphKind.Argument a = k.argument();
      double number = a == PolicyGraphKind.Argument.NUMBER ? parseNumber(kind, requireArg(kind, arg)) : Double.NaN;
      int[] labels = a == PolicyGraphKind.Argument.LABELS ? parseLabels(requireArg(kind, arg), n) : null;
      int[][] edges = a == PolicyGraphKind.Argument.EDGES ? parseEdges(requireArg(kind, arg)) : null;
      TransitionMatrix m = k == PolicyGraphKind.TRANSITION ? parseTransition(n) : null;
      return k.build(n, m, f, number, labels, edges);
    } catch (InvalidParameterException e) {
      // a parameter of the command line itself (--transition) is named as it is; the graph's own under --graph
      boolean option = e.parameter().startsWith("--");
      throw new UsageException(option ? e.getMessage() : "--graph " + kind + ": " + e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--graph " + kind + ": " + e.getMessage(), e);
    }
  }

  private static String requireArg(String kind, String arg) {
    if (arg == null || arg.isBlank()) {
      throw new UsageException("--graph " + kind + ": missing argument after '" + kind + ":'");
    }
    return arg;
  }

  private static double parseNumber(String kind, String text) {
    try {
      double v = Double.parseDouble(text.trim());
      if (!Double.isFinite(v)) {
        throw new NumberFormatException();
      }
      return v;
    } catch (NumberFormatException e) {
      throw new UsageException("--graph " + kind + ":" + text + ": not a finite number");
    }
  }

  private static int[] parseLabels(String text, int n) {
    JsonNode a = CliJson.parse("--graph categorical", text, "a JSON array of labels, one per state");
    if (!a.isArray() || a.size() != n) {
      throw new UsageException("--graph categorical: expected a JSON array of " + n + " labels (one per state), got "
          + (a.isArray() ? a.size() + " entries" : a.getNodeType().toString()));
    }
    String[] s = new String[n];
    TreeSet<String> distinct = new TreeSet<>();
    for (int i = 0; i < n; i++) {
      if (!a.get(i).isValueNode() || a.get(i).isNull()) {
        throw new UsageException("--graph categorical[" + i + "]: expected a string or number label");
      }
      s[i] = a.get(i).asText();
      distinct.add(s[i]);
    }
    List<String> order = List.copyOf(distinct);
    int[] labels = new int[n];
    for (int i = 0; i < n; i++) {
      labels[i] = order.indexOf(s[i]);
    }
    return labels;
  }

  private static int[][] parseEdges(String text) {
    JsonNode a = CliJson.parse("--graph edges", text, "a JSON array of [j,k] pairs");
    if (!a.isArray()) {
      throw new UsageException("--graph edges: expected a JSON array of [j,k] pairs");
    }
    int[][] e = new int[a.size()][];
    for (int i = 0; i < a.size(); i++) {
      JsonNode p = a.get(i);
      if (!p.isArray() || p.size() != 2 || !p.get(0).isIntegralNumber() || !p.get(1).isIntegralNumber()) {
        throw new UsageException("--graph edges[" + i + "]: expected a pair of state indices [j,k], got " + p);
      }
      e[i] = new int[] {p.get(0).asInt(), p.get(1).asInt()};
    }
    return e;
  }

  private int[] parseConstraint(int n) {
    if (constraint == null) {
      int[] all = new int[n];
      for (int i = 0; i < n; i++) {
        all[i] = i;
      }
      return all;
    }
    int[] raw = CliJson.parseIntArray("--constraint", constraint);
    if (raw.length == 0) {
      throw new UsageException("--constraint: must name at least one state");
    }
    TreeSet<Integer> set = new TreeSet<>();
    for (int i = 0; i < raw.length; i++) {
      if (raw[i] < 0 || raw[i] >= n) {
        throw new UsageException("--constraint[" + i + "] = " + raw[i] + ": no such state (states are 0.." + (n - 1)
            + ")");
      }
      if (!set.add(raw[i])) {
        throw new UsageException("--constraint[" + i + "] = " + raw[i] + ": listed twice");
      }
    }
    return set.stream().mapToInt(Integer::intValue).toArray();
  }

  private RepairMode parseRepair() {
    try {
      return RepairMode.parse(repair);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--repair " + repair + ": must be one of strict, greedy, min-volume, none");
    }
  }

  static ObjectNode report(ProtectableGraph pg) {
    ObjectNode o = CliJson.object();
    o.set("constraint", CliJson.intVector(pg.constraint()));
    o.set("edges", CliJson.intMatrix(pg.constrainedEdges()));
    o.set("exposed", CliJson.intVector(pg.exposedBefore()));
    o.set("dop", CliJson.intVector(pg.degreesOfProtection()));
    o.set("addedEdges", CliJson.intMatrix(pg.addedEdges()));
    SensitivityHull k = pg.hull();
    o.set("hull", CliJson.matrix(k.rank() == 2 && k.dimension() == 2 ? k.verticesCounterClockwise() : k.vertices()));
    o.put("hullDimension", k.rank());
    o.set("hullVolume", CliJson.number(k.measureInSpan()));
    o.set("constrainedDpMultiplier", CliJson.number(pg.constrainedDpMultiplier()));
    o.set("l1Sensitivity", CliJson.number(pg.l1Sensitivity()));
    return o;
  }

  private static void printHuman(PrintWriter w, ObjectNode o) {
    w.println("constraint C:              " + o.get("constraint"));
    w.println("constrained graph edges:   " + o.get("edges"));
    w.println("exposed before repair:     " + o.get("exposed"));
    w.println("added edges (in order):    " + o.get("addedEdges"));
    w.println("DoP after repair (per C):  " + o.get("dop"));
    w.println("sensitivity hull vertices: " + o.get("hull"));
    w.println("hull dimension / volume:   " + o.get("hullDimension") + " / " + o.get("hullVolume"));
    w.println("constrained-DP multiplier: " + o.get("constrainedDpMultiplier") + "  (Thm 6.3: eps_cdp = eps x this)");
    w.println("L1 sensitivity S_f:        " + o.get("l1Sensitivity") + "  (Laplace scale S_f / eps)");
  }
}
