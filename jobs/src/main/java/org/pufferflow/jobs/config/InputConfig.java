package org.pufferflow.jobs.config;

import java.io.Serializable;
import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;

/**
 * Where the job reads its observations (config section {@code input}; docs/configuration.md, 'input'): the Kafka
 * input topic ({@code kafka.inputTopic}, the default when the section is absent) or a file for offline publishing.
 */
@PublicEvolving
public sealed interface InputConfig extends Serializable {

  /** File formats of {@link File}. */
  enum Format {
    /**
     * One observation per line: {@code subject,time,state}, {@code subject,time,reading} or
     * {@code subject,time,lat,lon}.
     */
    CSV,
    /** An Avro object container file of {@code Observation} records. */
    AVRO;

    /** The name used in the configuration. */
    public String configName() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /**
   * Observations from {@code kafka.inputTopic}, opt-outs (when redaction is enabled) from {@code kafka.optOutTopic}.
   */
  record KafkaTopic() implements InputConfig {
    private static final long serialVersionUID = 1L;
  }

  /**
   * Observations from one file.
   *
   * @param path absolute path of the observations file
   * @param format its format
   * @param optOutsPath absolute path of a CSV file of opt-outs ({@code subject,fromTick,toTick}), or {@code null} for
   *     none; only with redaction
   */
  record File(String path, Format format, String optOutsPath) implements InputConfig {
    private static final long serialVersionUID = 1L;

    public File {
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(format, "format");
    }
  }

  /** True when observations come from the Kafka input topic. */
  default boolean kafka() {
    return this instanceof KafkaTopic;
  }
}
