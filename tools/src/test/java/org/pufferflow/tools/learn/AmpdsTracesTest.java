package org.pufferflow.tools.learn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link AmpdsTraces} on one shipped day of the AMPds2 bedroom meter and on a hand-made file with a gap. */
class AmpdsTracesTest {

  @TempDir Path tmp;

  @Test
  void oneDayOfMinutesAgainstAnIndependentCount() throws IOException {
    Path f = LearnData.file("ampds-day.csv");
    List<String> lines = Files.readAllLines(f);
    long[] expected = new long[3];
    for (String line : lines.subList(1, lines.size())) {
      double p = Double.parseDouble(line.split(",")[6]);
      expected[p < 5 ? 0 : p < 50 ? 1 : 2]++;
    }
    TraceSet t = AmpdsTraces.read(f, new double[] {5, 50});
    assertThat(t.labels()).containsExactly("P<5", "5<=P<50", "P>=50");
    assertThat(t.subjects().keySet()).containsExactly("ampds-day");
    assertThat(t.points()).isEqualTo(lines.size() - 1).isEqualTo(1440);
    int[] s = t.states("ampds-day");
    assertThat(s).hasSize(1440).doesNotContain(TraceSet.GAP);
    long[] counted = new long[3];
    for (int x : s) {
      counted[x]++;
    }
    assertThat(counted).containsExactly(expected);
    assertThat(expected[0]).isEqualTo(1342 + 1); // awk count of the day: 1342 readings P = 0, one P = 4
  }

  @Test
  void aMissingMinuteIsAGapAndBreaksTheTransition() {
    TraceSet t = AmpdsTraces.read(LearnData.file("ampds-gap.csv"), new double[] {5});
    // P = 0, 21, 21, (missing), 4, 0
    assertThat(t.states("ampds-gap")).containsExactly(0, 1, 1, TraceSet.GAP, 0, 0);
    LearnedModel m = LearnedModel.fit(t, 0, 0);
    assertThat(m.transitionRows()).isDeepEqualTo(new double[][] {{0.5, 0.5}, {0, 1}});
  }

  @Test
  void anotherColumnAndTick() {
    TraceSet t = AmpdsTraces.read(LearnData.file("ampds-gap.csv"), new double[] {1}, "Pt", 120_000,
        ReadProgress.NONE);
    assertThat(t.labels()).containsExactly("Pt<1", "Pt>=1");
    assertThat(t.states("ampds-gap")).containsExactly(1, 1, 1); // minutes 0-1, 2-3, 4-5 pairs
  }

  @Test
  void badInputIsNamed() throws IOException {
    Path f = tmp.resolve("m.csv");
    Files.writeString(f, "unix_ts,P\n1,abc\n");
    assertThatThrownBy(() -> AmpdsTraces.read(f, new double[] {5})).hasMessage("m.csv line 2: P = 'abc': not a number");
    Files.writeString(f, "unix_ts,P\n9223372036854775,2\n");
    assertThatThrownBy(() -> AmpdsTraces.read(f, new double[] {5}))
        .hasMessage("m.csv line 2: unix_ts = '9223372036854775': out of range (epoch seconds)");
    Files.writeString(f, "ts,P\n1,2\n");
    assertThatThrownBy(() -> AmpdsTraces.read(f, new double[] {5}))
        .hasMessage("m.csv line 1: header must name columns unix_ts and P, got [ts, P]");
    Files.writeString(f, "unix_ts,P\n1,2,3\n");
    assertThatThrownBy(() -> AmpdsTraces.read(f, new double[] {5}))
        .hasMessage("m.csv line 2: expected 2 fields like the header, got 3");
    assertThatThrownBy(() -> AmpdsTraces.read(f, new double[] {5, 5})).hasMessageContaining("strictly ascending");
    assertThatThrownBy(() -> AmpdsTraces.read(f, new double[0])).hasMessageContaining("give at least one");
  }
}
