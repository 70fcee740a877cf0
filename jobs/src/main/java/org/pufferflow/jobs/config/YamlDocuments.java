package org.pufferflow.jobs.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.pufferflow.common.FileProblems;
import org.yaml.snakeyaml.LoaderOptions;

/** Parses YAML text into a tree, turning syntax errors into one-line {@link ConfigException}s. */
final class YamlDocuments {

  private static final ObjectMapper YAML =
      new ObjectMapper(YAMLFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build());

  /**
   * Model files (model.modelFile) are data, written by {@code pufferflow learn}: a city-scale model exceeds the
   * parser's default limit of 3 MiB of text, so they are read without a size limit (the text is already in memory:
   * {@link #read} read the whole file). The parser's other protections stay: no aliases beyond its default of 50,
   * no custom tags, nesting depth limited.
   */
  private static final ObjectMapper MODEL_YAML = new ObjectMapper(YAMLFactory.builder()
      .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).loaderOptions(modelLoaderOptions()).build());

  private YamlDocuments() {}

  private static LoaderOptions modelLoaderOptions() {
    LoaderOptions o = new LoaderOptions();
    o.setCodePointLimit(Integer.MAX_VALUE);
    return o;
  }

  /** The tree of {@code text}; {@code where} names the document in messages. An empty document is an error. */
  static JsonNode parse(String text, String where) {
    return parse(YAML, text, where);
  }

  /** As {@link #parse(String, String)} for a model file: no limit on its length. */
  static JsonNode parseModel(String text, String where) {
    return parse(MODEL_YAML, text, where);
  }

  private static JsonNode parse(ObjectMapper mapper, String text, String where) {
    JsonNode root;
    try {
      root = mapper.readTree(text);
    } catch (JsonProcessingException e) {
      JsonLocation loc = e.getLocation();
      String at = loc == null ? where : where + " line " + loc.getLineNr() + ", column " + loc.getColumnNr();
      throw new ConfigException(at, "invalid YAML (" + firstLine(e.getOriginalMessage()) + ")");
    }
    if (root == null || root instanceof MissingNode || root.isNull()) {
      throw new ConfigException(where, "empty configuration");
    }
    return root;
  }

  /**
   * Reads {@code file} as UTF-8 text; a missing or unreadable file is a {@link ConfigException} worded by
   * {@link FileProblems}: {@code "<path>: <file>: <problem>"}, or {@code "<file>: <problem>"} for the configuration
   * file itself ({@code path} null).
   */
  static String read(Path file, String path) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      String problem = FileProblems.problem(e);
      throw path == null ? new ConfigException(file.toString(), problem)
          : new ConfigException(path, file + ": " + problem);
    }
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "syntax error";
    }
    String line = s.strip().split("\\R", 2)[0];
    return line.isEmpty() ? "syntax error" : line;
  }
}
