package org.pufferflow.jobs.bench;

import org.apache.flink.annotation.Internal;

/**
 * What {@code pufferflow bench dphmm|mqm|redaction} measured in one run (docs/cli.md, 'bench dphmm|mqm|redaction').
 *
 * @param mechanism the operator measured
 * @param states N, the number of model states
 * @param subjects M, the number of subjects (keys)
 * @param stateBackend {@code heap} or {@code rocksdb}
 * @param parallelism parallelism of the keyed operator
 * @param records input records of the timed operator run
 * @param recordsPerSecond the operator job's rate: records entering the keyed operator per second
 * @param passThroughRecordsPerSecond the same job with a pass-through keyed operator instead, same input
 * @param mechanismRecordsPerSecond the plain-Java mechanism called in a loop on one subject
 * @param stateBytesPerSubject the operator's checkpointed keyed state per subject in steady state (a separate run
 *     over at most 10,000 subjects), or −1 when no checkpoint of that run completed
 * @param seconds the length of the operator's timed span
 * @param releaseToProduct DPHMM: one bare release ÷ one sparse p·M on the same posteriors, in the same run (NaN for
 *     the other mechanisms and where not measured)
 */
@Internal
public record BenchResult(
    BenchMechanism mechanism,
    int states,
    int subjects,
    String stateBackend,
    int parallelism,
    long records,
    double recordsPerSecond,
    double passThroughRecordsPerSecond,
    double mechanismRecordsPerSecond,
    double stateBytesPerSubject,
    double seconds,
    double releaseToProduct) {

  /** A result without a release ÷ p·M ratio. */
  public BenchResult(BenchMechanism mechanism, int states, int subjects, String stateBackend, int parallelism,
      long records, double recordsPerSecond, double passThroughRecordsPerSecond, double mechanismRecordsPerSecond,
      double stateBytesPerSubject, double seconds) {
    this(mechanism, states, subjects, stateBackend, parallelism, records, recordsPerSecond,
        passThroughRecordsPerSecond, mechanismRecordsPerSecond, stateBytesPerSubject, seconds, Double.NaN);
  }

  /** Operator ÷ pass-through. */
  public double ratioToPassThrough() {
    return recordsPerSecond / passThroughRecordsPerSecond;
  }

  /** Operator ÷ bare mechanism. */
  public double ratioToMechanism() {
    return recordsPerSecond / mechanismRecordsPerSecond;
  }
}
