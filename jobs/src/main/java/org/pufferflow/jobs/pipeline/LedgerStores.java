package org.pufferflow.jobs.pipeline;

import org.apache.flink.annotation.Internal;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.config.OutputConfig;
import org.pufferflow.jobs.io.file.LedgerDirectory;
import org.pufferflow.jobs.io.kafka.KafkaLedgerStore;
import org.pufferflow.operators.LedgerStore;

/**
 * The durable ledger of a configuration (docs/privacy-noise.md, 'The durable ledger'): it commits with the outputs,
 * so it lives where they go — the compacted topic {@code kafka.ledgerStoreTopic} for Kafka output, {@code ledger.dir}
 * for file output. A job without a mechanism keeps none.
 */
@Internal
public final class LedgerStores {

  private LedgerStores() {}

  /**
   * @param bootstrapServers the broker (Kafka output), or null
   */
  public static LedgerStore of(JobConfig config, String bootstrapServers) {
    if (!config.anyMechanism()) {
      return LedgerStore.NONE;
    }
    if (config.output() instanceof OutputConfig.Directory) {
      // the configuration guarantees ledger.dir for file output with a budget
      return new LedgerDirectory(config.ledgerDir());
    }
    return new KafkaLedgerStore(bootstrapServers, config.kafka().ledgerStoreTopic());
  }
}
