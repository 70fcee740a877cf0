package org.pufferflow.operators;

import java.io.Serializable;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.apache.flink.annotation.PublicEvolving;
import org.pufferflow.avro.LedgerEntry;

/**
 * Where a deployment keeps its durable privacy ledger (docs/privacy-noise.md, 'The durable ledger'): the latest
 * {@link LedgerEntry} of every (mechanism instance, subject) that any run of the deployment charged, outside the job's
 * Flink state, so that a start without state (the next batch, a resubmitted job, a lost checkpoint folder) continues
 * every subject's spend and never publishes a tick again. The job writes the entries as one more output, committed
 * with the releases (Kafka: a compacted topic in the same checkpoint's transactions; file mode: a segment of
 * {@code ledger.dir} committed with the output files); a mechanism function reads them in {@code open()} through
 * this interface.
 *
 * <p>A serializable description (a topic and broker, or a directory), never an open connection: each function
 * instance calls {@link #read} once per start. Implementations live beside the outputs they commit with (module
 * {@code jobs}); {@link #NONE} keeps no history, for operator tests and benchmarks that measure a mechanism alone.
 *
 * <p>Implementations' duties: {@link #read} delivers, for {@code mechanism}, every subject that {@code subjects}
 * accepts with its entries oldest first (a later entry of a subject replaces an earlier one), reads only what is
 * committed, reads to the store's end as of the call, and fails within a bounded time with an
 * {@link IllegalStateException} whose message is one line naming the store, never a hang.
 */
@PublicEvolving
public interface LedgerStore extends Serializable {

  /** No durable ledger: a subject's history is its Flink state alone. For tests and benchmarks only. */
  LedgerStore NONE = new LedgerStore() {
    private static final long serialVersionUID = 1L;

    @Override
    public void read(String mechanism, Predicate<String> subjects, Consumer<LedgerEntry> entries) {}

    @Override
    public boolean durable() {
      return false;
    }

    @Override
    public String toString() {
      return "no ledger store";
    }

    private Object readResolve() {
      return NONE;
    }
  };

  /**
   * Delivers the committed entries of {@code mechanism} whose subject {@code subjects} accepts, oldest first.
   *
   * @throws IllegalStateException when the store cannot be read (one line naming it)
   */
  void read(String mechanism, Predicate<String> subjects, Consumer<LedgerEntry> entries);

  /** Whether entries are kept (false only for {@link #NONE}): the functions emit entries only then. */
  default boolean durable() {
    return true;
  }
}
