package org.pufferflow.jobs.io;

import java.io.Serializable;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.flink.annotation.PublicEvolving;
import org.pufferflow.avro.LedgerEvent;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.config.KafkaConfig;
import org.pufferflow.jobs.mechanism.Configured;
import org.pufferflow.jobs.mechanism.Mechanisms;

/**
 * One output of the job (docs/configuration.md, 'output'): one Avro record type, one Kafka topic (named in the
 * {@code kafka} section by {@link #topicKey()}, default {@link #defaultTopic()}) and, in file mode, one file named
 * {@link #fileStem()} plus the format's extension. The job's own outputs are {@link #REJECTED} and
 * {@link #LEDGER_EVENTS}; each mechanism declares its own ({@code MechanismUnit#possibleOutputs}). Outputs are
 * compared by identity: declare each once, as a constant.
 */
@PublicEvolving
public final class OutputKind implements Serializable {

  /** What ingestion and the mechanisms refuse: the dead-letter output. */
  public static final OutputKind REJECTED = builder("rejected", RejectedObservation.class)
      .topic("rejectedTopic", "observations-rejected").keyFields("sourceTopic", "sourcePartition", "sourceOffset")
      .groupedBy("reasons").build();
  /** One event per budget exhaustion, of every mechanism with a budget. */
  public static final OutputKind LEDGER_EVENTS = builder("ledger-events", LedgerEvent.class)
      .topic("ledgerTopic", "ledger-events").keyFields("subjectId").groupedBy("subjects").build();

  private final String fileStem;
  private final Class<? extends SpecificRecordBase> recordClass;
  private final String topicKey;
  private final String defaultTopic;
  private final List<String> keyFields;
  private final String groupedBy;
  private final boolean corrections;

  private OutputKind(Builder b) {
    this.fileStem = b.fileStem;
    this.recordClass = b.recordClass;
    this.topicKey = b.topicKey;
    this.defaultTopic = b.defaultTopic;
    this.keyFields = b.keyFields;
    this.groupedBy = b.groupedBy;
    this.corrections = b.corrections;
  }

  /**
   * A new output: {@code fileStem} names its file, its progress counter and its operator uids; {@code recordClass}
   * is its Avro record type.
   */
  public static Builder builder(String fileStem, Class<? extends SpecificRecordBase> recordClass) {
    return new Builder(fileStem, recordClass);
  }

  /** The output file's name without extension, e.g. {@code dphmm-releases}; also names progress counters. */
  public String fileStem() {
    return fileStem;
  }

  /** The Avro record type of this output. */
  public Class<? extends SpecificRecordBase> recordClass() {
    return recordClass;
  }

  /** The configuration key of this output's topic, e.g. {@code kafka.dphmmTopic}. */
  public String topicKey() {
    return "kafka." + topicKey;
  }

  /** The key inside the {@code kafka} section, e.g. {@code dphmmTopic}. */
  public String topicName() {
    return topicKey;
  }

  /** The topic when the {@code kafka} section names none. */
  public String defaultTopic() {
    return defaultTopic;
  }

  /** The record fields that order a file of this output, most significant first (file mode's canonical order). */
  public List<String> keyFields() {
    return keyFields;
  }

  /** What {@code read --summary} counts records by ({@code subjects}, {@code reasons}), or null for nothing. */
  public String groupedBy() {
    return groupedBy;
  }

  /** Whether records of this output may be corrections of earlier ones (counted apart in progress lines). */
  public boolean hasCorrections() {
    return corrections;
  }

  /** This output's topic in {@code kafka}. */
  public String topic(KafkaConfig kafka) {
    return kafka.topic(this);
  }

  /**
   * The outputs {@code config} has, in the order of {@link #all()}: the outputs of every enabled mechanism in
   * registration order, ledger events when any mechanism is enabled, the rejected output always.
   */
  public static Set<OutputKind> of(JobConfig config) {
    Set<OutputKind> s = new LinkedHashSet<>();
    for (Configured<?> m : config.mechanisms()) {
      s.addAll(m.outputs());
    }
    if (config.anyMechanism()) {
      s.add(LEDGER_EVENTS);
    }
    s.add(REJECTED);
    return java.util.Collections.unmodifiableSet(s);
  }

  /**
   * Every output a job of this build can have, in the job's order: every registered mechanism's, then ledger
   * events, then the rejected output.
   */
  public static List<OutputKind> all() {
    List<OutputKind> out = new java.util.ArrayList<>(Mechanisms.possibleOutputs());
    out.add(LEDGER_EVENTS);
    out.add(REJECTED);
    return List.copyOf(out);
  }


  /** Lower-case name with spaces, for progress lines: {@code dphmm releases}. */
  public String label() {
    return fileStem.replace('-', ' ').toLowerCase(Locale.ROOT);
  }

  /** Outputs are constants: one instance per output, resolved again on deserialization. */
  private Object readResolve() {
    for (OutputKind k : all()) {
      if (k.fileStem.equals(fileStem)) {
        return k;
      }
    }
    return this;
  }

  @Override
  public String toString() {
    return fileStem;
  }

  /** Builds an {@link OutputKind}; {@link #topic} and {@link #keyFields} are required. */
  public static final class Builder {
    private final String fileStem;
    private final Class<? extends SpecificRecordBase> recordClass;
    private String topicKey;
    private String defaultTopic;
    private List<String> keyFields;
    private String groupedBy;
    private boolean corrections;

    private Builder(String fileStem, Class<? extends SpecificRecordBase> recordClass) {
      PufferPreconditions.checkArgument(fileStem != null && fileStem.matches("[a-z][a-z0-9-]*"),
          "fileStem = %s: lower-case letters, digits and '-'", fileStem);
      this.fileStem = fileStem;
      this.recordClass = PufferPreconditions.checkNotNull("recordClass", recordClass);
    }

    /** The topic's key in the {@code kafka} section ({@code dphmmTopic}) and its default name. */
    public Builder topic(String key, String defaultName) {
      PufferPreconditions.checkArgument(key != null && key.matches("[a-z][A-Za-z0-9]*Topic"),
          "topic key = %s: a camelCase name ending in Topic", key);
      this.topicKey = key;
      this.defaultTopic = PufferPreconditions.checkNotNull("default topic", defaultName);
      return this;
    }

    /** The fields that order the output's file, most significant first. */
    public Builder keyFields(String... fields) {
      PufferPreconditions.checkArgument(fields.length > 0, "keyFields: at least one");
      this.keyFields = List.of(fields);
      return this;
    }

    /** What {@code read --summary} counts records by. */
    public Builder groupedBy(String what) {
      this.groupedBy = PufferPreconditions.checkNotNull("groupedBy", what);
      return this;
    }

    /** Records may be corrections of earlier ones. */
    public Builder withCorrections() {
      this.corrections = true;
      return this;
    }

    public OutputKind build() {
      PufferPreconditions.checkArgument(topicKey != null, "%s: topic(key, default) is required", fileStem);
      PufferPreconditions.checkArgument(keyFields != null, "%s: keyFields is required", fileStem);
      return new OutputKind(this);
    }
  }
}
