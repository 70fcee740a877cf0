package org.pufferflow.bench;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.operators.KeyedProcessOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.apache.flink.util.Collector;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.avro.WindowHistogram;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.operators.MqmWindowFunction;
import org.pufferflow.operators.NoiseKeySource;
import org.pufferflow.operators.StateObservation;

/**
 * Per-record cost of {@link MqmWindowFunction} in Flink's keyed operator harness (heap state) beside a keyed
 * pass-through function in the same harness, on the same records: round-robin over {@code subjects} subjects,
 * tick-ordered, W = 24 tumbling windows over k = 4 states (one release per 24 records). The harness is not a
 * MiniCluster job (no network, no serialization between operators); it isolates the function's own cost.
 * Run: scripts/jmh MqmOperatorBench -f 1 -wi 2 -w 1s -i 3 -r 1s
 */
@State(Scope.Thread)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@BenchmarkMode(Mode.Throughput)
public class MqmOperatorBench {

  @Param({"1000"})
  public int subjects;

  private String[] ids;
  private long i;
  private KeyedOneInputStreamOperatorTestHarness<String, StateObservation, WindowHistogram> mqm;
  private KeyedOneInputStreamOperatorTestHarness<String, StateObservation, StateObservation> passThrough;

  /** The baseline: emits its input. */
  public static final class PassThrough extends KeyedProcessFunction<String, StateObservation, StateObservation> {
    @Override
    public void processElement(StateObservation o, Context ctx, Collector<StateObservation> out) {
      out.collect(o);
    }
  }

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    Path key = Files.createTempFile("mqm-bench", ".key");
    key.toFile().deleteOnExit();
    Files.writeString(key, "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff", StandardCharsets.US_ASCII);
    double[][] p = {{0.7, 0.1, 0.1, 0.1}, {0.1, 0.7, 0.1, 0.1}, {0.1, 0.1, 0.7, 0.1}, {0.1, 0.1, 0.1, 0.7}};
    MqmWindowPlan spec = MqmWindowPlan.builder().chains(List.<double[][]>of(p))
        .window(24).slide(24).epsilon(1.0).budget(LedgerPolicy.builder().totalBudget(1e12).build()).build();
    mqm = new KeyedOneInputStreamOperatorTestHarness<>(new KeyedProcessOperator<>(new MqmWindowFunction(spec,
        NoiseKeySource.file(key.toAbsolutePath().toString()), List.of("a", "b", "c", "d"))),
        o -> o.subjectId, Types.STRING);
    mqm.open();
    passThrough = new KeyedOneInputStreamOperatorTestHarness<>(new KeyedProcessOperator<>(new PassThrough()),
        o -> o.subjectId, Types.STRING);
    passThrough.open();
    ids = new String[subjects];
    for (int s = 0; s < subjects; s++) {
      ids[s] = "subject-" + s;
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() throws Exception {
    mqm.close();
    passThrough.close();
  }

  private StateObservation next() {
    long n = i++;
    int s = (int) (n % subjects);
    long tick = n / subjects + 1;
    return new StateObservation(ids[s], tick, (int) ((tick * 7 + s) % 4));
  }

  @Benchmark
  public void mqmWindowFunction() throws Exception {
    mqm.processElement(new StreamRecord<>(next(), 0));
    if ((i & 0xFFFF) == 0) {
      mqm.getOutput().clear();
    }
  }

  @Benchmark
  public void passThrough() throws Exception {
    passThrough.processElement(new StreamRecord<>(next(), 0));
    if ((i & 0xFFFF) == 0) {
      passThrough.getOutput().clear();
    }
  }
}
