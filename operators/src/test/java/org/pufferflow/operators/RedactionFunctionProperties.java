package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.pufferflow.avro.OptOut;
import org.pufferflow.avro.RedactedRecord;
import org.pufferflow.mechanism.redaction.OptOutRanges;
import org.pufferflow.mechanism.redaction.RedactionMechanism;
import org.pufferflow.mechanism.redaction.RedactionPlan;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.noise.NoiseKey;
import org.pufferflow.operators.NoiseKeySource;

/**
 * The operator honours an in-time opt-out exactly as if it had been known in advance (docs/operators.md, 'Redaction
 * function'; docs/redaction.md, 'Hold-back and too-late opt-outs'): for any stream with gaps and any opt-outs that
 * each arrive while the subject's newest tick is at most {@code fromTick + H - holdBack}, the output equals
 * {@link RedactionPlan#release} over all the opt-outs, record by record, and nothing is rejected.
 */
class RedactionFunctionProperties {

  private static Path dir;
  private static NoiseKeySource key;
  private static NoiseKey noiseKey;

  @BeforeContainer
  static void writeKey() throws Exception {
    dir = Files.createTempDirectory("redaction-props");
    Path file = dir.resolve("noise.key");
    Files.writeString(file, "00112233445566778899aabbccddeeff0f1e2d3c4b5a69788796a5b4c3d2e1f0");
    key = NoiseKeySource.file(file.toAbsolutePath().toString());
    noiseKey = NoiseKey.fromFile(file);
  }

  @AfterContainer
  static void deleteKey() throws Exception {
    Files.deleteIfExists(dir.resolve("noise.key"));
    Files.deleteIfExists(dir);
  }

  @Property(tries = 60)
  void inTimeOptOutsDecideAsIfKnownInAdvance(
      @ForAll @IntRange(min = 0, max = 3) int extraHoldBack,
      @ForAll("mechanisms") RedactionMechanism mechanism,
      @ForAll @Size(min = 1, max = 120) List<@IntRange(min = 0, max = 99) Integer> steps) throws Exception {
    RedactionPlan probe = RedactionPlan.of(0.1, 0.2, 1.0, mechanism, null, 1 << 10);
    long needed = probe.holdBack();
    RedactionPlan spec = RedactionPlan.of(0.1, 0.2, 1.0, mechanism, null, needed + extraHoldBack);
    RedactionPlan plan = spec;
    long h = spec.holdBackTicks();
    OptOutRanges all = new OptOutRanges();
    List<long[]> records = new ArrayList<>();
    try (var harness = RedactionFunctionTest.harness(new RedactionFunction(spec, key,
        RedactionFunctionTest.CLOCK, OptOutPreload.NONE, false))) {
      harness.open();
      long tick = -1;
      for (int step : steps) {
        if (step < 15) {
          // an opt-out in time: fromTick >= newest - (H - holdBack), up to 12 ticks ahead, 0..5 ticks long
          long newest = Math.max(tick, 0);
          long from = newest - (h - plan.holdBack()) + step % 13;
          long to = from + step % 6;
          harness.processElement2(RedactionFunctionTest.optOut("s", from, to));
          all.add(from, to);
        } else {
          tick += step < 90 ? 1 : 2 + step % 9; // mostly consecutive, sometimes a gap
          int bit = step & 1;
          harness.processElement1(RedactionFunctionTest.obs("s", tick, bit));
          records.add(new long[] {tick, bit});
        }
      }
      harness.processWatermark1(new Watermark(Long.MAX_VALUE));
      harness.processWatermark2(new Watermark(Long.MAX_VALUE));
      List<RedactedRecord> out = harness.extractOutputValues();
      assertThat(harness.getSideOutput(MechanismOutputs.REJECTED)).as("nothing rejected").isNullOrEmpty();
      assertThat(out).hasSize(records.size());
      KeyedRandom random = new KeyedRandom(noiseKey);
      for (int i = 0; i < records.size(); i++) {
        long t = records.get(i)[0];
        int x = (int) records.get(i)[1];
        boolean release = plan.release(t, x, all, random, "s");
        assertThat(out.get(i).getTick()).isEqualTo(t);
        assertThat(out.get(i).getValue()).as("tick %d", t).isEqualTo(release ? Integer.valueOf(x) : null);
      }
    }
  }

  @net.jqwik.api.Provide
  net.jqwik.api.Arbitrary<RedactionMechanism> mechanisms() {
    return net.jqwik.api.Arbitraries.of(RedactionMechanism.values());
  }
}
