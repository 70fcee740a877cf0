package org.pufferflow.jobs.config;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads and validates the {@code mqm} section (mqm.md §2.5). Every known chain of Θ — the model's, or each of
 * {@code theta.chains} — must be ergodic; bounds ({@code piMin}, {@code gap}) allow only the approximate modes.
 */
final class MqmSection {

  private MqmSection() {}

  static MqmConfig read(ConfigNode q, ModelConfig model) {
    q.requireMapping("window", "slide", "epsilon", "theta", "mode", "output", "budget");
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
    ConfigNode thetaNode = q.optional("theta");
    ThetaConfig theta = thetaNode == null ? modelTheta(model) : theta(thetaNode, model);
    boolean known = !(theta instanceof ThetaConfig.Bounds);
    ConfigNode modeNode = q.optional("mode");
    MqmConfig.Mode mode;
    if (modeNode == null) {
      mode = known ? MqmConfig.Mode.EXACT_ANY_INITIAL : MqmConfig.Mode.APPROX_GENERAL;
    } else {
      mode = modeNode.asEnum(MqmConfig.Mode.class);
      if (mode.exact() && !known) {
        throw modeNode.error(
            mode.configName() + " needs known chains (theta: model or chains), not bounds piMin/gap");
      }
    }
    if (mode == MqmConfig.Mode.APPROX_REVERSIBLE) {
      checkReversible(modeNode, theta, model);
    }
    ConfigNode outputNode = q.optional("output");
    MqmConfig.Output output =
        outputNode == null ? MqmConfig.Output.COUNTS : outputNode.asEnum(MqmConfig.Output.class);
    BudgetConfig budget = BudgetSection.read(q.required("budget"));
    return new MqmConfig(window, slide, epsilon, theta, mode, output, budget);
  }

  /** approx-reversible is valid only for reversible chains (mqm.md §2.3); bounds are the user's responsibility. */
  private static void checkReversible(ConfigNode modeNode, ThetaConfig theta, ModelConfig model) {
    List<double[][]> chains = new ArrayList<>();
    List<String> names = new ArrayList<>();
    if (theta instanceof ThetaConfig.Model) {
      chains.add(model.transition());
      names.add("model.transition");
    } else if (theta instanceof ThetaConfig.Chains c) {
      chains.addAll(c.chains());
      for (int i = 0; i < chains.size(); i++) {
        names.add("mqm.theta.chains[" + i + "]");
      }
    }
    for (int i = 0; i < chains.size(); i++) {
      String problem = ChainChecks.reversibilityProblem(chains.get(i), model.states());
      if (problem != null) {
        throw modeNode.error(
            "approx-reversible needs reversible chains, " + names.get(i) + " is " + problem + "; use approx-general");
      }
    }
  }

  private static ThetaConfig modelTheta(ModelConfig model) {
    String problem = ChainChecks.ergodicityProblem(model.transition(), model.states());
    if (problem != null) {
      throw new ConfigException("model.transition", problem + "; mqm needs an ergodic chain");
    }
    return new ThetaConfig.Model();
  }

  private static ThetaConfig theta(ConfigNode t, ModelConfig model) {
    if (t.isText()) {
      String s = t.asString();
      if (!s.equals("model")) {
        throw t.error("unknown value " + s + ", expected model, {chains: [...]} or {piMin: p, gap: g}");
      }
      return modelTheta(model);
    }
    t.requireMapping("chains", "piMin", "gap");
    boolean chains = t.has("chains");
    boolean bounds = t.has("piMin") || t.has("gap");
    if (chains == bounds) {
      throw t.error(chains ? "give chains or piMin/gap, not both" : "give chains or piMin and gap");
    }
    int n = model.numStates();
    if (bounds) {
      double piMin = Checks.openClosed(t.required("piMin"), 0, 1.0 / n);
      double gap = Checks.openClosed(t.required("gap"), 0, 1);
      return new ThetaConfig.Bounds(piMin, gap);
    }
    ConfigNode list = t.required("chains");
    List<ConfigNode> items = list.asList();
    if (items.isEmpty()) {
      throw list.error("needs at least one chain");
    }
    List<double[][]> matrices = new ArrayList<>(items.size());
    for (ConfigNode item : items) {
      double[][] p = ChainChecks.readTransition(item, n);
      String problem = ChainChecks.ergodicityProblem(p, model.states());
      if (problem != null) {
        throw item.error(problem + "; mqm needs an ergodic chain");
      }
      matrices.add(p);
    }
    return new ThetaConfig.Chains(matrices);
  }
}
