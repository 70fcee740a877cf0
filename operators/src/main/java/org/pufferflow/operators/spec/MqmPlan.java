package org.pufferflow.operators.spec;

import org.pufferflow.mechanism.mqm.MqmCalibration;
import org.pufferflow.mechanism.mqm.SlidingWindowAccountant;

/**
 * What a windowed-MQM function needs, built from an {@link MqmSpec} in {@code open()} (docs/mqm.md, 'Sliding
 * windows: the per-time-point accountant'): the calibration at the target ε* for windows of length W, the per-bin
 * discrete-Laplace scale β of every window release (the design rule β = L·⌈W/S⌉·s*(ε*), rounded up), and the
 * accountant of that schedule. Partial windows at the stream start are covered by fewer releases, so releasing
 * them at the same β keeps the guarantee. Immutable; not serializable (rebuild it from the spec).
 */
public final class MqmPlan {

  private final MqmSpec spec;
  private final MqmCalibration calibration;
  private final double noiseScale;
  private final SlidingWindowAccountant accountant;

  MqmPlan(MqmSpec spec, MqmCalibration calibration, double noiseScale, SlidingWindowAccountant accountant) {
    this.spec = spec;
    this.calibration = calibration;
    this.noiseScale = noiseScale;
    this.accountant = accountant;
  }

  public MqmSpec spec() {
    return spec;
  }

  /** The calibration at ε* for windows of length W (σ_max, s*, active quilt). */
  public MqmCalibration calibration() {
    return calibration;
  }

  /** β, the per-bin discrete-Laplace scale of every window release. */
  public double noiseScale() {
    return noiseScale;
  }

  /** The per-time-point accountant of windows (W, S) released at {@link #noiseScale()}. */
  public SlidingWindowAccountant accountant() {
    return accountant;
  }

  /**
   * The steady-state per-time-point ε of the schedule (≤ ε* by the design rule); computed on each call, so call it
   * once in {@code open()}.
   */
  public double perPointEpsilon() {
    return accountant.steadyStateEpsilon();
  }

  @Override
  public String toString() {
    return "MqmPlan[" + spec + ", noiseScale=" + noiseScale + "]";
  }
}
