package org.pufferflow.jobs.pipeline;

import java.util.Set;
import org.apache.flink.annotation.PublicEvolving;
import org.pufferflow.jobs.io.OutputKind;

/**
 * What {@link JobAssembly#build} added to an environment.
 *
 * @param ingest the ingestion streams (accepted observations, rejected input records)
 * @param mechanisms the streams of the enabled mechanisms
 * @param outputs the outputs that have a sink, in {@link OutputKind} order
 * @param id the pipeline's uid prefix ({@code ""} or ending in {@code /}); progress counters carry it
 */
@PublicEvolving
public record Assembled(IngestStreams ingest, MechanismStreams mechanisms, Set<OutputKind> outputs, String id) {}
