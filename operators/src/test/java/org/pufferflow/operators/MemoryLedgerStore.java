package org.pufferflow.operators;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.pufferflow.avro.LedgerEntry;

/**
 * A durable ledger kept in memory for operator tests: the entries that runs "committed", by store name, read as the
 * real stores read them (the asked mechanism, the accepted subjects, oldest first). Serializable by name, so a
 * function holding it can be copied by a harness.
 */
final class MemoryLedgerStore implements LedgerStore {
  private static final long serialVersionUID = 1L;
  private static final Map<String, List<LedgerEntry>> STORES = new ConcurrentHashMap<>();

  private final String name;

  MemoryLedgerStore(String name) {
    this.name = name;
    STORES.put(name, new ArrayList<>());
  }

  /** Commits what a run emitted to its ledger side output. */
  void commit(List<LedgerEntry> entries) {
    STORES.get(name).addAll(entries);
  }

  int size() {
    return STORES.get(name).size();
  }

  @Override
  public void read(String mechanism, Predicate<String> subjects, Consumer<LedgerEntry> entries) {
    for (LedgerEntry e : STORES.get(name)) {
      if (mechanism.contentEquals(e.getMechanism()) && subjects.test(e.getSubjectId().toString())) {
        entries.accept(e);
      }
    }
  }
}
