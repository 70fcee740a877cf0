package org.pufferflow.jobs.config;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/** Reads and validates the {@code kafka} section into a {@link KafkaConfig}. */
final class KafkaSection {

  private static final Pattern TOPIC = Pattern.compile("[a-zA-Z0-9._-]{1,249}");

  private static final String[] TOPIC_KEYS = {
    "inputTopic", "rejectedTopic", "dphmmTopic", "mqmTopic", "redactedTopic", "ledgerTopic", "optOutTopic",
    "fleetTopic", "ledgerStoreTopic"
  };
  private static final String[] TOPIC_DEFAULTS = {
    "observations", "observations-rejected", "dphmm-releases", "mqm-histograms", "redacted-records",
    "ledger-events", "opt-outs", "fleet-histograms", "privacy-ledger"
  };

  private KafkaSection() {}

  static KafkaConfig read(ConfigNode k) {
    k.requireMapping(
        "bootstrapServers", "inputTopic", "rejectedTopic", "dphmmTopic", "mqmTopic", "redactedTopic",
        "ledgerTopic", "optOutTopic", "fleetTopic", "ledgerStoreTopic", "transactionalIdPrefix", "groupId",
        "createTopics");
    ConfigNode servers = k.required("bootstrapServers");
    String bootstrap = bootstrapServers(servers);
    String[] topics = new String[TOPIC_KEYS.length];
    Map<String, String> seen = new LinkedHashMap<>();
    for (int i = 0; i < TOPIC_KEYS.length; i++) {
      ConfigNode t = k.optional(TOPIC_KEYS[i]);
      topics[i] = t == null ? TOPIC_DEFAULTS[i] : topic(t);
      String path = k.path() + "." + TOPIC_KEYS[i];
      String other = seen.putIfAbsent(topics[i], path);
      if (other != null) {
        throw new ConfigException(path, "same topic as " + other + " (" + topics[i] + ")");
      }
    }
    String txPrefix = nonBlank(k.optional("transactionalIdPrefix"), "pufferflow");
    String groupId = nonBlank(k.optional("groupId"), "pufferflow");
    ConfigNode create = k.optional("createTopics");
    return new KafkaConfig(bootstrap, topics[0], topics[1], topics[2], topics[3], topics[4], topics[5], topics[6],
        topics[7], topics[8], txPrefix, groupId, create != null && create.asBoolean());
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
