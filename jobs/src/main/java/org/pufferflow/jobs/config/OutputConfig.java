package org.pufferflow.jobs.config;

import java.io.Serializable;
import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;

/**
 * Where the job writes what it releases (config section {@code output}; docs/configuration.md, 'output'): the Kafka
 * topics of the {@code kafka} section (the default when the section is absent) or one file per output in a
 * directory, for offline publishing.
 */
@PublicEvolving
public sealed interface OutputConfig extends Serializable {

  /** File formats of {@link Directory}. */
  enum Format {
    /** One JSON object per line with the Avro schema's field names ({@code .jsonl}). */
    JSONL,
    /** An Avro object container file ({@code .avro}). */
    AVRO;

    /** The name used in the configuration, also the files' extension. */
    public String configName() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** Every output on its Kafka topic, written with exactly-once transactions. */
  record KafkaTopics() implements OutputConfig {
    private static final long serialVersionUID = 1L;
  }

  /**
   * One file per output in {@code dir}, named after its record ({@code dphmm-releases.jsonl}, ...).
   *
   * @param dir absolute path of the output directory
   * @param format the files' format
   */
  record Directory(String dir, Format format) implements OutputConfig {
    private static final long serialVersionUID = 1L;

    public Directory {
      Objects.requireNonNull(dir, "dir");
      Objects.requireNonNull(format, "format");
    }
  }

  /** True when the outputs go to Kafka topics. */
  default boolean kafka() {
    return this instanceof KafkaTopics;
  }
}
