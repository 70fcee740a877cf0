package org.pufferflow.operators;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.operators.KeyedProcessOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.chain.TransitionMatrices;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.dphmm.DphmmNoise;
import org.pufferflow.mechanism.dphmm.DphmmReleaser;
import org.pufferflow.noise.KeyedRandom;
import org.pufferflow.noise.NoiseContext;
import org.pufferflow.operators.NoiseKeySource;
import org.pufferflow.policy.PolicyGraph;
import org.pufferflow.policy.StateQuery;

/** Shared set-up of the DPHMM release function tests: specs, key files, harnesses, Avro bytes, a reference replay. */
final class DphmmOperatorFixtures {

  private DphmmOperatorFixtures() {}

  /** A key file of 64 hex digits (bytes {@code first}, first + 1, …) in {@code dir}. */
  static NoiseKeySource keyFile(Path dir, int first) throws IOException {
    StringBuilder hex = new StringBuilder();
    for (int i = 0; i < 32; i++) {
      hex.append(String.format("%02x", (first + i) & 0xff));
    }
    Path file = dir.resolve("key-" + first + ".hex");
    Files.writeString(file, hex.toString(), StandardCharsets.US_ASCII);
    return NoiseKeySource.file(file.toAbsolutePath().toString());
  }

  /**
   * A three-state chain with every transition positive (so the support constraint keeps C = all states and every
   * release costs ε), f = (0, 1, 2) in one dimension, uniform p0, the utility graph of radius 1 (edges 0–1 and 1–2:
   * S_f = 1 and K = [−1, 1], so both noises are Laplace(1/ε) on z − f(s′)).
   */
  static DphmmConfig smallSpec(DphmmNoise noise, double epsilon) {
    return utilityRelease(new double[][] {{0.6, 0.3, 0.1}, {0.2, 0.6, 0.2}, {0.1, 0.3, 0.6}},
        new double[] {1.0 / 3, 1.0 / 3, 1.0 / 3}, new double[][] {{0}, {1}, {2}}, 1.0)
        .noise(noise)
        .epsilon(epsilon)
        .build();
  }

  /**
   * A release configuration of (M, p0, F) with the utility policy graph of {@code radius}, charged to a budget no
   * test exhausts (a test of the ledger gives its own, {@link DphmmConfig#withBudget}).
   */
  static DphmmConfig.Builder utilityRelease(double[][] m, double[] p0, double[][] f, double radius) {
    TransitionMatrix transition = TransitionMatrices.of("transition", m);
    StateQuery query = StateQuery.of("query", f, transition.size());
    return DphmmConfig.builder().forRelease().transition(transition).initial(p0).query(query)
        .policyGraph(PolicyGraph.utility(query, radius)).budget(Budgets.total(1e12));
  }

  static KeyedOneInputStreamOperatorTestHarness<String, StateObservation, DphmmRelease> harness(
      DphmmReleaseFunction fn) throws Exception {
    return new KeyedOneInputStreamOperatorTestHarness<>(new KeyedProcessOperator<>(fn), o -> o.subjectId, Types.STRING);
  }

  static void feed(KeyedOneInputStreamOperatorTestHarness<String, StateObservation, DphmmRelease> h,
      List<StateObservation> in) throws Exception {
    for (StateObservation o : in) {
      h.processElement(new StateObservation(o.subjectId, o.tick, o.state), o.tick);
    }
  }

  /** Avro binary encoding of the records, concatenated (what a Kafka sink would write, record by record). */
  static byte[] avro(List<DphmmRelease> records) throws IOException {
    SpecificDatumWriter<DphmmRelease> writer = new SpecificDatumWriter<>(DphmmRelease.class);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(bytes, null);
    for (DphmmRelease r : records) {
      writer.write(r, encoder);
    }
    encoder.flush();
    return bytes.toByteArray();
  }

  static <T> List<T> values(ConcurrentLinkedQueue<StreamRecord<T>> q) {
    List<T> out = new ArrayList<>();
    if (q != null) {
      for (StreamRecord<T> r : q) {
        out.add(r.getValue());
      }
    }
    return out;
  }

  /**
   * The released z of the releaser used directly, for one subject whose releases are made at {@code ticks} with
   * true states {@code states}: gap FIRST_RELEASE, then tick − previous release tick; noise context ("dphmm",
   * subject, tick) for the release at tick.
   */
  static List<double[]> reference(DphmmConfig spec, NoiseKeySource key, String subject, long[] ticks, int[] states) {
    DphmmReleaser releaser = new DphmmReleaser(spec);
    KeyedRandom random = new KeyedRandom(key.load());
    org.pufferflow.mechanism.dphmm.DphmmRelease out = releaser.newResult();
    double[] posterior = releaser.newPosterior();
    List<double[]> z = new ArrayList<>();
    for (int k = 0; k < ticks.length; k++) {
      long gap = k == 0 ? DphmmReleaser.FIRST_RELEASE : ticks[k] - ticks[k - 1];
      releaser.release(posterior, gap, states[k], NoiseContext.position(random, "dphmm", subject, ticks[k]), out);
      z.add(out.z().clone());
    }
    return z;
  }

  static double[] values(DphmmRelease r) {
    double[] v = new double[r.getValues().size()];
    for (int i = 0; i < v.length; i++) {
      v[i] = r.getValues().get(i);
    }
    return v;
  }
}
