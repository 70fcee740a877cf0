package org.pufferflow.mechanism.redaction;

import org.pufferflow.common.PufferPreconditions;

/**
 * An arbitrary local redaction mechanism on {@code n} records given by its table {@code r[t-1] = (r_t(0), r_t(1))}
 * (docs/redaction.md, 'Model and guarantee', docs/redaction.md, 'Guarantees with proof outlines'; test vector T12).
 * Useful to evaluate hand-made or externally designed mechanisms with {@link ExactLeakage} and {@link #utility}.
 * Immutable.
 */
final class TableRedactionMechanism implements LocalRedactionMechanism {

  private final double[][] table;

  private TableRedactionMechanism(double[][] table) {
    this.table = table;
  }

  /** {@code r[t-1][v] = Pr(Y_t = ⊥ | X_t = v)}; every entry must be a probability. */
  static TableRedactionMechanism of(double[][] r) {
    PufferPreconditions.checkNotNull("r", r);
    PufferPreconditions.checkSequenceLength("n", r.length);
    double[][] copy = new double[r.length][];
    for (int t = 0; t < r.length; t++) {
      PufferPreconditions.checkArgument(
          r[t] != null && r[t].length == 2, "r[%s]: expected two probabilities (r_t(0), r_t(1))", t);
      PufferPreconditions.checkProbability("r[" + t + "][0]", r[t][0]);
      PufferPreconditions.checkProbability("r[" + t + "][1]", r[t][1]);
      copy[t] = r[t].clone();
    }
    return new TableRedactionMechanism(copy);
  }

  @Override
  public long length() {
    return table.length;
  }

  @Override
  public double redactionProbability(long t, int value) {
    PufferPreconditions.checkRecordIndex("t", t, table.length);
    return table[(int) (t - 1)][value];
  }
}
