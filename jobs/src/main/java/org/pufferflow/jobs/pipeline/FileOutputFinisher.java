package org.pufferflow.jobs.pipeline;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.pufferflow.jobs.config.OutputConfig;

/** After a successful file-mode run: one file per output in the output directory (docs/configuration.md, 'output'). */
public final class FileOutputFinisher {
  private FileOutputFinisher() {}

  /** Merges the committed part files of every output into its file; returns the files written. */
  public static List<Path> finish(OutputConfig.Directory dir, Set<OutputKind> outputs) {
    throw new UnsupportedOperationException("file output is not built yet");
  }
}
