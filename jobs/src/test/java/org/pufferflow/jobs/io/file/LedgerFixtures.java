package org.pufferflow.jobs.io.file;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.specific.SpecificDatumWriter;
import org.pufferflow.avro.LedgerEntry;

/**
 * Test helper: ledger entries, the part files the job's ledger sink commits, and whole runs of the commit protocol
 * on real files, each stopped at a chosen {@link Crash} point exactly as a crash there would leave the files.
 */
final class LedgerFixtures {
  private LedgerFixtures() {}

  /** Where a run stops. Its outputs are published for {@link #NONE}, {@link #MID_MOVES} and {@link #AFTER_MOVES}. */
  enum Crash {
    /** No crash: the run commits. */
    NONE,
    /** While the pending segment is written: a truncated pending file, no manifest. */
    WRITING_PENDING,
    /** While the manifest is written: a complete pending segment, the manifest's temporary file only. */
    WRITING_MANIFEST,
    /** After the manifest, before the first output move. */
    BEFORE_MOVES,
    /** After the first output move, before the second. */
    MID_MOVES,
    /** After every output move, before the pending segment's rename. */
    AFTER_MOVES;

    boolean published() {
      return this == NONE || this == MID_MOVES || this == AFTER_MOVES;
    }
  }

  /** A crash inside the publication. */
  static final class Crashed extends IOException {
    Crashed() {
      super("simulated crash");
    }
  }

  /** An entry with every field derived from its key and tick. */
  static LedgerEntry entry(String mechanism, String subject, long lastTick) {
    return LedgerEntry.newBuilder().setMechanism(mechanism).setSubjectId(subject).setLastTick(lastTick)
        .setReleasedTick(mechanism.startsWith("dphmm") ? lastTick - 1 : null).setReleases(lastTick / 2)
        .setSpent(0.25 * lastTick).setPeriodSpent(0.125).setPeriod(lastTick / 10).setExhausted(false)
        .setPeriodExhausted(lastTick % 3 == 0).setPolicyTotalBudget(10).setPolicyPeriodBudget(1)
        .setPolicyPeriodTicks(10).setPosterior(null).build();
  }

  /** Writes an Avro container file of {@code entries} (a random sync marker, as the sink's writer). */
  static void writeEntries(Path file, List<LedgerEntry> entries) throws IOException {
    Files.createDirectories(file.getParent());
    try (DataFileWriter<LedgerEntry> w = new DataFileWriter<>(new SpecificDatumWriter<>(LedgerEntry.class))) {
      w.create(LedgerEntry.getClassSchema(), file.toFile());
      for (LedgerEntry e : entries) {
        w.append(e);
      }
    }
  }

  /**
   * Writes {@code entries} as committed ledger parts in {@code parts} (round robin into {@code n} files), plus an
   * in-progress file (name starting with a dot) of entries that must never be committed.
   */
  static void writeParts(Path parts, List<LedgerEntry> entries, int n) throws IOException {
    List<List<LedgerEntry>> split = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      split.add(new ArrayList<>());
    }
    for (int i = 0; i < entries.size(); i++) {
      split.get(i % n).add(entries.get(i));
    }
    for (int i = 0; i < n; i++) {
      writeEntries(parts.resolve("ledger-entries-" + i + "-0.avro"), split.get(i));
    }
    writeEntries(parts.resolve(".ledger-entries-9-9.avro.inprogress.1"), List.of(entry("dphmm", "never", 99)));
  }

  /** Every entry of {@code mechanism} as read replaces earlier ones: subject to its latest entry. */
  static Map<String, LedgerEntry> read(LedgerDirectory store, String mechanism) {
    Map<String, LedgerEntry> m = new LinkedHashMap<>();
    store.read(mechanism, s -> true, e -> m.put(e.getSubjectId(), e));
    return m;
  }

  /**
   * One run of a deployment on {@code ledger} with outputs in {@code out}: lock, recover, then commit
   * {@code entries} with two output files {@code out/a.txt} and {@code out/b.txt} of the given contents, stopped at
   * {@code crash}. The lock is released at the end either way (as by the process's exit).
   *
   * @return what recover() did at the start
   */
  static LedgerDirectory.Recovery run(Path ledger, Path out, List<LedgerEntry> entries, String a, String b,
      Crash crash) throws IOException {
    try (LedgerDirectory.Lock lock = LedgerDirectory.lock(ledger)) {
      LedgerDirectory.Recovery r = lock.recover();
      Path parts = out.resolve(".parts").resolve(LedgerDirectory.PARTS_STEM);
      FileOutputs.deleteTree(out.resolve(".parts"));
      writeParts(parts, entries, 1 + entries.size() % 3);
      List<Path> targets = List.of(out.resolve("a.txt"), out.resolve("b.txt"));
      List<Path> tmps = List.of(out.resolve(".a.txt.tmp"), out.resolve(".b.txt.tmp"));
      Files.writeString(tmps.get(0), a);
      Files.writeString(tmps.get(1), b);
      Path pending = LedgerSegments.pending(lock.store().dir(), lock.runId());
      switch (crash) {
        case WRITING_PENDING -> {
          writeEntries(pending, entries);
          byte[] whole = Files.readAllBytes(pending);
          Files.write(pending, java.util.Arrays.copyOf(whole, whole.length / 2));
          return r;
        }
        case WRITING_MANIFEST -> {
          LedgerSegments.writeLatest(FileOutputs.committedParts(parts, LedgerDirectory.PARTS_STEM, ".avro"), false,
              pending, out.resolve(".runs"), ExternalSort.Limits.DEFAULT);
          Path manifest = LedgerSegments.manifest(lock.store().dir(), lock.runId());
          Files.writeString(manifest.resolveSibling(manifest.getFileName() + ".tmp"),
              LedgerManifest.sha256(tmps.get(0)).substring(0, 20), StandardCharsets.UTF_8);
          return r;
        }
        default -> { }
      }
      int movesBeforeCrash = switch (crash) {
        case BEFORE_MOVES -> 0;
        case MID_MOVES -> 1;
        case AFTER_MOVES -> 2;
        default -> -1;
      };
      try {
        lock.commit(parts, tmps, targets, () -> {
          for (int i = 0; i < tmps.size(); i++) {
            if (i == movesBeforeCrash) {
              throw new Crashed();
            }
            Files.move(tmps.get(i), targets.get(i), StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
          }
          if (movesBeforeCrash == tmps.size()) {
            throw new Crashed();
          }
        });
      } catch (Crashed expected) {
        // the process died here
      }
      return r;
    }
  }
}
