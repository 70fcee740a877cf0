package org.pufferflow.tools.learn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link CsvTraces}: resampling to ticks, gaps, label order and the line-numbered errors (docs/learn.md). */
class CsvTracesTest {

  @TempDir Path dir;

  @Test
  void readsTinyTracesTickByTickWithGaps() {
    TraceSet t = CsvTraces.read(LearnData.file("tiny.csv"), 1000);
    assertThat(t.labels()).containsExactly("x", "y");
    assertThat(t.subjects().keySet()).containsExactly("a", "b");
    assertThat(t.states("a")).containsExactly(0, 0, 1, 0);
    assertThat(t.states("b")).containsExactly(1, 1, TraceSet.GAP, 0, 1);
    assertThat(t.points()).isEqualTo(8);
    assertThat(t.ticks()).isEqualTo(9);
    assertThat(t.observedTicks()).isEqualTo(8);
    assertThat(t.transitions()).isEqualTo(5); // a: 3; b: 2 (none across the gap)
    assertThat(t.query()).isNull();
  }

  @Test
  void latestRecordOfATickWinsWhateverTheInputOrder() throws IOException {
    Path f = write("s,1999,late\ns,1000,early\ns,1500,middle\ns,-1,before\n");
    TraceSet t = CsvTraces.read(f, 1000);
    // ticks: floor(-1/1000) = -1 -> "before"; tick 0 has no record; tick 1 holds 1000, 1500, 1999 -> "late"
    assertThat(t.states("s"))
        .containsExactly(t.labels().indexOf("before"), TraceSet.GAP, t.labels().indexOf("late"));
  }

  @Test
  void givenStatesFixTheOrderAndMayIncludeUnseenStates() {
    TraceSet t = CsvTraces.read(LearnData.file("tiny.csv"), 1000, List.of("y", "z", "x"), ReadProgress.NONE);
    assertThat(t.labels()).containsExactly("y", "z", "x");
    assertThat(t.states("a")).containsExactly(2, 2, 0, 2);
  }

  @Test
  void unknownStateWithGivenStatesNamesTheLine() {
    assertThatThrownBy(() -> CsvTraces.read(LearnData.file("tiny.csv"), 1000, List.of("x"), ReadProgress.NONE))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tiny.csv line 4: state = 'y': not one of the given states [x]");
  }

  @Test
  void badTimeNamesTheLineAndTheField() throws IOException {
    Path f = write("subject,time,state\na,0,x\na,10s,y\n");
    assertThatThrownBy(() -> CsvTraces.read(f, 1000))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("t.csv line 3: time = '10s': not an integer (epoch milliseconds)");
  }

  @Test
  void wrongFieldCountNamesTheLine() throws IOException {
    Path f = write("a,0,x\n\na,1000\n");
    assertThatThrownBy(() -> CsvTraces.read(f, 1000))
        .hasMessage("t.csv line 3: expected 3 fields subject,time,state, got 2");
  }

  /** CsvRows in {@code learn}: the same file {@code run} accepts (byte-order mark, header, blank lines). */
  @Test
  void aByteOrderMarkTheHeaderAndBlankLinesAreSkipped() throws IOException {
    Path f = write("\uFEFFsubject,time,state\r\na,0,x\n\n  \na,1000,y\n");
    TraceSet t = CsvTraces.read(f, 1000);
    assertThat(t.labels()).containsExactly("x", "y");
    assertThat(t.states("a")).containsExactly(0, 1);
  }

  @Test
  void quotedAndSemicolonLinesAreRefusedNamingTheLine() throws IOException {
    assertThatThrownBy(() -> CsvTraces.read(write("a,0,x\n\"a\",1000,y\n"), 1000))
        .hasMessage("t.csv line 2: quoted fields are not supported: a comma always separates fields");
    assertThatThrownBy(() -> CsvTraces.read(write("a;0;x\n"), 1000))
        .hasMessage("t.csv line 1: fields separated by ';': separate the 3 fields subject,time,state by commas");
  }

  @Test
  void emptySubjectOrStateIsRejected() throws IOException {
    assertThatThrownBy(() -> CsvTraces.read(write(" ,0,x\n"), 1000)).hasMessage("t.csv line 1: subject = '': empty");
    assertThatThrownBy(() -> CsvTraces.read(write("a,0, \n"), 1000)).hasMessage("t.csv line 1: state = '': empty");
  }

  @Test
  void missingFileAndEmptyFileAreClearErrors() throws IOException {
    Path missing = dir.resolve("nope.csv");
    assertThatThrownBy(() -> CsvTraces.read(missing, 1000)).hasMessage("--input: " + missing + ": no such file");
    Path header = write("subject,time,state\n");
    assertThatThrownBy(() -> CsvTraces.read(header, 1000)).hasMessage("--input: " + header + ": no records");
    assertThatThrownBy(() -> CsvTraces.read(header, 0)).hasMessageStartingWith("tickMillis = 0");
  }

  @Test
  void aSubjectSpanningTooManyTicksIsRejected() throws IOException {
    Path f = write("a,0,x\na,100000000000,x\n");
    assertThatThrownBy(() -> CsvTraces.read(f, 1))
        .hasMessageContaining("subject a: spans 100000000001 ticks of 1 ms");
  }

  private Path write(String text) throws IOException {
    Path f = dir.resolve("t.csv");
    Files.writeString(f, text);
    return f;
  }
}
