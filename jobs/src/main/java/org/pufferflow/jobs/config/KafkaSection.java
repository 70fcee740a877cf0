package org.pufferflow.jobs.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.pufferflow.jobs.io.OutputKind;

/**
 * Reads and validates the {@code kafka} section into a {@link KafkaConfig}: the input topics, one topic per output
 * this build can publish ({@link OutputKind#all()}, keyed by {@link OutputKind#topicName()}), the durable ledger's
 * topic, and no two of them the same.
 */
final class KafkaSection {

  private static final Pattern TOPIC = Pattern.compile("[a-zA-Z0-9._-]{1,249}");

  private KafkaSection() {}

  static KafkaConfig read(ConfigNode k) {
    List<OutputKind> outputs = OutputKind.all();
    List<String> keys = new ArrayList<>(List.of("bootstrapServers", "inputTopic"));
    outputs.forEach(o -> keys.add(o.topicName()));
    keys.addAll(List.of("optOutTopic", "ledgerStoreTopic", "transactionalIdPrefix", "groupId", "createTopics"));
    k.requireMapping(keys.toArray(String[]::new));
    ConfigNode servers = k.required("bootstrapServers");
    String bootstrap = bootstrapServers(servers);
    Map<String, String> seen = new LinkedHashMap<>();
    String input = topic(k, "inputTopic", "observations", seen);
    Map<String, String> outputTopics = new LinkedHashMap<>();
    for (OutputKind o : outputs) {
      String topic = topic(k, o.topicName(), o.defaultTopic(), seen);
      if (k.has(o.topicName())) {
        outputTopics.put(o.topicName(), topic); // only what the section names: the others keep their default
      }
    }
    String optOuts = topic(k, "optOutTopic", "opt-outs", seen);
    String store = topic(k, "ledgerStoreTopic", "privacy-ledger", seen);
    String txPrefix = nonBlank(k.optional("transactionalIdPrefix"), "pufferflow");
    String groupId = nonBlank(k.optional("groupId"), "pufferflow");
    ConfigNode create = k.optional("createTopics");
    return new KafkaConfig(bootstrap, input, optOuts, outputTopics, store, txPrefix, groupId,
        create != null && create.asBoolean());
  }

  /** The topic at {@code key} (or {@code dflt}), refused when an earlier key of {@code seen} has the same one. */
  private static String topic(ConfigNode k, String key, String dflt, Map<String, String> seen) {
    ConfigNode t = k.optional(key);
    String topic = t == null ? dflt : topic(t);
    String path = k.path() + "." + key;
    String other = seen.putIfAbsent(topic, path);
    if (other != null) {
      throw new ConfigException(path, "same topic as " + other + " (" + topic + ")");
    }
    return topic;
  }

  private static String bootstrapServers(ConfigNode node) {
    String s = node.asString().trim();
    if (s.equals(KafkaConfig.EMBEDDED)) {
      return s;
    }
    for (String server : s.split(",", -1)) {
      if (!KafkaConfig.isHostPort(server.trim())) {
        throw node.error(
            "\"" + server.trim() + "\" is not host:port (give a comma-separated host:port list or embedded)");
      }
    }
    return s;
  }

  private static String topic(ConfigNode node) {
    String t = node.asString();
    if (!TOPIC.matcher(t).matches() || t.equals(".") || t.equals("..")) {
      throw node.error("\"" + t + "\" is not a valid topic name (1-249 letters, digits, '.', '_', '-')");
    }
    return t;
  }

  private static String nonBlank(ConfigNode node, String dflt) {
    if (node == null) {
      return dflt;
    }
    String s = node.asString();
    if (s.isBlank()) {
      throw node.error("must not be blank");
    }
    return s;
  }
}
