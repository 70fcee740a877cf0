package org.pufferflow.jobs.io.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.pufferflow.avro.LedgerEntry;
import org.pufferflow.jobs.io.file.LedgerFixtures.Crash;

/**
 * {@link LedgerDirectory}'s guarantee under crashes: after any sequence of runs, each stopped at any point of the
 * commit protocol, the next run's recover() leaves the store equal to the latest entries of the runs whose outputs
 * were published (later runs win; within a run the greatest lastTick), never more, never less; also across
 * compactions. Output contents repeat between runs, so an unpublished run's outputs are often byte-identical to the
 * published ones.
 */
class LedgerDirectoryProperties {

  /** One run: its ledger entries (key index and lastTick), its two outputs' contents, where it stops. */
  record Run(List<long[]> entries, String a, String b, Crash crash) {}

  @Property(tries = 40)
  void theStoreAfterRecoverHoldsThePublishedRunsExactly(@ForAll("runs") List<Run> runs) throws IOException {
    Path root = Files.createTempDirectory("ledger-property");
    try {
      Path ledger = root.resolve("ledger");
      Path out = root.resolve("out");
      Files.createDirectories(out);
      Map<String, Map<String, LedgerEntry>> expected = new HashMap<>();
      for (Run r : runs) {
        List<LedgerEntry> entries = new ArrayList<>();
        Map<String, LedgerEntry> latestOfRun = new HashMap<>();
        for (long[] e : r.entries) {
          LedgerEntry entry = LedgerFixtures.entry(e[0] % 2 == 0 ? "dphmm" : "mqm", "s" + e[0] / 2, e[1]);
          entries.add(entry);
          latestOfRun.merge(entry.getMechanism() + "\u0000" + entry.getSubjectId(), entry,
              (x, y) -> y.getLastTick() > x.getLastTick() ? y : x);
        }
        LedgerFixtures.run(ledger, out, entries, r.a, r.b, r.crash);
        if (r.crash.published()) {
          for (LedgerEntry e : latestOfRun.values()) {
            expected.computeIfAbsent(e.getMechanism(), m -> new HashMap<>()).put(e.getSubjectId(), e);
          }
        }
      }
      LedgerFixtures.run(ledger, out, List.of(), "", "", Crash.NONE); // its recover() settles the last run
      LedgerDirectory store = new LedgerDirectory(ledger.toAbsolutePath().toString());
      for (String m : List.of("dphmm", "mqm")) {
        assertThat(LedgerFixtures.read(store, m)).isEqualTo(expected.getOrDefault(m, Map.of()));
      }
      assertThat(LedgerSegments.list(ledger).size()).isLessThanOrEqualTo(LedgerDirectory.MAX_SEGMENTS);
    } finally {
      FileOutputs.deleteTree(root);
    }
  }

  @Provide
  Arbitrary<List<Run>> runs() {
    // distinct lastTicks within a run (ties between different entries of one subject are not produced by a job)
    Arbitrary<List<long[]>> entries = Arbitraries.longs().between(0, 7).list().ofMaxSize(8).map(keys -> {
      List<long[]> l = new ArrayList<>();
      for (int i = 0; i < keys.size(); i++) {
        l.add(new long[] {keys.get(i), (keys.get(i) * 7 + i * 13) % 50});
      }
      return l;
    });
    Arbitrary<String> content = Arbitraries.of("", "x", "y");
    return Combinators.combine(entries, content, content, Arbitraries.of(Crash.class)).as(Run::new).list()
        .ofMinSize(1).ofMaxSize(14);
  }
}
