package org.pufferflow.tools.learn;

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
import org.pufferflow.chain.SparseTransitionMatrix;
import org.pufferflow.chain.TransitionMatrices;
import org.pufferflow.chain.TransitionMatrix;

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
    TransitionMatrix p = model.transition();
    if (isSparse(p)) {
      b.append("transition:\n  sparse:\n");
      sparseRows(b, (SparseTransitionMatrix) p);
    } else {
      b.append("transition:\n");
      for (int i = 0; i < p.size(); i++) {
        double[] row = new double[p.size()];
        for (int j = 0; j < row.length; j++) {
          row[j] = p.get(i, j);
        }
        b.append("  - ").append(vector(row)).append('\n');
      }
    }
    b.append("tickMillis: ").append(tickMillis).append('\n');
    b.append("smoothing: ").append(number(model.smoothing())).append('\n');
    b.append("visits: ").append(longs(model.visits())).append('\n');
    b.append("departures: ").append(longs(model.departures())).append('\n');
    if (model.stationary() != null) {
      b.append("stationary: ").append(vector(model.stationary())).append('\n');
      b.append("piMin: ").append(number(model.piMin())).append('\n');
      b.append("gapPPStar: ").append(gap(model.gapPPStar(), model.gaps())).append('\n');
      if (model.gaps().basis() == SummaryGaps.Basis.CERTIFIED) {
        b.append("piMinLowerBound: ").append(number(model.gaps().piMinLowerBound()))
            .append("  # certified (SpectralBounds); piMin is the estimate's minimum\n");
        b.append("stationaryL1Error: ").append(number(model.gaps().stationaryL1Error()))
            .append("  # certified bound on the l1 distance of stationary to the exact pi\n");
      }
      b.append("reversible: ").append(model.reversible()).append('\n');
      b.append("period: ").append(model.period()).append('\n');
    } else {
      b.append("irreducible: false\n");
    }
    b.append("gapP: ").append(gap(model.gapP(), model.gaps())).append('\n');
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
   * Whether {@code p} is written in the sparse row form (docs/configuration.md, 'Model files'): it is stored
   * sparsely, i.e. at most {@link TransitionMatrices#SPARSE_DENSITY_THRESHOLD} of its entries are non-zero, the
   * rule by which the mechanisms store a matrix sparsely ({@link TransitionMatrices#ofCsr}).
   */
  public static boolean isSparse(TransitionMatrix p) {
    return p instanceof SparseTransitionMatrix
        && p.nonZeros() <= TransitionMatrices.SPARSE_DENSITY_THRESHOLD * p.size() * (double) p.size();
  }

  /** One {@code - {to: [j...], p: [x...]}} line per row: the stored non-zero entries. */
  private static void sparseRows(StringBuilder b, SparseTransitionMatrix m) {
    for (int i = 0; i < m.size(); i++) {
      String to = java.util.stream.IntStream.of(m.rowColumns(i)).mapToObj(Integer::toString)
          .collect(Collectors.joining(", "));
      String p = DoubleStream.of(m.rowValues(i)).mapToObj(ModelYaml::number).collect(Collectors.joining(", "));
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

  /**
   * An eigen-gap: its value (exact), the value with a comment saying it is a certified lower bound, or {@code null}
   * with a comment when it was not computed ({@link SummaryGaps}).
   */
  private static String gap(double v, SummaryGaps gaps) {
    if (Double.isNaN(v)) {
      return "null  # not computed" + (gaps.note().isEmpty() ? "" : ": " + gaps.note());
    }
    if (gaps.basis() != SummaryGaps.Basis.CERTIFIED) {
      return number(v);
    }
    return number(v) + (v > 0 ? "  # certified lower bound (SpectralBounds), not the exact gap"
        : "  # certified lower bound (SpectralBounds): no positive bound certified");
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
