package org.pufferflow.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.avro.FleetHistogram;
import org.pufferflow.avro.LedgerEvent;
import org.pufferflow.avro.OptOut;
import org.pufferflow.avro.RedactedRecord;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.avro.WindowHistogram;
import org.pufferflow.ingest.ReasonCode;
import org.pufferflow.jobs.cli.CommandLines;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.tools.demo.DemoPipeline;
import org.pufferflow.tools.demo.DemoReport;
import org.pufferflow.tools.demo.FeedPlan;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.jobs.mechanism.dphmm.DphmmUnit;
import org.pufferflow.jobs.mechanism.mqm.MqmUnit;
import org.pufferflow.jobs.mechanism.redaction.RedactionUnit;

/**
 * {@code pufferflow demo --seconds 3} end to end (docs/cli.md, 'demo'): one run (shared by the tests of this class)
 * on the embedded broker and a local Flink; every output topic's records, read back read_committed, are checked
 * against what the synthetic feed implies.
 */
@Timeout(180)
class DemoCommandTest {

  @TempDir static Path dir;
  private static Path out;
  private static int code;
  private static String stdout;
  private static DemoCommand demo;

  @BeforeAll
  static void runTheDemo() {
    out = dir.resolve("report");
    PrintStream saved = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    demo = new DemoCommand();
    System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      code = CommandLines.execute(demo, "--seconds", "3", "--out", out.toString());
    } finally {
      System.setOut(saved);
    }
    stdout = captured.toString(StandardCharsets.UTF_8).trim();
  }

  private DemoPipeline.Outputs pipeline(String id) {
    return demo.outputs.stream().filter(o -> o.pipeline().id().equals(id)).findFirst().orElseThrow();
  }

  @Test
  void exitsZeroAndWritesTheReportWithEveryChart() throws Exception {
    assertThat(code).isZero();
    assertThat(stdout).isEqualTo("report: " + out.resolve("report.html").toAbsolutePath());
    String html = Files.readString(out.resolve(DemoReport.HTML));
    assertThat(html).startsWith("<!DOCTYPE html>").contains("read_committed").doesNotContain("class=\"bad\"");
    for (String png : DemoReport.CHARTS) {
      assertThat(html).contains("<img src=\"" + png + "\"");
      byte[] bytes = Files.readAllBytes(out.resolve(png));
      assertThat(bytes).as(png).hasSizeGreaterThan(5000);
      assertThat(new String(bytes, 1, 3, StandardCharsets.US_ASCII)).as(png).isEqualTo("PNG");
    }
  }

  @Test
  void everyOutputHoldsWhatTheFeedImplies() {
    assertThat(demo.outputs).extracting(o -> o.pipeline().id()).containsExactly("meters", "locations", "presence");
    assertThat(pipeline("meters").records().keySet()).contains(MqmUnit.HISTOGRAMS,
        MqmUnit.FLEET, OutputKind.REJECTED);
    assertThat(pipeline("locations").records().keySet()).contains(DphmmUnit.RELEASES, OutputKind.REJECTED);
    assertThat(pipeline("presence").records().keySet()).contains(RedactionUnit.RECORDS, OutputKind.REJECTED);
    for (DemoPipeline.Outputs o : demo.outputs) {
      o.records().forEach((kind, records) -> {
        if (kind != OutputKind.LEDGER_EVENTS && kind != DphmmUnit.RELEASES) {
          assertThat(records).as(o.pipeline().id() + " " + kind).hasSize((int) o.pipeline().expected(kind));
        }
      });
      // rejected records, exactly per reason
      Map<ReasonCode, Integer> byReason = new EnumMap<>(ReasonCode.class);
      for (RejectedObservation r : o.of(OutputKind.REJECTED, RejectedObservation.class)) {
        byReason.merge(ReasonCode.valueOf(r.getReasonCode()), 1, Integer::sum);
      }
      assertThat(byReason).as(o.pipeline().id()).isEqualTo(o.pipeline().plan().expectedRejections());
    }
    // the 3-second demo still has several windows and rejections of every planned reason
    assertThat(pipeline("meters").of(MqmUnit.FLEET, FleetHistogram.class)).hasSizeGreaterThanOrEqualTo(3);
  }

  @Test
  void dphmmReleasesOneValueForEveryAcceptedLocationWhileTheBudgetLasts() {
    DemoPipeline.Outputs o = pipeline("locations");
    Map<String, List<FeedPlan.TruePoint>> truth = o.pipeline().plan().truth();
    List<DphmmRelease> releases = o.of(DphmmUnit.RELEASES, DphmmRelease.class);
    Set<String> exhausted = o.of(OutputKind.LEDGER_EVENTS, LedgerEvent.class).stream()
        .filter(LedgerEvent::getExhausted).map(e -> e.getSubjectId().toString()).collect(Collectors.toSet());
    assertThat(releases.size()).isLessThanOrEqualTo((int) o.pipeline().plan().expectedAccepted());
    Map<String, List<DphmmRelease>> bySubject = releases.stream()
        .collect(Collectors.groupingBy(r -> r.getSubjectId().toString()));
    for (Map.Entry<String, List<FeedPlan.TruePoint>> e : truth.entrySet()) {
      Set<Long> trueTicks = e.getValue().stream().map(FeedPlan.TruePoint::tick).collect(Collectors.toSet());
      List<DphmmRelease> mine = bySubject.getOrDefault(e.getKey(), List.of());
      Set<Long> released = mine.stream().map(DphmmRelease::getTick).collect(Collectors.toCollection(TreeSet::new));
      assertThat(released).hasSize(mine.size()).isSubsetOf(trueTicks);
      if (!exhausted.contains(e.getKey())) {
        assertThat(released).as(e.getKey()).isEqualTo(new TreeSet<>(trueTicks));
      }
      double previous = 0;
      for (DphmmRelease r : mine.stream().sorted((a, b) -> Long.compare(a.getTick(), b.getTick())).toList()) {
        assertThat(r.getValues()).hasSize(2);
        assertThat(r.getCumulativeEpsilon()).isGreaterThanOrEqualTo(previous);
        previous = r.getCumulativeEpsilon();
      }
    }
    assertThat(exhausted).as("the demo's budget outlasts the feed").isEmpty();
  }

  @Test
  void theFleetHistogramSumsEveryMeterAndTracksTheTruth() {
    DemoPipeline.Outputs o = pipeline("meters");
    var cfg = o.pipeline().config();
    Map<String, List<FeedPlan.TruePoint>> truth = o.pipeline().plan().truth();
    int w = cfg.description(MqmWindowPlan.class).window();
    int k = cfg.model().numStates();
    Map<Long, double[]> trueFleet = new HashMap<>();
    for (List<FeedPlan.TruePoint> t : truth.values()) {
      for (int start = 0; start + w <= t.size(); start += cfg.description(MqmWindowPlan.class).slide()) {
        double[] sum = trueFleet.computeIfAbsent(t.get(start).tick(), s -> new double[k]);
        for (int i = start; i < start + w; i++) {
          sum[t.get(i).state()]++;
        }
      }
    }
    List<FleetHistogram> fleet = o.of(MqmUnit.FLEET, FleetHistogram.class);
    assertThat(fleet.stream().map(FleetHistogram::getWindowStartTick).collect(Collectors.toSet()))
        .isEqualTo(trueFleet.keySet());
    for (FleetHistogram f : fleet) {
      assertThat(f.getSubjects()).isEqualTo(truth.size());
      double[] t = trueFleet.get(f.getWindowStartTick());
      for (int b = 0; b < k; b++) {
        // the summed noise of 40 meters is close to Gaussian: 6 standard deviations fail with probability < 1e-8
        assertThat(Math.abs(f.getNoisyCounts().get(b) - t[b])).isLessThan(6 * f.getNoiseStdDev().get(b));
      }
    }
    for (WindowHistogram h : o.of(MqmUnit.HISTOGRAMS, WindowHistogram.class)) {
      assertThat(h.getWindowEndTick() - h.getWindowStartTick()).isEqualTo(w - 1);
      assertThat(trueFleet).containsKey(h.getWindowStartTick());
    }
  }

  @Test
  void redactionReleasesEveryPresenceObservationAndHidesTheOptedOutTicks() {
    DemoPipeline.Outputs o = pipeline("presence");
    FeedPlan plan = o.pipeline().plan();
    Map<String, Map<Long, Integer>> truth = new HashMap<>();
    plan.truth().forEach((s, pts) -> {
      Map<Long, Integer> m = new HashMap<>();
      pts.forEach(p -> m.put(p.tick(), p.state()));
      truth.put(s, m);
    });
    List<RedactedRecord> records = o.of(RedactionUnit.RECORDS, RedactedRecord.class);
    assertThat(records).hasSize(plan.expectedAccepted());
    Map<String, Set<Long>> seen = new HashMap<>();
    int redacted = 0;
    for (RedactedRecord r : records) {
      Integer t = truth.get(r.getSubjectId().toString()).get(r.getTick());
      assertThat(t).as("a record for an accepted observation").isNotNull();
      assertThat(seen.computeIfAbsent(r.getSubjectId().toString(), s -> new java.util.HashSet<>()).add(r.getTick()))
          .as("one record per tick").isTrue();
      if (r.getValue() == null) {
        redacted++;
      } else {
        assertThat(r.getValue()).as("a released value is the true one").isEqualTo(t);
      }
    }
    int protectedTicks = 0;
    for (OptOut x : plan.optOuts()) {
      for (RedactedRecord r : records) {
        if (r.getSubjectId().toString().equals(x.getSubjectId().toString()) && r.getTick() >= x.getFromTick()
            && r.getTick() <= x.getToTick()) {
          assertThat(r.getValue()).as("opted-out tick %d of %s", r.getTick(), x.getSubjectId()).isNull();
          protectedTicks++;
        }
      }
    }
    assertThat(protectedTicks).isGreaterThan(0);
    assertThat(redacted).isGreaterThanOrEqualTo(protectedTicks);
  }

  @Test
  void rejectsANonPositiveDuration() {
    assertThat(CommandLines.execute(new DemoCommand(), "--seconds", "0")).isEqualTo(CommandLines.EXIT_INVALID_INPUT);
    assertThat(CommandLines.execute(new DemoCommand(), "--seconds", "x")).isEqualTo(CommandLines.EXIT_INVALID_INPUT);
  }

  @Test
  void rejectsAnOutputPathThatIsAFile(@TempDir Path other) throws Exception {
    Path file = Files.writeString(other.resolve("f"), "x");
    assertThat(CommandLines.execute(new DemoCommand(), "--out", file.toString()))
        .isEqualTo(CommandLines.EXIT_INVALID_INPUT);
  }

  /**
   * The report reads as prose (docs/cli.md, 'demo'): no Java {@code toString} output such as {@code
   * LedgerSpec[total=...]} or {@code Object@1b6d3586}, no vacuous bound ("at least 0"), budgets in words; its charts
   * exist and are drawn deterministically (the same outputs give byte-identical PNGs).
   */
  @Test
  void theReportHasNoJavaToStringNorVacuousBoundsAndItsChartsAreDeterministic(@TempDir Path again)
      throws Exception {
    String html = Files.readString(out.resolve(DemoReport.HTML));
    assertThat(html).doesNotContainPattern("\\w+\\[\\w+=").doesNotContainPattern("@[0-9a-f]{6,}")
        .doesNotContain("at least 0").doesNotContain("≥ 0").contains("ε total ");
    Path a = again.resolve("a");
    Path b = again.resolve("b");
    DemoReport.write(a, demo.outputs, "settings", 1.0);
    DemoReport.write(b, demo.outputs, "settings", 1.0);
    for (String png : DemoReport.CHARTS) {
      assertThat(Files.readAllBytes(a.resolve(png))).as(png).isEqualTo(Files.readAllBytes(b.resolve(png)));
    }
  }
}
