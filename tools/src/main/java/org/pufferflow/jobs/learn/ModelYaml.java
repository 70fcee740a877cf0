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

/**
 * Writes a {@link LearnedModel} as the model file a job's {@code model.modelFile} names (docs/configuration.md,
 * 'model'): the job reads {@code states} and {@code transition}; the other keys ({@code stationary}, {@code piMin},
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
    b.append("transition:\n");
    matrix(b, model.transition());
    b.append("tickMillis: ").append(tickMillis).append('\n');
    b.append("smoothing: ").append(number(model.smoothing())).append('\n');
    b.append("visits: ").append(longs(model.visits())).append('\n');
    b.append("departures: ").append(longs(model.departures())).append('\n');
    if (model.stationary() != null) {
      b.append("stationary: ").append(vector(model.stationary())).append('\n');
      b.append("piMin: ").append(number(model.piMin())).append('\n');
      b.append("gapPPStar: ").append(number(model.gapPPStar())).append('\n');
      b.append("reversible: ").append(model.reversible()).append('\n');
      b.append("period: ").append(model.period()).append('\n');
    } else {
      b.append("irreducible: false\n");
    }
    b.append("gapP: ").append(number(model.gapP())).append('\n');
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
