package org.pufferflow.noise;

import org.pufferflow.common.PufferPreconditions;

/**
 * The one convention for positioning the keyed generator on a release's context, shared by DPHMM, MQM and
 * redaction (docs/privacy-noise.md, 'Release contexts'). A context is (mechanism id, subject id, sequence):
 * <ul>
 *   <li>{@link #DPHMM}: sequence = the subject's DPHMM release sequence number (0, 1, 2, … per released tick);</li>
 *   <li>{@link #MQM}: sequence = the subject's MQM release sequence number (one per window release);</li>
 *   <li>{@link #REDACTION}: sequence = the record's tick t (one coin per record).</li>
 * </ul>
 * The sequence is part of the keyed state's replay: after a restore from a checkpoint the same release gets the
 * same context and therefore the same noise, so a failure never doubles the privacy cost. Caller's duties: a
 * context must never serve two different releases (one release per sequence number; for redaction, at most one
 * record per subject and tick), and two instances of the same mechanism in one job must use distinct ids, e.g.
 * {@link #instanceId instanceId(DPHMM, "steps")}. Ids and subject ids are public; the key is the only secret.
 */
public final class NoiseContext {

  /** Mechanism id of DPHMM releases. */
  public static final String DPHMM = "dphmm";

  /** Mechanism id of MQM window releases. */
  public static final String MQM = "mqm";

  /** Mechanism id of correlation-aware redaction. */
  public static final String REDACTION = "redaction";

  private NoiseContext() {}

  /**
   * Resets {@code random} to the stream of one release and returns it. Allocation-free (see
   * {@link KeyedRandom#reset}).
   *
   * @param mechanism {@link #DPHMM}, {@link #MQM}, {@link #REDACTION} or an {@link #instanceId} of one of them
   * @param subject the subject's id
   * @param sequence DPHMM or MQM release sequence number, or the redaction tick
   */
  public static KeyedRandom position(KeyedRandom random, String mechanism, String subject, long sequence) {
    PufferPreconditions.checkNotNull("keyed random", random);
    return random.reset(mechanism, subject, sequence);
  }

  /** The id of one named instance of a mechanism: {@code mechanism + "/" + instance}. Build time only. */
  public static String instanceId(String mechanism, String instance) {
    PufferPreconditions.checkArgument(
        DPHMM.equals(mechanism) || MQM.equals(mechanism) || REDACTION.equals(mechanism),
        "mechanism = %s: must be one of dphmm, mqm, redaction", mechanism);
    PufferPreconditions.checkArgument(instance != null && !instance.isEmpty(), "instance = %s: must be non-empty",
        instance);
    return mechanism + "/" + instance;
  }
}
