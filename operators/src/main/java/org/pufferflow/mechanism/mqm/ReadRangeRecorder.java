package org.pufferflow.mechanism.mqm;

/**
 * An influence model that records the largest table distance read through it: the offsets a and b and, for a
 * position-dependent model with a left side, the marginal power i − 1. {@link MqmCalibration} calibrates exact
 * windows with short tables first and keeps the result only when the search read nothing beyond the table (then no
 * clamped value was used and σ_max, the node and the quilt are those of full tables); otherwise it rebuilds the
 * tables to T. {@link #influenceUpperBound} is not recorded: a clamped value is an upper bound (ratios are
 * non-increasing in the distance), which is all its callers need. Single-threaded, used only during a build.
 */
final class ReadRangeRecorder implements QuiltInfluence {

  private final QuiltInfluence delegate;
  private int maxOffset;

  ReadRangeRecorder(QuiltInfluence delegate) {
    this.delegate = delegate;
  }

  @Override
  public double influence(int i, int a, int b) {
    note(a, b);
    if (a != NONE && !delegate.positionIndependent()) {
      maxOffset = Math.max(maxOffset, i - 1);
    }
    return delegate.influence(i, a, b);
  }

  @Override
  public double influenceUpperBound(int i, int a, int b) {
    return delegate.influence(i, a, b);
  }

  @Override
  public double worstCaseInfluence(int a, int b) {
    note(a, b); // position-dependent models read the marginal at power a here, covered by a
    return delegate.worstCaseInfluence(a, b);
  }

  private void note(int a, int b) {
    maxOffset = Math.max(maxOffset, Math.max(a, b)); // NONE = 0 never raises it
  }

  @Override
  public boolean positionIndependent() {
    return delegate.positionIndependent();
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
