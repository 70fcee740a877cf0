package org.pufferflow.jobs.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.flink.annotation.Internal;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.common.InvalidParameterException;
import org.pufferflow.common.ModelPreconditions;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.mechanism.mqm.ActiveQuilt;
import org.pufferflow.mechanism.mqm.BoundedChainClass;
import org.pufferflow.mechanism.mqm.ChainClass;
import org.pufferflow.jobs.config.ConfigException;
import org.pufferflow.jobs.config.ModelFile;
import org.pufferflow.mechanism.mqm.FiniteChainClass;
import org.pufferflow.mechanism.mqm.KnownChains;
import org.pufferflow.mechanism.mqm.MqmCalibration;
import org.pufferflow.mechanism.mqm.MqmMode;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.mechanism.mqm.SlidingWindowAccountant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code pufferflow plan mqm} (docs/cli.md): the MQM noise for windowed histograms of one configuration — σ_max, the
 * per-bin scale L·σ_max of one release, the active quilt, the group-DP comparison, the (π_min, gap) summary and,
 * with {@code --slide}, the steady-state per-time-point loss of docs/mqm.md, 'Sliding windows' and the design-rule
 * scale β = L·⌈T/S⌉·s*(ε) that guarantees ε at every time point.
 *
 * <p>Two ε's, named apart (docs/mqm.md, "Which ε"): {@code --epsilon} (alias {@code --epsilon-per-release}) is the
 * ε of one window release; {@code --target-epsilon} is the per-time-point target ε*, the meaning of
 * {@code mqm.epsilon} in a job configuration, and reports the design-rule scale the job deploys.
 */
@Internal
@Command(
    name = "mqm",
    mixinStandardHelpOptions = true,
    description = "Noise for windowed MQM histograms (Markov Quilt Mechanism, docs/mqm.md).")
public final class PlanMqmCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(
      names = {"--epsilon", "--epsilon-per-release"}, paramLabel = "EPSILON",
      description = "ε of ONE window release (> 0): sigma and noiseScale make each window an ε-MQM release."
          + " Not the configuration's mqm epsilon (that is --target-epsilon).")
  Double epsilon;

  @Option(
      names = "--target-epsilon", paramLabel = "EPSILON",
      description = "ε* at EVERY time point (> 0), the meaning of epsilon in the configuration's mqm section: adds"
          + " targetEpsilon and the designNoiseScale that guarantees it (slide defaults to the window).")
  Double targetEpsilon;

  @Option(names = "--window", paramLabel = "T", required = true, description = "Window length T (ticks, >= 1).")
  int window;

  @Option(names = "--slide", paramLabel = "S",
      description = "Slide S in [1, T]: adds perPointEpsilon and designNoiseScale.")
  Integer slide;

  @Option(names = "--sensitivity", paramLabel = "L", defaultValue = "2",
      description = "Lipschitz constant L (default 2: counts).")
  double sensitivity;

  @Option(names = "--json", description = "Print exactly one JSON object on stdout.")
  boolean json;

  @Option(names = "--chain", paramLabel = "MATRIX",
      description = "A transition matrix as JSON rows; repeat for a finite class Θ.")
  List<String> chains = new ArrayList<>();

  @Option(names = "--chain-file", paramLabel = "FILE",
      description = "A model file (states and transition, dense or sparse rows, as model.modelFile and"
          + " `pufferflow learn` write it); repeat for a finite class Θ. Exclusive with --chain. Chains above 200"
          + " states get certified bounds, approximate modes only.")
  List<Path> chainFiles = new ArrayList<>();

  @Option(names = "--pi-min", paramLabel = "PI_MIN",
      description = "Class bound π_min in (0, 1/k] (approximate modes only).")
  Double piMin;

  @Option(names = "--gap", paramLabel = "GAP",
      description = "Class bound on the eigen-gap in (0, 1] (approximate modes only).")
  Double gap;

  @Option(
      names = "--mode", paramLabel = "MODE",
      description = "exact | exact-any-initial | approx-reversible | approx-general (default: exact-any-initial"
          + " with --chain or --chain-file, approx-general with bounds).")
  String mode;

  @Override
  public Integer call() {
    if ((epsilon == null) == (targetEpsilon == null)) {
      throw new UsageException(epsilon == null
          ? "give --epsilon E (per window release) or --target-epsilon E (per time point)"
          : "--epsilon and --target-epsilon are exclusive: ε per window release or ε* per time point, not both");
    }
    boolean target = targetEpsilon != null;
    double eps = target ? targetEpsilon : epsilon;
    PufferPreconditions.checkEpsilon(target ? "--target-epsilon" : "--epsilon", eps);
    PufferPreconditions.checkWindowLength("--window", window);
    if (target && slide == null) {
      slide = window;
    }
    if (slide != null) {
      PufferPreconditions.checkSlide("--slide", slide, window);
    }
    PufferPreconditions.checkPositive("--sensitivity", sensitivity);
    ChainClass chainClass = chainClass();
    String chainOption = !chains.isEmpty() ? "--chain" : !chainFiles.isEmpty() ? "--chain-file" : null;
    MqmMode m = chainOption != null && mode == null ? MqmMode.EXACT_ANY_INITIAL : mode(chainClass, mode);
    MqmCalibration cal = calibrate(chainClass, m, eps, window, sensitivity, chainOption);
    ActiveQuilt q = cal.activeQuilt();

    ObjectNode out = CliJson.object();
    out.set("sigma", CliJson.number(cal.sigmaMax()));
    out.set("noiseScale", CliJson.number(cal.noiseScale()));
    ObjectNode quilt = CliJson.object();
    quilt.set("a", CliJson.optionalInt(q.leftOrNull()));
    quilt.set("b", CliJson.optionalInt(q.rightOrNull()));
    quilt.put("node", q.node());
    out.set("quilt", quilt);
    out.set("groupDpSigma", CliJson.number(cal.groupDpSigma()));
    out.set("piMin", CliJson.number(cal.piMin()));
    out.set("gap", CliJson.number(cal.gap()));
    double perPoint = Double.NaN;
    double design = Double.NaN;
    if (target) {
      if (!Double.isFinite(cal.sStar())) {
        throw new UsageException("--target-epsilon = " + eps + ": no Markov quilt is feasible, so no per-time-point"
            + " guarantee holds on an unbounded stream; raise --target-epsilon");
      }
      MqmWindowPlan plan = MqmWindowPlan.perTimePoint(cal, slide, true);
      design = plan.noiseScale(window);
      perPoint = plan.accountant().steadyStateEpsilon();
      out.put("targetEpsilon", eps);
      out.set("perPointEpsilon", CliJson.number(perPoint));
      out.set("designNoiseScale", CliJson.number(design));
    } else if (slide != null) {
      perPoint = SlidingWindowAccountant.of(cal, slide, false).steadyStateEpsilon();
      design = Double.isFinite(cal.sStar())
          ? MqmWindowPlan.perTimePoint(cal, slide, false).noiseScale(window)
          : Double.POSITIVE_INFINITY;
      out.set("perPointEpsilon", CliJson.number(perPoint));
      out.set("designNoiseScale", CliJson.number(design));
    }

    PrintWriter w = spec.commandLine().getOut();
    if (json) {
      w.println(CliJson.write(out));
    } else {
      w.printf("MQM plan: mode %s, %s %s, window %d, sensitivity %s%n", m.cliName(),
          target ? "target epsilon per time point" : "epsilon per window release", eps, window, sensitivity);
      w.printf("  sigma_max            %.6f%s%n", cal.sigmaMax(),
          cal.isGroupDpFallback() ? "  (no Markov quilt beats the empty one: group-DP scale T/epsilon)" : "");
      w.printf("  noise scale per bin  %.6f  (discrete Laplace, one release)%n", cal.noiseScale());
      w.printf("  active quilt         a=%s b=%s at node %d%n", str(q.leftOrNull()), str(q.rightOrNull()),
          q.node());
      w.printf("  group-DP sigma       %.6f%n", cal.groupDpSigma());
      w.printf("  pi_min %.6f, gap %.6f%n", cal.piMin(), cal.gap());
      if (target) {
        w.printf("  slide %d: design noise scale per bin %.6f (every window, partial ones too)%n", slide, design);
        w.printf("  steady-state per-time-point epsilon at that scale %.6f (target %s)%n", perPoint, eps);
      } else if (slide != null) {
        w.printf("  slide %d: steady-state per-time-point epsilon %.6f%n", slide, perPoint);
        w.printf("  design noise scale for epsilon %s at every time point: %s%n", eps,
            Double.isFinite(design) ? String.format("%.6f", design) : "inf (no quilt feasible)");
      }
    }
    w.flush();
    return 0;
  }

  /**
   * The mode named by {@code --mode}, or the class's default; an unknown name is a {@link UsageException}. Public
   * for the tools' {@code bench calibration}, which reads the same options.
   */
  public static MqmMode mode(ChainClass chainClass, String mode) {
    try {
      return mode == null ? chainClass.defaultMode() : MqmMode.fromCliName(mode);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--" + e.getMessage());
    }
  }

  /**
   * Builds the calibration, turning a refusal into a one-line usage error naming the option at fault
   * ({@code --chain} when {@code fromChains}). Public for the tools' {@code bench calibration}, which times it.
   */
  public static MqmCalibration calibrate(
      ChainClass chainClass, MqmMode m, double eps, int window, double sensitivity, boolean fromChains) {
    return calibrate(chainClass, m, eps, window, sensitivity, fromChains ? "--chain" : null);
  }

  /** As above; {@code chainOption} is the option that gave the chains, or {@code null} for class bounds. */
  static MqmCalibration calibrate(
      ChainClass chainClass, MqmMode m, double eps, int window, double sensitivity, String chainOption) {
    boolean fromChains = chainOption != null;
    try {
      return MqmCalibration.builder().chainClass(chainClass).mode(m).epsilon(eps).windowLength(window)
          .sensitivity(sensitivity).build();
    } catch (InvalidParameterException e) {
      String msg = e.getMessage();
      if (e.parameter().equals("mode")) {
        throw new UsageException("--" + msg);
      }
      if (e.parameter().equals("noiseScale")) {
        throw new UsageException("--epsilon/--window: " + msg);
      }
      throw new UsageException(fromChains ? chainOption + ": " + msg : "--mode " + m.cliName() + ": " + msg);
    } catch (IllegalArgumentException e) {
      String msg = e.getMessage();
      throw new UsageException(fromChains ? chainOption + ": " + msg : "--mode " + m.cliName() + ": " + msg);
    }
  }

  /**
   * The finite class of the repeated {@code --chain} matrices; a malformed matrix is a {@link UsageException}. Public
   * for the tools' {@code bench calibration}, which reads the same options.
   */
  public static FiniteChainClass finiteClass(List<String> chains) {
    List<double[][]> matrices = new ArrayList<>();
    for (int j = 0; j < chains.size(); j++) {
      matrices.add(CliJson.parseMatrix("--chain[" + j + "]", chains.get(j)));
    }
    try {
      return FiniteChainClass.of(matrices);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--chain: " + e.getMessage());
    }
  }

  /**
   * The class of the repeated {@code --chain-file} model files: {@link KnownChains} (dense exact analysis for small
   * chains, certified bounds without an N×N array for large ones); a file's problem is a {@link ConfigException}
   * (exit 2) whose path starts {@code --chain-file(FILE)}.
   */
  static ChainClass fileClass(List<Path> files) {
    List<TransitionMatrix> matrices = new ArrayList<>();
    for (Path f : files) {
      matrices.add(ModelFile.read(f, "--chain-file", f.toString()).transition());
    }
    try {
      return KnownChains.of(matrices);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--chain-file: " + e.getMessage());
    }
  }

  private ChainClass chainClass() {
    boolean bounds = piMin != null || gap != null;
    if (!chains.isEmpty() && !chainFiles.isEmpty()) {
      throw new UsageException("--chain and --chain-file are exclusive: give the chains as JSON rows or as model"
          + " files, not both");
    }
    boolean known = !chains.isEmpty() || !chainFiles.isEmpty();
    if (known && bounds) {
      throw new UsageException((chains.isEmpty() ? "--chain-file" : "--chain")
          + " and --pi-min/--gap are exclusive: give chains or class bounds, not both");
    }
    if (!known && !bounds) {
      throw new UsageException("give --chain MATRIX or --chain-file FILE (repeatable) or --pi-min P --gap G");
    }
    if (bounds) {
      if (piMin == null) {
        throw new UsageException("--pi-min is required with --gap");
      }
      if (gap == null) {
        throw new UsageException("--gap is required with --pi-min");
      }
      ModelPreconditions.checkPiMin("--pi-min", piMin, 2);
      ModelPreconditions.checkGap("--gap", gap);
      return BoundedChainClass.of(piMin, gap);
    }
    return chains.isEmpty() ? fileClass(chainFiles) : finiteClass(chains);
  }

  private static String str(Integer v) {
    return v == null ? "none" : v.toString();
  }
}
