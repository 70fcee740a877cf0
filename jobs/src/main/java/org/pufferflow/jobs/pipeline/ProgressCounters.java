package org.pufferflow.jobs.pipeline;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.operators.FleetHistogramFunction;

/**
 * Counts what flows through the job in Flink accumulators, for the progress line and the summary of
 * {@code pufferflow run} (docs/cli.md, 'run'): records read, observations accepted, and the records of every output
 * ({@link OutputKind#fileStem()}), each named after the pipeline's id. Accumulators count attempts: after a
 * restore from a checkpoint the replayed records are counted again (the outputs themselves are exactly-once).
 */
@Internal
public final class ProgressCounters {

  public static final String READ = "records read";
  public static final String ACCEPTED = "accepted observations";
  /** Fleet histograms published as corrections (docs/operators.md, 'Fleet histogram'); 0 without a fleet. */
  public static final String CORRECTIONS = "fleet corrections";

  private ProgressCounters() {}

  /** {@code stream}, counted under {@code id + name}. */
  public static <T> DataStream<T> count(DataStream<T> stream, String id, String name, TypeInformation<T> type) {
    return stream.map(new Count<T>(id + name), type).name(id + "count " + name)
        .uid(id + "count-" + name.replace(' ', '-'));
  }

  /** The counters of pipeline {@code id} in {@code accumulators}, by name without the id (missing ones are 0). */
  public static Map<String, Long> of(Map<String, Object> accumulators, String id, Iterable<OutputKind> outputs) {
    Map<String, Long> m = new LinkedHashMap<>();
    m.put(READ, value(accumulators, id + READ));
    m.put(ACCEPTED, value(accumulators, id + ACCEPTED));
    for (OutputKind k : outputs) {
      m.put(k.fileStem(), value(accumulators, id + k.fileStem()));
    }
    m.put(CORRECTIONS, value(accumulators, FleetHistogramFunction.CORRECTIONS));
    return m;
  }

  private static long value(Map<String, Object> accumulators, String name) {
    Object v = accumulators == null ? null : accumulators.get(name);
    return v instanceof Number n ? n.longValue() : 0;
  }

  /** Identity that counts. */
  static final class Count<T> extends RichMapFunction<T, T> {
    private static final long serialVersionUID = 1L;
    private final String name;
    private transient LongCounter counter;

    Count(String name) {
      this.name = name;
    }

    @Override
    public void open(OpenContext context) {
      counter = new LongCounter();
      getRuntimeContext().addAccumulator(name, counter);
    }

    @Override
    public T map(T value) {
      counter.add(1L);
      return value;
    }
  }
}
