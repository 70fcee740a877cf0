package org.pufferflow.operators.state;

import java.io.IOException;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.runtime.throwable.ThrowableAnnotation;
import org.apache.flink.runtime.throwable.ThrowableType;

/**
 * A savepoint holds keyed state in a format this build does not read ({@link StateFormatSnapshot}): the job fails
 * at start, while Flink restores its state, with one line naming the state, both formats and what to do, e.g.
 * {@code state of DPHMM subjects (dphmm-subject) in this savepoint has format 3, this build reads format 4;
 * savepoints of pufferflow 0.x are not compatible across versions: start without the savepoint (the durable ledger
 * keeps each subject's spend and last released tick)}.
 *
 * <p>An {@link IOException}, as {@code TypeSerializerSnapshot#readSnapshot} declares, that has no cause, so it is the
 * innermost cause of the restore failure. Annotated as a {@link ThrowableType#NonRecoverableError}: Flink's scheduler
 * looks for the annotation along the cause chain and fails the job at once instead of restarting it into the same
 * refusal.
 */
@PublicEvolving
@ThrowableAnnotation(ThrowableType.NonRecoverableError)
public final class IncompatibleSavepointException extends IOException {
  private static final long serialVersionUID = 1L;

  /** What to do instead: every job with a mechanism keeps a durable ledger (ledger.dir or the ledger topic). */
  static final String ADVICE = "savepoints of pufferflow 0.x are not compatible across versions: start without the"
      + " savepoint (the durable ledger keeps each subject's spend and last released tick)";

  /**
   * @param state what the state holds and its name, e.g. {@code DPHMM subjects (dphmm-subject)}
   * @param found the format in the savepoint
   * @param reads the format this build reads
   */
  IncompatibleSavepointException(String state, String found, int reads) {
    super("state of " + state + " in this savepoint has format " + found + ", this build reads format " + reads
        + "; " + ADVICE);
  }
}
