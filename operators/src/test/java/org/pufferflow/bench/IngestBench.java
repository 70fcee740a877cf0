package org.pufferflow.bench;

import java.io.IOException;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;
import org.pufferflow.avro.Observation;
import org.pufferflow.ingest.BinsDiscretizer;
import org.pufferflow.ingest.ObservationDecoder;
import org.pufferflow.ingest.ObservationEncoder;
import org.pufferflow.ingest.ObservationValidator;
import org.pufferflow.ingest.TickClock;

/**
 * Per-record cost of the stateless ingestion step: Avro decoding alone (the baseline) versus decoding plus the
 * allocation-free {@code check} (bins discretizer) and decoding plus the allocating {@code validate}.
 * Run: {@code scripts/jmh IngestBench -f 1 -wi 2 -w 1s -i 3 -r 1s}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class IngestBench {

  private static final int N = 1024;

  private byte[][] payloads;
  private ObservationDecoder decoder;
  private ObservationValidator validator;
  private int i;

  @Setup
  public void setup() throws IOException {
    ObservationEncoder encoder = new ObservationEncoder();
    payloads = new byte[N][];
    for (int k = 0; k < N; k++) {
      Observation o = Observation.newBuilder().setSubjectId("meter-" + (k % 50))
          .setEventTime(Instant.ofEpochMilli(1_767_225_600_000L + k * 900_000L)).setReading((k % 37) * 0.07).build();
      payloads[k] = encoder.encode(o);
    }
    decoder = new ObservationDecoder();
    validator = new ObservationValidator(new BinsDiscretizer(new double[] {0.2, 1.0}, 0, 50), new TickClock(900_000, 0));
  }

  private byte[] next() {
    i = (i + 1) & (N - 1);
    return payloads[i];
  }

  @Benchmark
  public Object decode() {
    return decoder.decode(next());
  }

  @Benchmark
  public void decodeAndCheck(Blackhole bh) {
    Observation o = decoder.decode(next());
    int state = validator.check(o);
    bh.consume(state);
    bh.consume(validator.clock().tickOf(o.getEventTime().toEpochMilli()));
  }

  @Benchmark
  public Object decodeAndValidate() {
    Observation o = decoder.decode(next());
    int code = validator.check(o);
    return code < 0 ? validator.reject(o, code) : code;
  }
}
