package org.pufferflow.jobs.config;

import org.apache.flink.annotation.Internal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.mechanism.mqm.KnownChains;
import org.pufferflow.mechanism.mqm.MqmMode;
import org.pufferflow.mechanism.mqm.MqmOutput;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;

/**
 * Reads the {@code mqm} section into an {@link MqmWindowPlan} (docs/mqm.md), built — and calibrated — once at load
 * time by {@link MqmWindowPlan.Builder}; the job ships that plan to its functions. Every known chain of Θ — the
 * model's, or each of {@code theta.chains} — must be ergodic; bounds ({@code piMin}, {@code gap}) allow only the
 * approximate modes; these are reported with the configuration's wording first, then the MQM builders (calibration
 * and the sliding-window design rule) check everything else, mapped to a path by the failing parameter.
 */
@Internal
public final class MqmSection {

  /** Where an MQM builder's parameter (by its name in the builders) lives in the configuration. */
  private static final Map<String, String> PATHS = Map.ofEntries(
      Map.entry("window", "mqm.window"),
      Map.entry("slide", "mqm.slide"),
      Map.entry("epsilon", "mqm.epsilon"),
      Map.entry("mode", "mqm.mode"),
      Map.entry("pi-min", "mqm.theta.piMin"),
      Map.entry("piMin", "mqm.theta.piMin"),
      Map.entry("gap", "mqm.theta.gap"),
      Map.entry("chains", "mqm.theta.chains"),
      Map.entry("fleet", "mqm.fleet"),
      Map.entry("states k", "mqm.theta"));

  private MqmSection() {}

  public static MqmWindowPlan read(ConfigNode q, ModelConfig model) {
    q.requireMapping(
        "window", "slide", "epsilon", "theta", "mode", "output", "partialWindows", "fleet", "budget");
    int window = Checks.atLeast(q.required("window"), 1);
    ConfigNode slideNode = q.optional("slide");
    int slide = window;
    if (slideNode != null) {
      slide = slideNode.asInt();
      if (slide < 1 || slide > window) {
        throw slideNode.error("must be in [1, window] = [1, " + window + "], got " + slide);
      }
    }
    double epsilon = Checks.positive(q.required("epsilon"));
    MqmWindowPlan.Builder b = MqmWindowPlan.builder().window(window).slide(slide).epsilon(epsilon);
    ConfigNode thetaNode = q.optional("theta");
    List<TransitionMatrix> chains = new ArrayList<>();
    List<String> names = new ArrayList<>();
    if (thetaNode == null) {
      modelTheta(model, chains, names);
    } else {
      theta(thetaNode, model, b, chains, names);
    }
    boolean known = !chains.isEmpty();
    ConfigNode modeNode = q.optional("mode");
    if (modeNode == null && known) {
      b.mode(MqmMode.EXACT_ANY_INITIAL); // the documented default for known chains, whatever their size
    }
    if (modeNode != null) {
      MqmMode mode = modeNode.asChoice(List.of(MqmMode.values()), MqmMode::configName);
      if (mode.isExact() && !known) {
        throw modeNode.error(
            mode.configName() + " needs known chains (theta: model or chains), not bounds piMin/gap");
      }
      if (mode == MqmMode.APPROX_REVERSIBLE) {
        checkReversible(modeNode, chains, names, model);
      }
      b.mode(mode);
    }
    ConfigNode outputNode = q.optional("output");
    MqmOutput output = outputNode == null ? MqmOutput.COUNTS
        : outputNode.asChoice(List.of(MqmOutput.values()), MqmOutput::configName);
    ConfigNode partialNode = q.optional("partialWindows");
    boolean partial = partialNode != null && partialNode.asBoolean();
    ConfigNode fleetNode = q.optional("fleet");
    boolean fleet = fleetNode != null && fleetNode.asBoolean();
    MechanismErrors.check("mqm", PATHS, () -> MqmWindowPlan.checkFleet(fleet, partial, output));
    b.output(output).partialWindows(partial).fleet(fleet);
    LedgerPolicy budget = BudgetSection.read(q.required("budget"));
    Map<String, String> paths = new HashMap<>(PATHS); // a certified (large) chain's refusal, at that chain
    paths.put("chain", names.size() == 1 ? names.get(0) : "mqm.theta.chains");
    b.budget(budget);
    return MechanismErrors.build("mqm", paths, () -> {
      if (known) {
        b.chainClass(KnownChains.of(chains));
      }
      return b.build();
    });
  }

  /** approx-reversible is valid only for reversible chains (docs/mqm.md); bounds are the user's responsibility. */
  private static void checkReversible(ConfigNode modeNode, List<TransitionMatrix> chains, List<String> names,
      ModelConfig model) {
    for (int i = 0; i < chains.size(); i++) {
      String problem = ChainChecks.reversibilityProblem(chains.get(i), model.states());
      if (problem != null) {
        throw modeNode.error(
            "approx-reversible needs reversible chains, " + names.get(i) + " is " + problem + "; use approx-general");
      }
    }
  }

  private static void modelTheta(ModelConfig model, List<TransitionMatrix> chains, List<String> names) {
    String problem = ChainChecks.ergodicityProblem(model.transition(), model.states());
    if (problem != null) {
      throw new ConfigException("model.transition", problem + "; mqm needs an ergodic chain");
    }
    chains.add(model.transition());
    names.add("model.transition");
  }

  private static void theta(ConfigNode t, ModelConfig model, MqmWindowPlan.Builder b, List<TransitionMatrix> chains,
      List<String> names) {
    if (t.isText()) {
      String s = t.asString();
      if (!s.equals("model")) {
        throw t.error("unknown value " + s + ", expected model, {chains: [...]} or {piMin: p, gap: g}");
      }
      modelTheta(model, chains, names);
      return;
    }
    t.requireMapping("chains", "piMin", "gap");
    boolean hasChains = t.has("chains");
    boolean bounds = t.has("piMin") || t.has("gap");
    if (hasChains == bounds) {
      throw t.error(hasChains ? "give chains or piMin/gap, not both" : "give chains or piMin and gap");
    }
    int n = model.numStates();
    if (bounds) {
      double piMin = Checks.openClosed(t.required("piMin"), 0, 1.0 / n);
      double gap = Checks.openClosed(t.required("gap"), 0, 1);
      b.bounds(n, piMin, gap);
      return;
    }
    ConfigNode list = t.required("chains");
    List<ConfigNode> items = list.asList();
    if (items.isEmpty()) {
      throw list.error("needs at least one chain");
    }
    for (ConfigNode item : items) {
      TransitionMatrix p = ChainChecks.readTransition(item, n);
      String problem = ChainChecks.ergodicityProblem(p, model.states());
      if (problem != null) {
        throw item.error(problem + "; mqm needs an ergodic chain");
      }
      chains.add(p);
      names.add(item.path());
    }
  }
}
