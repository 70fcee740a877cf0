package org.pufferflow.mechanism.mqm;

/**
 * A position-independent influence model that records the largest offset read through it. {@link MqmCalibration}
 * calibrates {@code exact} windows with short tables first and keeps the result only when the search read no
 * offset beyond the table (then no clamped value was used and σ_max, the node and the quilt are those of full
 * tables); otherwise it rebuilds the tables to T. Single-threaded, used only while a calibration is built.
 */
final class ReadRangeRecorder implements QuiltInfluence {

  private final QuiltInfluence delegate;
  private int maxOffset;

  ReadRangeRecorder(QuiltInfluence delegate) {
    if (!delegate.positionIndependent()) {
      throw new IllegalArgumentException("ReadRangeRecorder needs a position-independent influence");
    }
    this.delegate = delegate;
  }

  @Override
  public double influence(int i, int a, int b) {
    note(a, b);
    return delegate.influence(i, a, b);
  }

  @Override
  public double worstCaseInfluence(int a, int b) {
    note(a, b);
    return delegate.worstCaseInfluence(a, b);
  }

  private void note(int a, int b) {
    maxOffset = Math.max(maxOffset, Math.max(a, b)); // NONE = 0 never raises it
  }

  @Override
  public boolean positionIndependent() {
    return true;
  }

  @Override
  public int saturationDistance() {
    return delegate.saturationDistance();
  }

  int maxOffset() {
    return maxOffset;
  }

  QuiltInfluence delegate() {
    return delegate;
  }
}
