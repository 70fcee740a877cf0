package org.pufferflow.tools.bench;

import org.apache.flink.annotation.Internal;

/**
 * What {@code pufferflow bench dphmm|mqm|redaction} (and, with the pipeline's meaning of each rate,
 * {@code bench pipeline}) measured over its repeated runs (docs/cli.md, 'bench dphmm|mqm|redaction';
 * docs/benchmarks.md, 'How the bench commands measure'). Every rate is the min/median/max over the runs; every ratio
 * is taken within one round and judged by {@link Trust}.
 *
 * @param mechanism the operator measured
 * @param states N, the number of model states
 * @param subjects M, the number of subjects (keys)
 * @param stateBackend {@code hashmap} or {@code rocksdb}
 * @param parallelism parallelism of the keyed operator
 * @param askedSeconds the duration each timed run was asked to last ({@code --seconds})
 * @param records the fewest input records of a timed run of the measured job
 * @param recordsPerSecond the measured job's rate: records entering the keyed operator per second
 * @param passThroughRecordsPerSecond the same job with a pass-through instead, same input
 * @param mechanismRecordsPerSecond the plain-Java mechanism called in a loop (for the pipeline: the keyed operator
 *     without Kafka; null in file mode, which has no such comparison)
 * @param seconds the timed spans of the measured job's runs
 * @param ratioToPassThrough measured ÷ pass-through, per round
 * @param ratioToMechanism measured ÷ mechanism, per round
 * @param scaling per-record cost at {@code subjects} ÷ that at {@code baselineSubjects}, per round; null when not
 *     asked ({@code --baseline-subjects})
 * @param baselineSubjects the subjects of the scaling baseline, or 0
 * @param stateBytesPerSubject the operator's checkpointed keyed state per subject in steady state, or −1 when no
 *     checkpoint completed
 * @param releaseToProduct DPHMM: one bare release ÷ one sparse p·M on the same posteriors, per round (null for the
 *     other mechanisms and the pipeline)
 */
@Internal
public record BenchResult(
    BenchMechanism mechanism,
    int states,
    int subjects,
    String stateBackend,
    int parallelism,
    double askedSeconds,
    long records,
    Spread recordsPerSecond,
    Spread passThroughRecordsPerSecond,
    Spread mechanismRecordsPerSecond,
    Spread seconds,
    Ratio ratioToPassThrough,
    Ratio ratioToMechanism,
    Ratio scaling,
    int baselineSubjects,
    double stateBytesPerSubject,
    Spread releaseToProduct) {

  /** The number of timed runs of each job. */
  public int runs() {
    return recordsPerSecond.runs();
  }
}
