package org.pufferflow.jobs.io.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link CsvRows}: the rules every CSV input shares (run, feed, learn, opt-outs; their tests cover each caller). */
class CsvRowsTest {

  /** Every row as "lineNumber:line". */
  private static List<String> rows(String text) throws IOException {
    List<String> out = new ArrayList<>();
    try (CsvRows rows = new CsvRows(new StringReader(text), "subject,time,state", null)) {
      for (String line = rows.next(); line != null; line = rows.next()) {
        out.add(rows.lineNumber() + ":" + line);
      }
    }
    return out;
  }

  @Test
  void aByteOrderMarkTheHeaderAndBlankLinesAreSkippedAndEveryLineIsCounted() throws IOException {
    assertThat(rows("\uFEFFsubject,time,state\r\na,1,x\n\n \t\nb,2,y\r\n")).containsExactly("2:a,1,x", "5:b,2,y");
    assertThat(rows(" Subject , Time ,State\na,1,x")).containsExactly("2:a,1,x");
    assertThat(rows("\uFEFFa,1,x\n")).containsExactly("1:a,1,x");
    // only the first line can be the header; a subject that merely starts with "subject" is data
    assertThat(rows("a,1,x\nsubject,time,state\n")).containsExactly("1:a,1,x", "2:subject,time,state");
    assertThat(rows("subjects,1,x\n")).containsExactly("1:subjects,1,x");
    assertThat(rows("")).isEmpty();
  }

  @Test
  void commentLinesAreSkippedCountedAndMayPrecedeTheHeader() throws IOException {
    assertThat(rows("# meters of site 4\n\n  #exported 2024-05-01\nsubject,time,state\na,1,x\n# a,2,y\nb,3,z\n"))
        .containsExactly("5:a,1,x", "7:b,3,z");
    // a '#' later in a line is data, and so is a header after the first row
    assertThat(rows("a,1,x#y\n#\nsubject,time,state\n")).containsExactly("1:a,1,x#y", "3:subject,time,state");
    assertThat(CsvRows.isComment("  # x")).isTrue();
    assertThat(CsvRows.isComment("a#")).isFalse();
    assertThat(CsvRows.isComment("   ")).isFalse();
  }

  @Test
  void theShapeOfALineIsJudgedInOneVoice() {
    String[] columns = {"subject", "time", "reading"};
    assertThat(CsvRows.shapeProblem("m,1,0.5", columns)).isNull();
    assertThat(CsvRows.shapeProblem("m,1", columns)).isEqualTo("expected 3 fields subject,time,reading, got 2");
    assertThat(CsvRows.shapeProblem("m,1,0.5,9", columns)).isEqualTo("expected 3 fields subject,time,reading, got 4");
    assertThat(CsvRows.shapeProblem("m;1;0.5", columns))
        .isEqualTo("fields separated by ';': separate the 3 fields subject,time,reading by commas");
    assertThat(CsvRows.shapeProblem("\"m\",1,0.5", columns))
        .isEqualTo("quoted fields are not supported: a comma always separates fields");
  }

  @Test
  void isHeaderLooksAtTheFirstFieldOnly() {
    assertThat(CsvRows.isHeader("subject,time,reading")).isTrue();
    assertThat(CsvRows.isHeader("subject")).isTrue();
    assertThat(CsvRows.isHeader("m1,subject,x")).isFalse();
    assertThat(CsvRows.isHeader("")).isFalse();
  }

  @Test
  void fieldsAreTrimmedAndCountedWithTheLineNumberInTheError() throws IOException {
    List<String> seen = new ArrayList<>();
    CsvRows rows = new CsvRows(new StringReader("h,1,x\n a , 2 ,\u00a0y \n\nb,3\n"), "subject,time,state",
        n -> seen.add(String.valueOf(n)));
    rows.next();
    assertThat(rows.fields(rows.next())).containsExactly("a", "2", "\u00a0y");
    String bad = rows.next();
    assertThat(rows.lineNumber()).isEqualTo(4);
    assertThatThrownBy(() -> rows.fields(bad)).isInstanceOfSatisfying(CsvRows.BadRow.class, e -> {
      assertThat(e.line()).isEqualTo(4);
      assertThat(e.reason()).isEqualTo("expected 3 fields subject,time,state, got 2");
      assertThat(e).hasMessage("line 4: expected 3 fields subject,time,state, got 2");
    });
    assertThat(rows.next()).isNull();
    assertThat(seen).containsExactly("6", "12", "1", "4"); // characters per line, terminator counted as one
  }

  @Test
  void quotedAndSemicolonLinesAreRefusedWithASpecificReason() {
    CsvRows rows = new CsvRows(new StringReader(""), "subject,fromTick,toTick", null);
    assertThatThrownBy(() -> rows.fields("\"a,b\",1,2")).hasMessageEndingWith(
        "quoted fields are not supported: a comma always separates fields");
    assertThatThrownBy(() -> rows.fields("a;1;2")).hasMessageEndingWith(
        "fields separated by ';': separate the 3 fields subject,fromTick,toTick by commas");
    assertThatThrownBy(() -> rows.fields("a,1;2")).hasMessageEndingWith("expected 3 fields subject,fromTick,toTick, got 2");
  }
}
