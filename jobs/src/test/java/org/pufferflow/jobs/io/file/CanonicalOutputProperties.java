package org.pufferflow.jobs.io.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterTry;
import net.jqwik.api.lifecycle.BeforeTry;
import org.apache.avro.specific.SpecificRecordBase;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.avro.FleetHistogram;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.avro.WindowHistogram;
import org.pufferflow.jobs.config.OutputConfig;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.jobs.mechanism.dphmm.DphmmUnit;
import org.pufferflow.jobs.mechanism.mqm.MqmUnit;

/**
 * docs/configuration.md, 'Output files': whatever parts the records come in, {@link FileOutputs#finish} writes them in
 * the canonical order (key, then encoded bytes; computed here independently of {@link OutputOrder}), and a sort
 * that spills after every one to three records (merging two runs at a time) writes the same bytes as one that never
 * spills. Small value ranges make equal keys and duplicate records frequent.
 */
class CanonicalOutputProperties {

  /** Strings whose code point order differs from Java's UTF-16 order (U+FFFD before U+1F600) and from length. */
  private static final Arbitrary<String> SUBJECTS = Arbitraries.of("m1", "m10", "m9", "é", "\uFFFD", "\uD83D\uDE00");
  private static final Arbitrary<Long> TICKS = Arbitraries.longs().between(-2, 12);
  private static final Arbitrary<Double> NUMBERS = Arbitraries.of(0.5, -1.0, Double.NaN);
  private static final ExternalSort.Limits NO_SPILL = new ExternalSort.Limits(Integer.MAX_VALUE, Long.MAX_VALUE, 64);

  private Path tmp;

  @BeforeTry
  void createDirectory() throws IOException {
    tmp = Files.createTempDirectory("canonical-");
  }

  @AfterTry
  void deleteDirectory() throws IOException {
    try (Stream<Path> s = Files.walk(tmp)) {
      s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }

  @Provide
  Arbitrary<List<DphmmRelease>> releases() {
    return Combinators.combine(SUBJECTS, TICKS, NUMBERS.list().ofMaxSize(2), Arbitraries.longs().between(0, 1))
        .as((s, t, v, seq) -> DphmmRelease.newBuilder().setSubjectId(s).setTick(t).setReleaseSeq(seq).setValues(v)
            .setEpsilon(0.1).setMechanism("laplace").setConstraintSize(2).setConstrainedDpEpsilon(0.2)
            .setCumulativeEpsilon(0.3).build())
        .list().ofMaxSize(60);
  }

  @Provide
  Arbitrary<List<WindowHistogram>> windows() {
    return Combinators.combine(SUBJECTS, TICKS, Arbitraries.longs().between(0, 2), NUMBERS)
        .as((s, start, length, v) -> WindowHistogram.newBuilder().setSubjectId(s).setWindowStartTick(start)
            .setWindowEndTick(start + length).setReleaseSeq(0).setStateLabels(List.of("a")).setNoisyCounts(List.of(v))
            .setNoiseScale(1.0).setPerPointEpsilon(0.5).setMode("exact").build())
        .list().ofMaxSize(60);
  }

  @Provide
  Arbitrary<List<FleetHistogram>> fleet() {
    return Combinators.combine(TICKS, Arbitraries.longs().between(0, 2), Arbitraries.longs().between(1, 3), NUMBERS)
        .as((start, length, subjects, v) -> FleetHistogram.newBuilder().setWindowStartTick(start)
            .setWindowEndTick(start + length).setSubjects(subjects).setStateLabels(List.of("a"))
            .setNoisyCounts(List.of(v)).setNoiseStdDev(List.of(1.0)).setOutput("counts").build())
        .list().ofMaxSize(60);
  }

  @Provide
  Arbitrary<List<RejectedObservation>> rejected() {
    return Combinators.combine(Arbitraries.of("file:a.csv", "file:b.csv"), Arbitraries.integers().between(0, 11),
            TICKS, Arbitraries.bytes().array(byte[].class).ofMaxSize(2), Arbitraries.of("UNDECODABLE", "TOO_LATE"))
        .as((topic, partition, offset, payload, reason) -> RejectedObservation.newBuilder().setSourceTopic(topic)
            .setSourcePartition(partition).setSourceOffset(offset).setRawPayload(ByteBuffer.wrap(payload))
            .setReasonCode(reason).setMessage("m").build())
        .list().ofMaxSize(60);
  }

  @Property(tries = 150)
  void dphmmReleases(@ForAll("releases") List<DphmmRelease> records, @ForAll OutputConfig.Format format,
      @ForAll Random random) {
    check(DphmmUnit.RELEASES, DphmmRelease.class, records, format, random,
        Comparator.<DphmmRelease, CharSequence>comparing(DphmmRelease::getSubjectId, PartFiles::byCodePoints)
            .thenComparingLong(DphmmRelease::getTick));
  }

  @Property(tries = 100)
  void windowHistograms(@ForAll("windows") List<WindowHistogram> records, @ForAll OutputConfig.Format format,
      @ForAll Random random) {
    check(MqmUnit.HISTOGRAMS, WindowHistogram.class, records, format, random,
        Comparator.<WindowHistogram, CharSequence>comparing(WindowHistogram::getSubjectId, PartFiles::byCodePoints)
            .thenComparingLong(WindowHistogram::getWindowStartTick)
            .thenComparingLong(WindowHistogram::getWindowEndTick));
  }

  @Property(tries = 100)
  void fleetHistograms(@ForAll("fleet") List<FleetHistogram> records, @ForAll OutputConfig.Format format,
      @ForAll Random random) {
    check(MqmUnit.FLEET, FleetHistogram.class, records, format, random,
        Comparator.comparingLong(FleetHistogram::getWindowStartTick)
            .thenComparingLong(FleetHistogram::getWindowEndTick));
  }

  @Property(tries = 100)
  void rejectedRecords(@ForAll("rejected") List<RejectedObservation> records, @ForAll OutputConfig.Format format,
      @ForAll Random random) {
    check(OutputKind.REJECTED, RejectedObservation.class, records, format, random,
        Comparator.<RejectedObservation, CharSequence>comparing(RejectedObservation::getSourceTopic,
                PartFiles::byCodePoints)
            .thenComparingInt(RejectedObservation::getSourcePartition)
            .thenComparingLong(RejectedObservation::getSourceOffset));
  }

  /**
   * Finishes {@code records} twice, split into different parts, once without spilling and once spilling every 1 to
   * 3 records: the same bytes, and exactly the canonical order of {@code records}.
   */
  private <T extends SpecificRecordBase> void check(OutputKind kind, Class<T> type, List<T> records,
      OutputConfig.Format format, Random random, Comparator<T> key) {
    try {
      byte[] once = finish("once", kind, records, format, random, NO_SPILL);
      ExternalSort.Limits tiny = new ExternalSort.Limits(1 + random.nextInt(3), Long.MAX_VALUE, 2);
      byte[] spilled = finish("spilled", kind, records, format, random, tiny);
      assertThat(spilled).as("spilling changes nothing").isEqualTo(once);
      List<T> expected = PartFiles.canonical(records, key, format);
      Path file = tmp.resolve("once").resolve(kind.fileStem() + "." + format.configName());
      if (format == OutputConfig.Format.JSONL) {
        assertThat(new String(once, StandardCharsets.UTF_8))
            .isEqualTo(new String(PartFiles.jsonl(expected), StandardCharsets.UTF_8));
      } else {
        assertThat(FileOutputsTest.readAvro(file, type)).containsExactlyElementsOf(expected);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private byte[] finish(String name, OutputKind kind, List<? extends SpecificRecordBase> records,
      OutputConfig.Format format, Random random, ExternalSort.Limits limits) throws IOException {
    OutputConfig.Directory out = new OutputConfig.Directory(tmp.resolve(name).toString(), format);
    PartFiles.write(out, kind, records, random);
    List<Path> files = FileOutputs.finish(out, Set.of(kind), limits);
    assertThat(tmp.resolve(name).resolve(FileOutputs.PARTS)).doesNotExist();
    return Files.readAllBytes(files.get(0));
  }
}
