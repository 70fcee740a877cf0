package org.pufferflow.operators;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.util.OutputTag;
import org.pufferflow.avro.LedgerEntry;
import org.pufferflow.avro.LedgerEvent;
import org.pufferflow.avro.RejectedObservation;

/**
 * The side outputs shared by the keyed mechanism functions (DPHMM, MQM, redaction): ledger events (one per
 * exhaustion, docs/privacy-noise.md, 'The privacy ledger') and records the mechanism cannot honour (for example an
 * opt-out for a tick already released), which go to the dead-letter topic with their own reason code. Both carry
 * explicit Avro type information, never a generic (Kryo) type.
 */
@PublicEvolving
public final class MechanismOutputs {

  /** Ledger events of every mechanism (the record names the mechanism). */
  public static final OutputTag<LedgerEvent> LEDGER_EVENTS =
      new OutputTag<>("ledger-events", TypeInformation.of(LedgerEvent.class));

  /**
   * Every subject's durable ledger entry after each charge or release, for the deployment's ledger store
   * ({@link LedgerStore}); emitted only when the job keeps one.
   */
  public static final OutputTag<LedgerEntry> LEDGER_ENTRIES =
      new OutputTag<>("ledger-entries", TypeInformation.of(LedgerEntry.class));

  /** Inputs a mechanism function refuses, for the dead-letter topic. */
  public static final OutputTag<RejectedObservation> REJECTED =
      new OutputTag<>("mechanism-rejected", TypeInformation.of(RejectedObservation.class));

  private MechanismOutputs() {}
}
