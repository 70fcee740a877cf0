package org.pufferflow.tools.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.flink.annotation.Internal;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.jobs.cli.CliJson;
import org.pufferflow.jobs.cli.PlanMqmCommand;
import org.pufferflow.mechanism.mqm.FiniteChainClass;
import org.pufferflow.mechanism.mqm.MqmCalibration;
import org.pufferflow.mechanism.mqm.MqmMode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code pufferflow bench calibration} (docs/cli.md): the in-process time of one MQM calibration
 * ({@code MqmCalibration.builder()…build()}) of a finite class Θ, after warm-up. Every calibration is cold: there is
 * no calibration cache, so each timed build computes the influence tables and the σ_max search from scratch. The
 * class itself is parsed and analysed once (as a job does when it loads its configuration). Prints σ_max and the
 * median, minimum and maximum time in microseconds. See docs/benchmarks.md, "MQM calibration".
 */
@Internal
@Command(
    name = "calibration",
    mixinStandardHelpOptions = true,
    description = "Time one MQM noise calibration (median of cold builds after warm-up).")
public final class BenchCalibrationCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(names = "--chain", paramLabel = "MATRIX", required = true,
      description = "A transition matrix as JSON rows; repeat for a class.")
  List<String> chains = new ArrayList<>();

  @Option(names = "--window", paramLabel = "T", required = true, description = "Window length T (ticks, >= 1).")
  int window;

  @Option(names = "--epsilon", paramLabel = "EPSILON", required = true, description = "ε of one window release (> 0).")
  double epsilon;

  @Option(
      names = "--mode", paramLabel = "MODE",
      description = "exact | exact-any-initial | approx-reversible | approx-general (default exact-any-initial).")
  String mode;

  @Option(names = "--sensitivity", paramLabel = "L", defaultValue = "2",
      description = "Lipschitz constant L (default 2: counts).")
  double sensitivity;

  @Option(names = "--iterations", paramLabel = "N", defaultValue = "200",
      description = "Timed calibrations (default 200).")
  int iterations;

  @Option(names = "--warmup", paramLabel = "N", defaultValue = "200",
      description = "Untimed calibrations first (default 200).")
  int warmup;

  @Option(names = "--json", description = "Print exactly one JSON object on stdout.")
  boolean json;

  @Override
  public Integer call() {
    PufferPreconditions.checkEpsilon("--epsilon", epsilon);
    PufferPreconditions.checkWindowLength("--window", window);
    PufferPreconditions.checkPositive("--sensitivity", sensitivity);
    PufferPreconditions.checkInRange("--iterations", iterations, 1, 1_000_000);
    PufferPreconditions.checkInRange("--warmup", warmup, 0, 1_000_000);
    FiniteChainClass chainClass = PlanMqmCommand.finiteClass(chains);
    MqmMode m = PlanMqmCommand.mode(chainClass, mode);
    MqmCalibration first = PlanMqmCommand.calibrate(chainClass, m, epsilon, window, sensitivity, true);
    double sink = 0;
    for (int i = 0; i < warmup; i++) {
      sink += build(chainClass, m).sigmaMax();
    }
    long[] nanos = new long[iterations];
    for (int i = 0; i < iterations; i++) {
      long t0 = System.nanoTime();
      MqmCalibration c = build(chainClass, m);
      nanos[i] = System.nanoTime() - t0;
      sink += c.sigmaMax();
    }
    Arrays.sort(nanos);
    double median = (iterations % 2 == 1 ? nanos[iterations / 2]
        : (nanos[iterations / 2 - 1] + nanos[iterations / 2]) / 2.0) / 1e3;
    if (!(sink > 0)) {
      throw new IllegalStateException("calibrations returned no scale"); // keeps the loop from being elided
    }

    ObjectNode out = CliJson.object();
    out.set("sigma", CliJson.number(first.sigmaMax()));
    out.set("noiseScale", CliJson.number(first.noiseScale()));
    out.set("medianMicros", CliJson.number(median));
    out.set("minMicros", CliJson.number(nanos[0] / 1e3));
    out.set("maxMicros", CliJson.number(nanos[iterations - 1] / 1e3));
    out.put("iterations", iterations);
    out.put("warmup", warmup);
    out.put("mode", m.cliName());
    out.put("window", window);
    out.put("epsilon", epsilon);
    out.put("states", chainClass.states());
    out.put("chains", chainClass.size());
    PrintWriter w = spec.commandLine().getOut();
    if (json) {
      w.println(CliJson.write(out));
    } else {
      w.printf("MQM calibration: mode %s, epsilon %s, window %d, %d chain(s) of %d states%n", m.cliName(), epsilon,
          window, chainClass.size(), chainClass.states());
      w.printf("  sigma_max %.6f%n", first.sigmaMax());
      w.printf("  median %.2f us, min %.2f us, max %.2f us over %d cold calibrations after %d warm-up%n", median,
          nanos[0] / 1e3, nanos[iterations - 1] / 1e3, iterations, warmup);
    }
    w.flush();
    return 0;
  }

  private MqmCalibration build(FiniteChainClass chainClass, MqmMode m) {
    return MqmCalibration.builder().chainClass(chainClass).mode(m).epsilon(epsilon).windowLength(window)
        .sensitivity(sensitivity).build();
  }
}
