package org.pufferflow.jobs.learn;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.DoubleStream;
import java.util.stream.LongStream;
import org.apache.flink.annotation.Internal;
import org.pufferflow.chain.TransitionMatrices;

/**
 * Writes a {@link LearnedModel} as the model file a job's {@code model.modelFile} names (docs/configuration.md,
 * 'model'): the job reads {@code states} and {@code transition} (dense rows, or the sparse row form for a sparse
 * chain: docs/configuration.md, 'Model files'); the other keys ({@code stationary}, {@code piMin},
 * the gaps, {@code visits}, {@code query}, {@code warnings}, ...) document the fit and are ignored by the loader.
 *
 * <p>Numbers are written in plain decimal notation holding the shortest representation that reads back to the same
 * double, so the job loads exactly the matrix that was learned; labels are double-quoted (JSON escaping, valid YAML).
 */
@Internal
public final class ModelYaml {

  private static final ObjectMapper JSON = new ObjectMapper();

  private ModelYaml() {}

  /** Writes {@code model} to {@code out}; {@code comments} become leading {@code #} lines. */
  public static void write(LearnedModel model, long tickMillis, List<String> comments, Path out) {
    try {
      Path parent = out.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      Files.writeString(out, render(model, tickMillis, comments), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + out + ": " + e.getMessage(), e);
    }
  }

  /** The YAML text of {@code model}. */
  public static String render(LearnedModel model, long tickMillis, List<String> comments) {
    StringBuilder b = new StringBuilder();
    for (String c : comments) {
      b.append("# ").append(c.replace('\n', ' ')).append('\n');
    }
    b.append("states: [")
        .append(model.labels().stream().map(ModelYaml::quote).collect(Collectors.joining(", ")))
        .append("]\n");
    double[][] p = model.transition();
    if (isSparse(p)) {
      b.append("transition:\n  sparse:\n");
      sparseRows(b, p);
    } else {
      b.append("transition:\n");
      matrix(b, p);
    }
    b.append("tickMillis: ").append(tickMillis).append('\n');
    b.append("smoothing: ").append(number(model.smoothing())).append('\n');
    b.append("visits: ").append(longs(model.visits())).append('\n');
    b.append("departures: ").append(longs(model.departures())).append('\n');
    if (model.stationary() != null) {
      b.append("stationary: ").append(vector(model.stationary())).append('\n');
      b.append("piMin: ").append(number(model.piMin())).append('\n');
      b.append("gapPPStar: ").append(gap(model.gapPPStar())).append('\n');
      b.append("reversible: ").append(model.reversible()).append('\n');
      b.append("period: ").append(model.period()).append('\n');
    } else {
      b.append("irreducible: false\n");
    }
    b.append("gapP: ").append(gap(model.gapP())).append('\n');
    if (model.query() != null) {
      b.append("query:\n");
      matrix(b, model.query());
    }
    b.append("warnings:");
    if (model.warnings().isEmpty()) {
      b.append(" []\n");
    } else {
      b.append('\n');
      for (String w : model.warnings()) {
        b.append("  - ").append(quote(w)).append('\n');
      }
    }
    return b.toString();
  }

  /**
   * Whether {@code p} is written in the sparse row form (docs/configuration.md, 'Model files'): at most
   * {@link TransitionMatrices#SPARSE_DENSITY_THRESHOLD} of its entries are non-zero, the rule by which the
   * mechanisms store a matrix sparsely.
   */
  static boolean isSparse(double[][] p) {
    long nnz = 0;
    for (double[] row : p) {
      for (double x : row) {
        nnz += x != 0 ? 1 : 0;
      }
    }
    return nnz <= TransitionMatrices.SPARSE_DENSITY_THRESHOLD * p.length * p.length;
  }

  /** One {@code - {to: [j...], p: [x...]}} line per row: the non-zero entries. */
  private static void sparseRows(StringBuilder b, double[][] m) {
    for (double[] row : m) {
      StringBuilder to = new StringBuilder();
      StringBuilder p = new StringBuilder();
      for (int j = 0; j < row.length; j++) {
        if (row[j] != 0) {
          to.append(to.length() == 0 ? "" : ", ").append(j);
          p.append(p.length() == 0 ? "" : ", ").append(number(row[j]));
        }
      }
      b.append("    - {to: [").append(to).append("], p: [").append(p).append("]}\n");
    }
  }

  private static void matrix(StringBuilder b, double[][] m) {
    for (double[] row : m) {
      b.append("  - ").append(vector(row)).append('\n');
    }
  }

  private static String vector(double[] v) {
    return DoubleStream.of(v).mapToObj(ModelYaml::number).collect(Collectors.joining(", ", "[", "]"));
  }

  private static String longs(long[] v) {
    return LongStream.of(v).mapToObj(Long::toString).collect(Collectors.joining(", ", "[", "]"));
  }

  /** An eigen-gap, or {@code null} with a comment when it was not computed ({@link SummaryGaps}). */
  private static String gap(double v) {
    return Double.isNaN(v) ? "null  # not computed: more than " + SummaryGaps.DENSE_MAX_STATES + " states" : number(v);
  }

  /** A finite double in plain notation that parses back to the same double. */
  static String number(double v) {
    if (!Double.isFinite(v)) {
      throw new IllegalArgumentException("value = " + v + ": not finite, cannot be written to a model file");
    }
    String s = new BigDecimal(Double.toString(v)).toPlainString();
    return s.contains(".") ? s : s + ".0";
  }

  static String quote(String s) {
    try {
      return JSON.writeValueAsString(s);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
