package org.pufferflow.jobs.io.file;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import org.apache.flink.annotation.Internal;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.jobs.config.DiscretizerConfig;
import org.pufferflow.operators.RawRecord;
import org.pufferflow.operators.UndecodableDiagnosis;

/**
 * Words the rejection of a malformed CSV line of observations as CSV (docs/configuration.md, 'Observations from CSV'):
 * {@code line N, field <name>: <what> (expected <form>)}, or {@code line N: <shape>} for a quoted, {@code ;}-separated
 * or wrongly counted line, in the words of {@link CsvRows}. A malformed line reaches ingestion as its own UTF-8 bytes
 * ({@link CsvObservations}), from a CSV file ({@code run}: the record's offset is the line number) or from the input
 * topic ({@code feed}: the offset is Kafka's, so the message names no line; {@code feed} prints the line numbers).
 *
 * <p>A value that is not UTF-8 text, holds a control character, or is a well-formed CSV line of the layout (which
 * encodes, so it was not written by {@code feed}) is not recognised: the Avro decoder's message stands. Deterministic.
 */
@Internal
public final class CsvLineDiagnosis implements UndecodableDiagnosis {
  private static final long serialVersionUID = 1L;

  private final DiscretizerConfig discretizer;
  private final boolean lineNumbers;
  private transient CsvObservations csv;

  private CsvLineDiagnosis(DiscretizerConfig discretizer, boolean lineNumbers) {
    this.discretizer = PufferPreconditions.checkNotNull("discretizer", discretizer);
    this.lineNumbers = lineNumbers;
  }

  /** For the records of a CSV file: the offset is the line number. */
  public static CsvLineDiagnosis ofFile(DiscretizerConfig discretizer) {
    return new CsvLineDiagnosis(discretizer, true);
  }

  /** For the records of the input topic, where {@code feed} sends a malformed line as its bytes. */
  public static CsvLineDiagnosis ofTopic(DiscretizerConfig discretizer) {
    return new CsvLineDiagnosis(discretizer, false);
  }

  @Override
  public String diagnose(RawRecord raw) {
    String line = text(raw.payload);
    if (line == null) {
      return null;
    }
    if (csv == null) {
      csv = CsvObservations.forDiscretizer(discretizer);
    }
    csv.payload(line);
    String problem = csv.problem();
    if (problem == null) {
      return null;
    }
    return lineNumbers ? atLine(raw.offset, problem) : of("not an Avro Observation; as a CSV line", problem);
  }

  /**
   * {@code line N, field <name>: ...} or {@code line N: <shape>}: a {@link CsvObservations#problem()} at line
   * {@code n}, the words of a rejection and of {@code feed}.
   */
  public static String atLine(long n, String problem) {
    return of("line " + n, problem);
  }

  private static String of(String where, String problem) {
    return where + (problem.startsWith("field ") ? ", " : ": ") + problem;
  }

  /** {@code payload} as UTF-8 text without control characters, or null. */
  static String text(byte[] payload) {
    if (payload == null || payload.length == 0) {
      return null;
    }
    String s;
    try {
      s = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(payload)).toString();
    } catch (CharacterCodingException e) {
      return null;
    }
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < ' ' && c != '\t' || c == 0x7f) {
        return null;
      }
    }
    return s;
  }
}
