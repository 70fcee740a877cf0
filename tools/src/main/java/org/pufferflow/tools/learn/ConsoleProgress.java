package org.pufferflow.tools.learn;

import java.io.PrintStream;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import org.apache.flink.annotation.Internal;

/**
 * A {@link ReadProgress} shown as a progress bar (me.tongfei progressbar) on a console stream, for inputs of at least
 * {@code minBytes}; smaller inputs show nothing. Close it when reading is done.
 */
@Internal
public final class ConsoleProgress implements ReadProgress, AutoCloseable {

  /** Inputs from this size on get a bar by default (1 MiB). */
  public static final long DEFAULT_MIN_BYTES = 1L << 20;

  private final PrintStream stream;
  private final long minBytes;
  private ProgressBar bar;

  public ConsoleProgress(PrintStream stream, long minBytes) {
    this.stream = stream;
    this.minBytes = minBytes;
  }

  @Override
  public void start(String task, long totalBytes) {
    close();
    if (totalBytes >= minBytes) {
      bar = new ProgressBarBuilder()
          .setTaskName("learn " + task)
          .setInitialMax(totalBytes)
          .setUnit(" MiB", 1L << 20)
          .setUpdateIntervalMillis(250)
          .setConsumer(new ConsoleProgressBarConsumer(stream))
          .build();
    }
  }

  @Override
  public void advance(long bytes) {
    if (bar != null) {
      bar.stepBy(bytes);
    }
  }

  @Override
  public void close() {
    if (bar != null) {
      bar.stepTo(bar.getMax());
      bar.close();
      bar = null;
    }
  }
}
