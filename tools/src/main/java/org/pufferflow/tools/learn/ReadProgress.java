package org.pufferflow.tools.learn;

import org.apache.flink.annotation.Internal;

/**
 * Progress of a trace reader, in bytes of input: announced once per input, then advanced as lines are read. The
 * CLI shows it as a progress bar on stderr for large inputs; tests pass {@link #NONE}.
 */
@Internal
public interface ReadProgress {

  /** Shows nothing. */
  ReadProgress NONE = new ReadProgress() {
    @Override
    public void start(String task, long totalBytes) {}

    @Override
    public void advance(long bytes) {}
  };

  /** Announces {@code totalBytes} to read for {@code task}. */
  void start(String task, long totalBytes);

  /** {@code bytes} more were read. */
  void advance(long bytes);
}
