package org.pufferflow.jobs.config;

import org.apache.flink.annotation.Internal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.mechanism.mqm.KnownChains;
import org.pufferflow.mechanism.mqm.MqmMode;
import org.pufferflow.mechanism.mqm.MqmOutput;
import org.pufferflow.mechanism.mqm.MqmParameters;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;

/**
 * Reads the {@code mqm} section into an {@link MqmWindowPlan} (docs/mqm.md) that carries its budget and fleet flag,
 * built — and calibrated — once at load time by {@link MqmWindowPlan.Builder}; the job ships that plan to its
 * functions. This class reads keys, types, choices and the YAML shape ({@code theta} is model, chains or bounds,
 * not both); the builder judges every rule of the values (window ≥ 1, slide in [1, window], ε, piMin in (0, 1/k],
 * gap in (0, 1], exact modes only with known chains, the fleet rule, the budget), reported at the path of the
 * parameter it names ({@link #PATHS}, keyed by {@link MqmParameters}).
 *
 * <p>What stays here, checked first: every known chain of Θ (the model's or each of {@code theta.chains}) is
 * ergodic, and approx-reversible has reversible chains, with messages that name states by their labels
 * ({@link ChainChecks}). The math side refuses non-irreducible chains and non-reversible ones for approx-reversible
 * too, in index terms (docs/mqm.md); aperiodicity under the exact modes is a rule of the configuration alone.
 */
@Internal
public final class MqmSection {

  /**
   * Where each {@link MqmParameters} id lives in the configuration ({@code mqm}: no key of its own). A refusal of one
   * chain ({@link MqmParameters#CHAIN}) is reported at that chain when Θ has one ({@link #read}).
   */
  static final Map<String, String> PATHS = MechanismErrors.paths(
      Map.entry(MqmParameters.WINDOW, "mqm.window"),
      Map.entry(MqmParameters.SLIDE, "mqm.slide"),
      Map.entry(MqmParameters.EPSILON, "mqm.epsilon"),
      Map.entry(MqmParameters.MODE, "mqm.mode"),
      Map.entry(MqmParameters.THETA, "mqm.theta"),
      Map.entry(MqmParameters.CHAINS, "mqm.theta.chains"),
      Map.entry(MqmParameters.CHAIN, "mqm.theta.chains"),
      Map.entry(MqmParameters.STATES, "mqm.theta"),
      Map.entry(MqmParameters.PI_MIN, "mqm.theta.piMin"),
      Map.entry(MqmParameters.GAP, "mqm.theta.gap"),
      Map.entry(MqmParameters.OUTPUT, "mqm.output"),
      Map.entry(MqmParameters.PARTIAL_WINDOWS, "mqm.partialWindows"),
      Map.entry(MqmParameters.FLEET, "mqm.fleet"),
      Map.entry(MqmParameters.SENSITIVITY, "mqm"),
      Map.entry(MqmParameters.NOISE_SCALE, "mqm"),
      Map.entry(MqmParameters.BUDGET, "mqm.budget"));

  private MqmSection() {}

  public static MqmWindowPlan read(ConfigNode q, ModelConfig model) {
    q.requireMapping(
        "window", "slide", "epsilon", "theta", "mode", "output", "partialWindows", "fleet", "budget");
    MqmWindowPlan.Builder b = MqmWindowPlan.builder().window(q.required("window").asInt());
    ConfigNode slideNode = q.optional("slide");
    if (slideNode != null) {
      b.slide(slideNode.asInt());
    }
    b.epsilon(q.required("epsilon").asDouble());
    ConfigNode thetaNode = q.optional("theta");
    List<TransitionMatrix> chains = new ArrayList<>();
    List<String> names = new ArrayList<>();
    // known chains (the model's or theta.chains), not bounds
    boolean known = thetaNode == null ? modelTheta(model, chains, names) : theta(thetaNode, model, b, chains, names);
    ConfigNode modeNode = q.optional("mode");
    if (modeNode == null && known) {
      b.mode(MqmMode.EXACT_ANY_INITIAL); // the documented default for known chains, whatever their size
    }
    if (modeNode != null) {
      MqmMode mode = modeNode.asChoice(List.of(MqmMode.values()), MqmMode::configName);
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
    b.output(output).partialWindows(partial).fleet(fleet).budget(BudgetSection.read(q.required("budget")));
    Map<String, String> paths = new HashMap<>(PATHS); // a certified (large) chain's refusal, at that chain
    paths.put(MqmParameters.CHAIN, names.size() == 1 ? names.get(0) : "mqm.theta.chains");
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

  /** Θ = the model's chain, which must be ergodic; true (known chains). */
  private static boolean modelTheta(ModelConfig model, List<TransitionMatrix> chains, List<String> names) {
    String problem = ChainChecks.ergodicityProblem(model.transition(), model.states());
    if (problem != null) {
      throw new ConfigException("model.transition", problem + "; mqm needs an ergodic chain");
    }
    chains.add(model.transition());
    names.add("model.transition");
    return true;
  }

  /** Reads {@code theta}: true for known chains (added to {@code chains}), false for bounds (given to {@code b}). */
  private static boolean theta(ConfigNode t, ModelConfig model, MqmWindowPlan.Builder b,
      List<TransitionMatrix> chains, List<String> names) {
    if (t.isText()) {
      String s = t.asString();
      if (!s.equals("model")) {
        throw t.error("unknown value " + s + ", expected model, {chains: [...]} or {piMin: p, gap: g}");
      }
      return modelTheta(model, chains, names);
    }
    t.requireMapping("chains", "piMin", "gap");
    boolean hasChains = t.has("chains");
    boolean bounds = t.has("piMin") || t.has("gap");
    if (hasChains == bounds) {
      throw t.error(hasChains ? "give chains or piMin/gap, not both" : "give chains or piMin and gap");
    }
    int n = model.numStates();
    if (bounds) {
      b.bounds(n, t.required("piMin").asDouble(), t.required("gap").asDouble()); // judged when the plan is built
      return false;
    }
    for (ConfigNode item : t.required("chains").asList()) { // at least one: judged by KnownChains
      TransitionMatrix p = ChainChecks.readTransition(item, n);
      String problem = ChainChecks.ergodicityProblem(p, model.states());
      if (problem != null) {
        throw item.error(problem + "; mqm needs an ergodic chain");
      }
      chains.add(p);
      names.add(item.path());
    }
    return true;
  }
}
