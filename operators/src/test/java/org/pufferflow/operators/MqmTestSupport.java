package org.pufferflow.operators;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.operators.KeyedProcessOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.avro.WindowHistogram;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.operators.NoiseKeySource;

/** Shared fixtures of the MQM and fleet operator tests (test keys are never used outside tests). */
final class MqmTestSupport {

  static final List<String> LABELS = List.of("low", "high");

  private MqmTestSupport() {}

  /** A sticky 2-state chain, W and S as given, target ε* = 1. */
  static MqmWindowPlan stickySpec(int window, int slide) {
    return MqmWindowPlan.builder().chains(List.<double[][]>of(new double[][] {{0.9, 0.1}, {0.2, 0.8}}))
        .window(window).slide(slide)
        .epsilon(1.0).build();
  }

  /** A key file of 64 hex digits (bytes {@code seed}, seed+1, …) in {@code dir}. */
  static NoiseKeySource keyFile(Path dir, int seed) throws IOException {
    StringBuilder hex = new StringBuilder();
    for (int i = 0; i < 32; i++) {
      hex.append(String.format("%02x", (seed + i) & 0xFF));
    }
    Path file = dir.resolve("noise-" + seed + ".key");
    Files.writeString(file, hex.toString(), StandardCharsets.US_ASCII);
    return NoiseKeySource.file(file.toAbsolutePath().toString());
  }

  static KeyedOneInputStreamOperatorTestHarness<String, StateObservation, WindowHistogram> harness(
      MqmWindowPlan spec, LedgerPolicy budget, NoiseKeySource key) throws Exception {
    return harness(new MqmWindowFunction(spec.withBudget(budget), key, LABELS));
  }

  static KeyedOneInputStreamOperatorTestHarness<String, StateObservation, WindowHistogram> harness(
      MqmWindowFunction fn) throws Exception {
    return new KeyedOneInputStreamOperatorTestHarness<>(new KeyedProcessOperator<>(fn), o -> o.subjectId,
        Types.STRING);
  }

  static void feed(KeyedOneInputStreamOperatorTestHarness<String, StateObservation, WindowHistogram> h,
      String subject, long tick, int state) throws Exception {
    h.processElement(new StateObservation(subject, tick, state), tick * 10 + 9);
  }

  static <T> List<T> values(Queue<StreamRecord<T>> queue) {
    List<T> out = new ArrayList<>();
    if (queue != null) {
      for (StreamRecord<T> r : queue) {
        out.add(r.getValue());
      }
    }
    return out;
  }

  /** Binary Avro encoding of the records, concatenated (for byte-identical comparisons). */
  static byte[] avroBytes(List<? extends SpecificRecord> records) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder enc = EncoderFactory.get().binaryEncoder(out, null);
    for (SpecificRecord r : records) {
      new SpecificDatumWriter<SpecificRecord>(r.getSchema()).write(r, enc);
    }
    enc.flush();
    return out.toByteArray();
  }
}
