package org.pufferflow.tools.bench;

import org.apache.flink.annotation.Internal;

/** The keyed operators {@code pufferflow bench} measures (docs/benchmarks.md, 'Keyed operators'). */
@Internal
public enum BenchMechanism {
  DPHMM("dphmm", 100, 2, 10_000),
  MQM("mqm", 10, 2, 256),
  REDACTION("redaction", 2, 2, 2);

  private final String cliName;
  private final int defaultStates;
  private final int minStates;
  private final int maxStates;

  BenchMechanism(String cliName, int defaultStates, int minStates, int maxStates) {
    this.cliName = cliName;
    this.defaultStates = defaultStates;
    this.minStates = minStates;
    this.maxStates = maxStates;
  }

  /** The subcommand's name. */
  public String cliName() {
    return cliName;
  }

  /** N when {@code --states} is not given. */
  public int defaultStates() {
    return defaultStates;
  }

  public int minStates() {
    return minStates;
  }

  public int maxStates() {
    return maxStates;
  }
}
