package org.pufferflow.jobs.io.file;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.connector.file.sink.FileSink;
import org.apache.flink.formats.avro.AvroWriters;
import org.apache.flink.streaming.api.functions.sink.filesystem.OutputFileConfig;
import org.apache.flink.streaming.api.functions.sink.filesystem.bucketassigners.BasePathBucketAssigner;
import org.pufferflow.avro.LedgerEntry;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.jobs.config.OutputConfig;

/**
 * The durable ledger's entries of a file-mode run, staged like an output (docs/privacy-noise.md, 'The durable
 * ledger'): a Flink {@code FileSink} writes Avro part files under {@code <output.dir>/.parts/ledger-entries/}, each
 * committed by the checkpoint that commits the outputs' parts, whatever the output format. After the run has finished,
 * {@link LedgerDirectory} merges them into a segment of {@code ledger.dir}, committed with the output files.
 */
@Internal
public final class LedgerParts {

  private LedgerParts() {}

  /**
   * The sink of the entries: Avro container part files named {@link LedgerDirectory#PARTS_STEM}{@code *.avro} in
   * {@link FileOutputs#ledgerPartsOf}, one per checkpoint and subtask.
   */
  public static Sink<LedgerEntry> sink(OutputConfig.Directory out) {
    PufferPreconditions.checkNotNull("out", out);
    org.apache.flink.core.fs.Path parts =
        org.apache.flink.core.fs.Path.fromLocalFile(FileOutputs.ledgerPartsOf(out).toFile());
    return FileSink.forBulkFormat(parts, AvroWriters.forSpecificRecord(LedgerEntry.class))
        .withBucketAssigner(new BasePathBucketAssigner<>())
        .withOutputFileConfig(OutputFileConfig.builder().withPartPrefix(LedgerDirectory.PARTS_STEM)
            .withPartSuffix(".avro").build())
        .build();
  }
}
