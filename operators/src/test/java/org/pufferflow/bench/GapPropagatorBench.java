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
import org.pufferflow.chain.GapPropagator;
import org.pufferflow.chain.SparseGrids;

/**
 * p·M^g for a long gap on the lazy walk on a side×side grid (docs/dphmm.md, "Certified saturation horizon" and
 * "Gaps below the horizon: Chebyshev"): from a point mass at the centre, with the propagator's one-off certification
 * done in the setup (it is measured by {@code SpectralBoundsBench}). The gaps 44,473 and 187,832 are one below the
 * horizons of the 50 × 50 and 100 × 100 walks at the tolerance 1e-6, the longest gaps the Chebyshev rule computes
 * there. {@code chebyshev}: the tolerance of the Chebyshev rule (0: off, the product rules alone).
 * Run: scripts/jmh GapPropagatorBench -f 1 -wi 2 -w 1s -i 3 -r 1s
 */
@State(Scope.Thread)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@BenchmarkMode(Mode.AverageTime)
public class GapPropagatorBench {

  @Param({"50", "100"})
  public int side;

  @Param({"1000000000", "1000", "44473", "187832"})
  public long gap;

  @Param({"1e-6"})
  public double chebyshev;

  private GapPropagator propagator;
  private double[] p;
  private double[] out;

  @Setup
  public void setUp() {
    propagator = new GapPropagator(SparseGrids.lazyWalk(side), chebyshev);
    int n = side * side;
    p = new double[n];
    p[n / 2 + side / 2] = 1;
    out = new double[n];
    propagator.propagate(p, gap, out); // certifies the chain once
  }

  @Benchmark
  public double[] propagate() {
    propagator.propagate(p, gap, out);
    return out;
  }
}
