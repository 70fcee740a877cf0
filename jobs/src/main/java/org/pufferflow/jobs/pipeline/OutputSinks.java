package org.pufferflow.jobs.pipeline;

import org.apache.avro.specific.SpecificRecordBase;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.pufferflow.avro.LedgerEntry;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.config.OutputConfig;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.jobs.io.file.FileOutputs;
import org.pufferflow.jobs.io.file.LedgerParts;
import org.pufferflow.jobs.io.kafka.KafkaOutputs;

/** Where a pipeline's outputs go: the configured Kafka topics, or one file per output in a directory. */
abstract class OutputSinks {

  /** The uid of the durable ledger's sink (after the pipeline's prefix). */
  static final String LEDGER_UID = "privacy-ledger-sink";

  abstract <T extends SpecificRecordBase> void attach(DataStream<T> stream, OutputKind kind, Class<T> type);

  /** The durable ledger's entries, committed with the outputs (docs/privacy-noise.md, 'The durable ledger'). */
  abstract void attachLedger(DataStream<LedgerEntry> entries);

  static OutputSinks of(JobConfig config, String bootstrapServers, String id) {
    if (config.output() instanceof OutputConfig.Directory dir) {
      return new OutputSinks() {
        @Override
        <T extends SpecificRecordBase> void attach(DataStream<T> stream, OutputKind kind, Class<T> type) {
          stream.sinkTo(FileOutputs.sink(dir, kind, type)).name(id + kind.fileStem() + ": " + dir.dir())
              .uid(id + kind.fileStem() + "-sink");
        }

        @Override
        void attachLedger(DataStream<LedgerEntry> entries) {
          entries.sinkTo(LedgerParts.sink(dir)).name(id + "ledger entries: " + config.ledgerDir())
              .uid(id + LEDGER_UID);
        }
      };
    }
    return new OutputSinks() {
      @Override
      <T extends SpecificRecordBase> void attach(DataStream<T> stream, OutputKind kind, Class<T> type) {
        stream.sinkTo(KafkaOutputs.sink(kind, type, config.kafka(), bootstrapServers, id))
            .name(id + kind.fileStem() + ": " + kind.topic(config.kafka())).uid(id + kind.fileStem() + "-sink");
      }

      @Override
      void attachLedger(DataStream<LedgerEntry> entries) {
        entries.sinkTo(KafkaOutputs.ledgerSink(config.kafka(), bootstrapServers, id))
            .name(id + "ledger entries: " + config.kafka().ledgerStoreTopic()).uid(id + LEDGER_UID);
      }
    };
  }
}
