package org.pufferflow.mechanism.redaction;

import java.util.List;
import org.pufferflow.common.PufferPreconditions;

/**
 * Several private records (docs/redaction.md, 'Mechanisms', footnote 1 of Maßny et al.): apply a mechanism for each
 * private index separately and redact "most conservatively", {@code r_t(v) = max_p r_t^(p)(v)} per record and value.
 *
 * <p>Guarantee: {@code eps}-privacy for EACH private record (not jointly for the set): the combination is a
 * record-wise post-processing of every single-p mechanism (redact an output {@code v} with extra probability
 * {@code (r_t(v) - r_t^(p)(v)) / (1 - r_t^(p)(v))}), and the leakage obeys data processing. Draw one uniform coin
 * per record and release iff it is at least {@code r_t(x_t)} (a monotone coupling, docs/redaction.md, 'Streaming
 * contract'). Immutable.
 */
final class MostConservativeRedaction implements LocalRedactionMechanism {

  private final LocalRedactionMechanism[] parts;
  private final long length;

  private MostConservativeRedaction(LocalRedactionMechanism[] parts, long length) {
    this.parts = parts;
    this.length = length;
  }

  /** The record-wise maximum of {@code mechanisms}, all on the same number of records. */
  static MostConservativeRedaction of(List<? extends LocalRedactionMechanism> mechanisms) {
    PufferPreconditions.checkNotNull("mechanisms", mechanisms);
    PufferPreconditions.checkArgument(!mechanisms.isEmpty(), "mechanisms: at least one is needed");
    long n = mechanisms.get(0).length();
    for (LocalRedactionMechanism m : mechanisms) {
      PufferPreconditions.checkArgument(
          m.length() == n, "mechanisms differ in length: %s vs %s", m.length(), n);
    }
    return new MostConservativeRedaction(mechanisms.toArray(new LocalRedactionMechanism[0]), n);
  }

  @Override
  public long length() {
    return length;
  }

  @Override
  public double redactionProbability(long t, int value) {
    double r = 0;
    for (LocalRedactionMechanism m : parts) {
      r = Math.max(r, m.redactionProbability(t, value));
    }
    return r;
  }

  @Override
  public long alwaysReleasedFrom() {
    long from = 1;
    for (LocalRedactionMechanism m : parts) {
      from = Math.max(from, m.alwaysReleasedFrom());
    }
    return from;
  }
}
