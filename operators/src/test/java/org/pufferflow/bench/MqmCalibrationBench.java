package org.pufferflow.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.pufferflow.mechanism.mqm.FiniteChainClass;
import org.pufferflow.mechanism.mqm.MqmCalibration;
import org.pufferflow.mechanism.mqm.MqmMode;

/**
 * One cold MQM calibration (docs/benchmarks.md, "MQM calibration"): {@code MqmCalibration.builder()…build()} with
 * nothing cached (there is no cache), k = 2, ε = 1, in every mode. {@code fast} is P1 = [[0.9,0.1],[0.2,0.8]],
 * {@code slow} the slowly mixing [[0.95,0.05],[0.1,0.9]]. {@code withClass} also validates and analyses the matrix
 * ({@code FiniteChainClass.of}), as a configuration load does.
 * Run: scripts/jmh MqmCalibrationBench -f 1 -wi 2 -w 1s -i 3 -r 1s
 */
@State(Scope.Thread)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@BenchmarkMode(Mode.AverageTime)
public class MqmCalibrationBench {

  @Param({"exact-any-initial", "exact", "approx-general", "approx-reversible"})
  public String mode;

  @Param({"fast", "slow"})
  public String chain;

  @Param({"100", "1000"})
  public int window;

  private double[][] matrix;
  private FiniteChainClass chainClass;
  private MqmMode mqmMode;

  @Setup
  public void setUp() {
    matrix = chain.equals("fast") ? new double[][] {{0.9, 0.1}, {0.2, 0.8}}
        : new double[][] {{0.95, 0.05}, {0.1, 0.9}};
    chainClass = FiniteChainClass.of(matrix);
    mqmMode = MqmMode.fromCliName(mode);
  }

  @Benchmark
  public double calibrate() {
    return MqmCalibration.builder().chainClass(chainClass).mode(mqmMode).epsilon(1).windowLength(window).build()
        .sigmaMax();
  }

  @Benchmark
  public double withClass() {
    return MqmCalibration.builder().chainClass(FiniteChainClass.of(matrix)).mode(mqmMode).epsilon(1)
        .windowLength(window).build().sigmaMax();
  }
}
