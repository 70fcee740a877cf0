package org.pufferflow.jobs.io;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.flink.annotation.PublicEvolving;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.avro.FleetHistogram;
import org.pufferflow.avro.LedgerEvent;
import org.pufferflow.avro.RedactedRecord;
import org.pufferflow.avro.RejectedObservation;
import org.pufferflow.avro.WindowHistogram;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.config.KafkaConfig;

/**
 * The job's outputs (docs/configuration.md, 'output'): each has one Avro record type, one Kafka topic (named in the
 * {@code kafka} section) and, in file mode, one file named {@link #fileStem()} plus the format's extension.
 */
@PublicEvolving
public enum OutputKind {
  DPHMM_RELEASES("dphmm-releases", DphmmRelease.class),
  WINDOW_HISTOGRAMS("window-histograms", WindowHistogram.class),
  FLEET_HISTOGRAMS("fleet-histograms", FleetHistogram.class),
  REDACTED_RECORDS("redacted-records", RedactedRecord.class),
  LEDGER_EVENTS("ledger-events", LedgerEvent.class),
  REJECTED("rejected", RejectedObservation.class);

  private final String fileStem;
  private final Class<? extends SpecificRecordBase> recordClass;

  OutputKind(String fileStem, Class<? extends SpecificRecordBase> recordClass) {
    this.fileStem = fileStem;
    this.recordClass = recordClass;
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
    return "kafka." + switch (this) {
      case DPHMM_RELEASES -> "dphmmTopic";
      case WINDOW_HISTOGRAMS -> "mqmTopic";
      case FLEET_HISTOGRAMS -> "fleetTopic";
      case REDACTED_RECORDS -> "redactedTopic";
      case LEDGER_EVENTS -> "ledgerTopic";
      case REJECTED -> "rejectedTopic";
    };
  }

  /** This output's topic in {@code kafka}. */
  public String topic(KafkaConfig kafka) {
    return switch (this) {
      case DPHMM_RELEASES -> kafka.dphmmTopic();
      case WINDOW_HISTOGRAMS -> kafka.mqmTopic();
      case FLEET_HISTOGRAMS -> kafka.fleetTopic();
      case REDACTED_RECORDS -> kafka.redactedTopic();
      case LEDGER_EVENTS -> kafka.ledgerTopic();
      case REJECTED -> kafka.rejectedTopic();
    };
  }

  /**
   * The outputs {@code config} has, in this enum's order: the rejected output always, the output of every enabled
   * mechanism, the fleet histogram with {@code mqm.fleet}, ledger events when any mechanism is enabled.
   */
  public static Set<OutputKind> of(JobConfig config) {
    EnumSet<OutputKind> s = EnumSet.of(REJECTED);
    if (config.dphmm() != null) {
      s.add(DPHMM_RELEASES);
    }
    if (config.mqm() != null) {
      s.add(WINDOW_HISTOGRAMS);
      if (config.mqmFleet()) {
        s.add(FLEET_HISTOGRAMS);
      }
    }
    if (config.redaction() != null) {
      s.add(REDACTED_RECORDS);
    }
    if (config.anyMechanism()) {
      s.add(LEDGER_EVENTS);
    }
    return Collections.unmodifiableSet(s);
  }

  /** Lower-case name with spaces, for progress lines: {@code dphmm releases}. */
  public String label() {
    return fileStem.replace('-', ' ').toLowerCase(Locale.ROOT);
  }
}
