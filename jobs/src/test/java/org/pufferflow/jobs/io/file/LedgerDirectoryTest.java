package org.pufferflow.jobs.io.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.pufferflow.jobs.io.file.LedgerFixtures.entry;
import static org.pufferflow.jobs.io.file.LedgerFixtures.read;
import static org.pufferflow.jobs.io.file.LedgerFixtures.run;

import java.util.Set;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.pufferflow.avro.LedgerEntry;
import org.pufferflow.avro.RedactedRecord;
import org.pufferflow.jobs.config.OutputConfig;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.jobs.io.file.LedgerFixtures.Crash;
import org.pufferflow.jobs.mechanism.redaction.RedactionUnit;

/** The file-mode ledger store ({@link LedgerDirectory}): reading, the commit protocol, crashes, lock, compaction. */
class LedgerDirectoryTest {

  @TempDir
  Path tmp;

  private Path ledger() {
    return tmp.resolve("ledger");
  }

  private Path out() {
    return tmp.resolve("out");
  }

  private LedgerDirectory store() {
    return new LedgerDirectory(ledger().toString());
  }

  @Test
  void aMissingOrEmptyDirectoryIsAnEmptyStore() throws IOException {
    assertThat(read(store(), "dphmm")).isEmpty();
    Files.createDirectories(ledger());
    Files.writeString(ledger().resolve(".segment-00000001-x.avro"), "ignored: starts with a dot");
    assertThat(read(store(), "dphmm")).isEmpty();
    assertThat(store()).hasToString("ledger.dir " + ledger());
  }

  @Test
  void isSerializableAndRequiresAnAbsolutePath() throws IOException {
    new ObjectOutputStream(new ByteArrayOutputStream()).writeObject(store());
    assertThatThrownBy(() -> new LedgerDirectory("relative/dir")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("absolute");
  }

  @Test
  void laterRunsWinAndOtherMechanismsAreNotDelivered() throws IOException {
    Files.createDirectories(out());
    run(ledger(), out(), List.of(entry("dphmm", "s1", 5), entry("dphmm", "s2", 3), entry("mqm", "s1", 7)), "a", "b",
        Crash.NONE);
    // run 2: s1 charged again (two entries in its parts: the greatest lastTick wins), s3 new
    run(ledger(), out(), List.of(entry("dphmm", "s1", 9), entry("dphmm", "s3", 1), entry("dphmm", "s1", 8)), "c",
        "d", Crash.NONE);
    Map<String, LedgerEntry> dphmm = read(store(), "dphmm");
    assertThat(dphmm).containsOnlyKeys("s1", "s2", "s3");
    assertThat(dphmm.get("s1")).isEqualTo(entry("dphmm", "s1", 9));
    assertThat(dphmm.get("s2")).isEqualTo(entry("dphmm", "s2", 3));
    assertThat(read(store(), "mqm")).containsOnlyKeys("s1").containsValue(entry("mqm", "s1", 7));
    assertThat(read(store(), "dphmm-other")).isEmpty();
    assertThat(segments()).hasSize(2);
    assertThat(Files.readString(out().resolve("a.txt"))).isEqualTo("c");
    try (Stream<Path> files = Files.list(ledger())) { // only the lock and segments remain
      assertThat(files.map(f -> f.getFileName().toString()))
          .allMatch(n -> n.equals(".lock") || n.matches("segment-\\d{8}-\\d{13}-\\d+-\\d+\\.avro"));
    }
  }

  @Test
  void aSegmentHoldsTheLatestEntryPerSubjectSortedByMechanismThenSubject() throws IOException {
    Files.createDirectories(out());
    run(ledger(), out(), List.of(entry("mqm", "b", 1), entry("dphmm", "z", 2), entry("mqm", "a", 3),
        entry("dphmm", "z", 4), entry("dphmm", "y", 1)), "a", "b", Crash.NONE);
    List<String> order = new ArrayList<>();
    for (String m : List.of("dphmm", "mqm")) {
      store().read(m, s -> true, e -> order.add(e.getMechanism() + "/" + e.getSubjectId() + "@" + e.getLastTick()));
    }
    assertThat(order).containsExactly("dphmm/y@1", "dphmm/z@4", "mqm/a@3", "mqm/b@1");
  }

  @Test
  void thePredicateFiltersSubjects() throws IOException {
    Files.createDirectories(out());
    run(ledger(), out(), List.of(entry("dphmm", "s1", 1), entry("dphmm", "s2", 2), entry("dphmm", "t3", 3)), "a",
        "b", Crash.NONE);
    List<String> seen = new ArrayList<>();
    store().read("dphmm", s -> s.startsWith("s"), e -> seen.add(e.getSubjectId()));
    assertThat(seen).containsExactly("s1", "s2");
  }

  @Test
  void aRunWithoutEntriesWritesNoSegmentAndPublishes() throws IOException {
    Files.createDirectories(out());
    run(ledger(), out(), List.of(), "a", "b", Crash.NONE);
    assertThat(segments()).isEmpty();
    assertThat(Files.readString(out().resolve("b.txt"))).isEqualTo("b");
  }

  /** Each crash point: the next run's recover() leaves the store as the outputs published. */
  @ParameterizedTest
  @EnumSource(Crash.class)
  void aCrashLeavesTheStoreAsThePublishedOutputs(Crash crash) throws IOException {
    Files.createDirectories(out());
    run(ledger(), out(), List.of(entry("dphmm", "s1", 5), entry("dphmm", "s2", 5)), "", "x", Crash.NONE);
    // the crashed run's first output is byte-identical to the published one (an empty file): its hash proves nothing
    run(ledger(), out(), List.of(entry("dphmm", "s1", 9), entry("dphmm", "s3", 9)), "", "y", crash);
    LedgerDirectory.Recovery r = run(ledger(), out(), List.of(), "", "z", Crash.NONE);
    Map<String, LedgerEntry> store = read(store(), "dphmm");
    if (crash.published()) {
      assertThat(store).containsOnlyKeys("s1", "s2", "s3");
      assertThat(store.get("s1").getLastTick()).isEqualTo(9);
      assertThat(r.completedAny()).isEqualTo(crash != Crash.NONE);
    } else {
      assertThat(store).containsOnlyKeys("s1", "s2");
      assertThat(store.get("s1").getLastTick()).isEqualTo(5);
      assertThat(r.completed()).isZero();
      assertThat(r.discarded()).isEqualTo(1);
    }
    if (crash == Crash.MID_MOVES || crash == Crash.AFTER_MOVES) {
      assertThat(r.summary()).isEqualTo("ledger.dir: completed the commit of an interrupted run (2 entries)");
    } else {
      assertThat(r.summary()).isNull();
    }
    try (Stream<Path> files = Files.list(ledger())) { // nothing pending or temporary is left
      assertThat(files.map(f -> f.getFileName().toString())).allMatch(n -> n.equals(".lock")
          || n.startsWith("segment-"));
    }
  }

  @Test
  void aCrashAfterTheRenameLeavesAManifestThatRecoverDeletes() throws IOException {
    Files.createDirectories(out());
    run(ledger(), out(), List.of(entry("dphmm", "s1", 5)), "a", "b", Crash.NONE);
    Path manifest = LedgerSegments.manifest(ledger(), "0000000000001-1-1");
    Files.writeString(manifest, LedgerManifest.sha256(out().resolve("a.txt")) + "\t" + out().resolve(".a.txt.tmp")
        + "\t" + out().resolve("a.txt") + "\n");
    LedgerDirectory.Recovery r = run(ledger(), out(), List.of(), "", "", Crash.NONE);
    assertThat(r).isEqualTo(new LedgerDirectory.Recovery(0, 0, 0));
    assertThat(manifest).doesNotExist();
    assertThat(read(store(), "dphmm")).containsOnlyKeys("s1");
  }

  @Test
  void aSecondHolderIsRefused() {
    try (LedgerDirectory.Lock first = LedgerDirectory.lock(ledger())) {
      assertThatThrownBy(() -> LedgerDirectory.lock(ledger())).isInstanceOf(IllegalStateException.class)
          .hasMessage("ledger.dir " + ledger() + ": in use by another run (lock .lock held)");
      assertThat(first.recover().completedAny()).isFalse();
    }
    try (LedgerDirectory.Lock again = LedgerDirectory.lock(ledger())) { // released: the next run may lock it
      assertThat(again.store()).isEqualTo(store());
    }
  }

  @Test
  void compactionKeepsExactlyTheLatestEntries() throws IOException {
    Files.createDirectories(out());
    for (int r = 1; r <= LedgerDirectory.MAX_SEGMENTS; r++) {
      // s1 in every run with a falling lastTick (the later run wins anyway), sR only in run R, mqm in odd runs
      List<LedgerEntry> e = new ArrayList<>(List.of(entry("dphmm", "s1", 100 - r), entry("dphmm", "s" + (r + 1), r)));
      if (r % 2 == 1) {
        e.add(entry("mqm", "m", r));
      }
      run(ledger(), out(), e, "a" + r, "b", Crash.NONE);
      assertThat(segments()).hasSize(r);
    }
    Map<String, LedgerEntry> before = read(store(), "dphmm");
    run(ledger(), out(), List.of(entry("dphmm", "s2", 50)), "a", "b", Crash.NONE); // the 9th segment: compaction
    assertThat(segments()).hasSize(1);
    Map<String, LedgerEntry> after = read(store(), "dphmm");
    before.put("s2", entry("dphmm", "s2", 50));
    assertThat(after).isEqualTo(before);
    assertThat(after.get("s1").getLastTick()).isEqualTo(100 - LedgerDirectory.MAX_SEGMENTS);
    assertThat(after).hasSize(LedgerDirectory.MAX_SEGMENTS + 1);
    assertThat(read(store(), "mqm")).containsExactly(Map.entry("m", entry("mqm", "m", 7)));
    List<LedgerEntry> all = new ArrayList<>();
    store().read("dphmm", s -> true, all::add);
    assertThat(all).hasSize(after.size()); // one entry per subject
    run(ledger(), out(), List.of(entry("dphmm", "s1", 1)), "a", "b", Crash.NONE);
    assertThat(segments()).hasSize(2);
    assertThat(read(store(), "dphmm").get("s1").getLastTick()).isEqualTo(1);
  }

  @Test
  void aCompactionInterruptedBeforeTheDeletionsReadsTheSame() throws IOException {
    Files.createDirectories(out());
    for (int r = 1; r <= 3; r++) {
      run(ledger(), out(), List.of(entry("dphmm", "s1", 10 - r), entry("dphmm", "s" + r, r)), "a", "b", Crash.NONE);
    }
    Map<String, LedgerEntry> before = read(store(), "dphmm");
    List<Path> files = segments();
    Files.writeString(ledger().resolve(".compact-0000000000001-1-1.avro"), "a crash while compacting");
    LedgerSegments.writeLatest(files, true, LedgerSegments.segment(ledger(), 4, "x"), ledger().resolve(".runs-x"),
        ExternalSort.Limits.DEFAULT);
    assertThat(read(store(), "dphmm")).isEqualTo(before);
    run(ledger(), out(), List.of(), "a", "b", Crash.NONE); // recover() removes the stray compaction file
    assertThat(ledger().resolve(".compact-0000000000001-1-1.avro")).doesNotExist();
    assertThat(read(store(), "dphmm")).isEqualTo(before);
  }

  @Test
  void aCorruptSegmentGivesOneLineNamingIt() throws IOException {
    Files.createDirectories(ledger());
    Files.writeString(ledger().resolve("segment-00000001-x.avro"), "not avro\nat all");
    assertThatThrownBy(() -> read(store(), "dphmm")).isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("ledger.dir " + ledger() + ": cannot read segment segment-00000001-x.avro: ")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    Path part = tmp.resolve("part.avro");
    LedgerFixtures.writeEntries(part, List.of(entry("dphmm", "s", 1)));
    LedgerSegments.writeLatest(List.of(part), false, ledger().resolve("segment-00000002-x.avro"),
        tmp.resolve(".runs"), ExternalSort.Limits.DEFAULT);
    Files.delete(ledger().resolve("segment-00000001-x.avro"));
    assertThat(read(store(), "dphmm")).containsOnlyKeys("s"); // complete: read
    byte[] whole = Files.readAllBytes(ledger().resolve("segment-00000002-x.avro"));
    Files.write(ledger().resolve("segment-00000002-x.avro"), java.util.Arrays.copyOf(whole, whole.length - 3));
    assertThatThrownBy(() -> read(store(), "dphmm")).isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("ledger.dir " + ledger() + ": cannot read segment segment-00000002-x.avro: ")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  /** FileOutputs.finish with a ledger: outputs and the ledger segment are committed together. */
  @Test
  void fileOutputsFinishCommitsTheLedgerWithTheOutputs() throws IOException {
    OutputConfig.Directory out = new OutputConfig.Directory(out().toString(), OutputConfig.Format.JSONL);
    Path parts = out().resolve(".parts/redacted-records");
    Files.createDirectories(parts);
    Files.writeString(parts.resolve("redacted-records-a-0-0.jsonl"), JsonLines.toJson(
        RedactedRecord.newBuilder().setSubjectId("s1").setTick(4).setValue(1).build()) + "\n");
    LedgerFixtures.writeParts(FileOutputs.ledgerPartsOf(out), List.of(entry("dphmm", "s1", 4)), 1);
    try (LedgerDirectory.Lock lock = LedgerDirectory.lock(ledger())) {
      lock.recover();
      List<Path> files = FileOutputs.finish(out, Set.of(RedactionUnit.RECORDS), lock);
      assertThat(files).containsExactly(out().resolve("redacted-records.jsonl"));
      assertThatThrownBy(() -> lock.commit(FileOutputs.ledgerPartsOf(out), List.of(), List.of(), () -> { }))
          .hasMessage("ledger.dir " + ledger() + ": this run has committed already");
    }
    assertThat(out().resolve("redacted-records.jsonl")).content().contains("\"s1\"");
    assertThat(out().resolve(".parts")).doesNotExist();
    assertThat(read(store(), "dphmm")).containsExactly(Map.entry("s1", entry("dphmm", "s1", 4)));
    assertThat(segments()).hasSize(1);
  }

  private List<Path> segments() throws IOException {
    List<Path> s = new ArrayList<>();
    for (LedgerSegments.Segment seg : LedgerSegments.list(ledger())) {
      s.add(seg.file());
    }
    return s;
  }
}
