package org.pufferflow.tools.bench;

import org.pufferflow.common.PufferPreconditions;

/**
 * The synthetic state paths of the benchmarks: no randomness, every subject walks the same public grid. The N states
 * are the cells of a {@code rows × cols} grid numbered row-major ({@code rows = √N} when N is a perfect square,
 * otherwise one row). A subject's path visits the cells in boustrophedon (snake) order, forwards then backwards,
 * staying {@value #DWELL} ticks on each cell, so consecutive states are equal or grid neighbours — a path the lazy
 * grid walk of the DPHMM benchmark model can produce. Subjects start at different points of the cycle.
 */
final class SyntheticPath {

  /** Ticks spent on each cell. */
  static final int DWELL = 2;

  private final int rows;
  private final int cols;
  private final int states;

  /** The grid of {@code states} ≥ 2 cells. */
  SyntheticPath(int states) {
    PufferPreconditions.checkAtLeast("states", states, 2);
    int r = (int) Math.round(Math.sqrt(states));
    this.rows = r * r == states ? r : 1;
    this.cols = states / rows;
    this.states = states;
  }

  public int rows() {
    return rows;
  }

  public int cols() {
    return cols;
  }

  public int states() {
    return states;
  }

  /** The state of subject {@code subject} (0-based) at tick {@code tick} ≥ 0. */
  public int state(long subject, long tick) {
    long period = 2L * (states - 1);
    long step = Math.floorMod(tick / DWELL + subject * 7919L, period);
    long pos = step < states ? step : period - step;
    int row = (int) (pos / cols);
    int col = (int) (pos % cols);
    return row * cols + ((row & 1) == 0 ? col : cols - 1 - col);
  }
}
