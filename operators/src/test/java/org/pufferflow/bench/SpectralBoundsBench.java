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
import org.pufferflow.chain.SparseGrids;
import org.pufferflow.chain.SparseTransitionMatrix;
import org.pufferflow.chain.SpectralBounds;

/**
 * One certification of the spectral gaps and π_min of the lazy walk on a side×side grid (docs/benchmarks.md,
 * "Certified spectral bounds"; docs/mqm.md, 'Certified bounds for large chains').
 * Run: scripts/jmh SpectralBoundsBench -f 1 -wi 1 -w 1s -i 3 -r 1s
 */
@State(Scope.Thread)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@BenchmarkMode(Mode.SingleShotTime)
public class SpectralBoundsBench {

  @Param({"50", "100"})
  public int side;

  private SparseTransitionMatrix grid;

  @Setup
  public void setUp() {
    grid = SparseGrids.lazyWalk(side);
  }

  @Benchmark
  public double certify() {
    return SpectralBounds.certify(grid).gapLowerBound();
  }
}
