package org.pufferflow.jobs.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.flink.annotation.PublicEvolving;

/**
 * A value of the parsed YAML tree together with its path ({@code model.transition[3]}), with typed accessors that
 * throw {@link ConfigException}s naming that path. Sections read their keys through it, so every message has the
 * form {@code "<path>: <reason>"}.
 */
@PublicEvolving
public final class ConfigNode {

  private final JsonNode node;
  private final String path;

  ConfigNode(JsonNode node, String path) {
    this.node = node;
    this.path = path;
  }

  public String path() {
    return path;
  }

  public ConfigException error(String reason) {
    return new ConfigException(path.isEmpty() ? "(root)" : path, reason);
  }

  private String childPath(String key) {
    return path.isEmpty() ? key : path + "." + key;
  }

  // ---- mappings ----

  /** Fails unless this is a mapping whose keys are all in {@code allowed}; the first unknown key is named. */
  public ConfigNode requireMapping(String... allowed) {
    if (!node.isObject()) {
      throw error("expected a mapping, got " + describe(node));
    }
    Set<String> known = new LinkedHashSet<>(Arrays.asList(allowed));
    Iterator<String> names = node.fieldNames();
    while (names.hasNext()) {
      String name = names.next();
      if (!known.contains(name)) {
        throw new ConfigException(childPath(name), "unknown key, expected one of " + String.join(", ", known));
      }
    }
    return this;
  }

  /** Fails unless this is a mapping (any keys). */
  public ConfigNode expectMapping() {
    if (!node.isObject()) {
      throw error("expected a mapping, got " + describe(node));
    }
    return this;
  }

  public boolean isMapping() {
    return node.isObject();
  }

  public boolean isText() {
    return node.isTextual();
  }

  public boolean has(String key) {
    JsonNode v = node.get(key);
    return v != null && !v.isNull();
  }

  /** The value of {@code key}; a missing key or an empty value is an error. */
  public ConfigNode required(String key) {
    if (!has(key)) {
      throw new ConfigException(childPath(key), path.isEmpty() ? "missing required section" : "missing required key");
    }
    return new ConfigNode(node.get(key), childPath(key));
  }

  /** The value of {@code key}, or {@code null} when it is absent or empty. */
  public ConfigNode optional(String key) {
    return has(key) ? new ConfigNode(node.get(key), childPath(key)) : null;
  }

  // ---- scalars ----

  public double asDouble() {
    if (!node.isNumber()) {
      throw error("expected a number, got " + describe(node));
    }
    double v = node.asDouble();
    if (!Double.isFinite(v)) {
      throw error("expected a finite number, got " + describe(node));
    }
    return v;
  }

  public long asLong() {
    if (!node.isIntegralNumber() || !node.canConvertToLong()) {
      throw error("expected an integer, got " + describe(node));
    }
    return node.asLong();
  }

  public int asInt() {
    if (!node.isIntegralNumber() || !node.canConvertToInt()) {
      throw error("expected an integer, got " + describe(node));
    }
    return node.asInt();
  }

  public boolean asBoolean() {
    if (!node.isBoolean()) {
      throw error("expected true or false, got " + describe(node));
    }
    return node.asBoolean();
  }

  public String asString() {
    if (!node.isTextual()) {
      throw error("expected a string, got " + describe(node));
    }
    return node.asText();
  }

  /** A label: a string, or a number or boolean taken as its text (so {@code states: [0, 1]} works). */
  public String asLabel() {
    if (!node.isValueNode()) {
      throw error("expected a label, got " + describe(node));
    }
    if (node.isBoolean()) {
      // YAML 1.1 reads on/off, yes/no, true/false unquoted as booleans: the label would silently become "true"
      throw error("YAML reads this label as the boolean " + node.asText() + " (on/off, yes/no and true/false are"
          + " booleans unquoted); quote it, e.g. \"on\"");
    }
    String s = node.asText();
    if (s.isBlank()) {
      throw error("expected a non-empty label");
    }
    return s;
  }

  /**
   * One of {@code allowed}, written as its configuration spelling {@code name.apply(e)} (the enums of the mechanisms
   * own their spellings, e.g. {@code RepairMode.configName()}).
   */
  public <E> E asChoice(List<E> allowed, Function<E, String> name) {
    String s = asString();
    for (E e : allowed) {
      if (name.apply(e).equals(s)) {
        return e;
      }
    }
    throw error("unknown value " + s + ", expected one of "
        + allowed.stream().map(name).collect(Collectors.joining(", ")));
  }

  // ---- lists ----

  public List<ConfigNode> asList() {
    if (!node.isArray()) {
      throw error("expected a list, got " + describe(node));
    }
    List<ConfigNode> out = new ArrayList<>(node.size());
    for (int i = 0; i < node.size(); i++) {
      out.add(new ConfigNode(node.get(i), path + "[" + i + "]"));
    }
    return out;
  }

  public double[] asDoubleArray() {
    List<ConfigNode> items = asList();
    double[] out = new double[items.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = items.get(i).asDouble();
    }
    return out;
  }

  /** A list of rows of finite numbers; rows may differ in length (callers check the shape they need). */
  public double[][] asMatrix() {
    List<ConfigNode> rows = asList();
    double[][] out = new double[rows.size()][];
    for (int i = 0; i < out.length; i++) {
      out[i] = rows.get(i).asDoubleArray();
    }
    return out;
  }

  /** Describes a value for a message: scalars as written, containers by kind. */
  public static String describe(JsonNode n) {
    if (n.isObject()) {
      return "a mapping";
    }
    if (n.isArray()) {
      return "a list";
    }
    if (n.isTextual()) {
      return "\"" + n.asText() + "\"";
    }
    return n.toString();
  }
}
