package org.pufferflow.operators;

import java.util.HashMap;
import java.util.Map;
import org.apache.flink.api.common.functions.RuntimeContext;
import org.apache.flink.api.common.TaskInfo;
import org.apache.flink.runtime.state.KeyGroupRange;
import org.apache.flink.runtime.state.KeyGroupRangeAssignment;
import org.pufferflow.avro.LedgerEntry;

/**
 * The durable ledger entries of the subjects one parallel instance of a mechanism function owns
 * (docs/privacy-noise.md, 'The durable ledger'), read from the {@link LedgerStore} when the instance opens: those of
 * its key groups only, so a rescaled job reads each subject's history in the instance that now owns it.
 *
 * <p>A subject's entry is consulted at its first record after the start: when the subject's Flink state is missing or
 * behind it ({@link #ahead}, {@link #after}: a start without state, a restore from an older savepoint), the function
 * continues the subject from the entry; otherwise its Flink state is as new (both are committed by the same
 * checkpoints). Either way the entry is then {@link #forget forgotten}, so the map shrinks as subjects come back.
 * Memory: one entry per owned subject with history, until it is met.
 */
final class LedgerHistory {

  private final Map<String, LedgerEntry> entries;

  private LedgerHistory(Map<String, LedgerEntry> entries) {
    this.entries = entries;
  }

  /** No history ({@link LedgerStore#NONE}). */
  static LedgerHistory empty() {
    return new LedgerHistory(new HashMap<>());
  }

  /** Reads {@code mechanism}'s entries of the subjects in this instance's key groups. */
  static LedgerHistory load(LedgerStore store, String mechanism, RuntimeContext context) {
    if (!store.durable()) {
      return empty();
    }
    TaskInfo task = context.getTaskInfo();
    int maxParallelism = task.getMaxNumberOfParallelSubtasks();
    KeyGroupRange owned = KeyGroupRangeAssignment.computeKeyGroupRangeForOperatorIndex(maxParallelism,
        task.getNumberOfParallelSubtasks(), task.getIndexOfThisSubtask());
    Map<String, LedgerEntry> m = new HashMap<>();
    store.read(mechanism,
        subject -> owned.contains(KeyGroupRangeAssignment.assignToKeyGroup(subject, maxParallelism)),
        e -> m.put(e.getSubjectId().toString(), e));
    return new LedgerHistory(m);
  }

  /**
   * The subject's entry if it is ahead of the subject's Flink state, else null: when the subject has no Flink state
   * ({@code releases} 0 and {@code spent} 0) or a state that made fewer releases or spent less — a start without
   * state, or a restore from a savepoint older than what the deployment has published since. An entry that is not
   * ahead is forgotten at once: the Flink state is as new (both are committed by the same checkpoints).
   */
  LedgerEntry ahead(String subject, long releases, double spent) {
    LedgerEntry e = get(subject);
    if (e == null) {
      return null;
    }
    if (e.getReleases() > releases || e.getSpent() > spent) {
      return e;
    }
    forget(subject);
    return null;
  }

  /**
   * The subject's entry if its last tick is after {@code lastTick}, the last tick the subject's Flink state decided
   * ({@link Long#MIN_VALUE} without state), else null (and the entry is forgotten): for a mechanism without a
   * budget, whose entries record what was released ({@link #ahead} otherwise).
   */
  LedgerEntry after(String subject, long lastTick) {
    LedgerEntry e = get(subject);
    if (e == null) {
      return null;
    }
    if (e.getLastTick() > lastTick) {
      return e;
    }
    forget(subject);
    return null;
  }

  /** The subject's latest entry, or null if the store has none (or it was {@link #forget forgotten}). */
  LedgerEntry get(String subject) {
    return entries.isEmpty() ? null : entries.get(subject);
  }

  /** Drops the subject's entry once its Flink state carries it. */
  void forget(String subject) {
    if (!entries.isEmpty()) {
      entries.remove(subject);
    }
  }
}
