package org.pufferflow.jobs.pipeline;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.pufferflow.avro.Observation;
import org.pufferflow.avro.OptOut;
import org.pufferflow.jobs.testing.ObservationRecords;

/**
 * Test fixture of the event-time tests (docs/configuration.md, 'Event time and lateness'): a deterministic input of
 * {@code subjects} two-state chains over {@code ticks} ticks of 1 s, each subject in a fixed partition, with what a
 * real feed has — records of a subject swapped within the allowed lateness of 2 ticks, a few gaps, duplicates and
 * records too late for their subject — and opt-outs issued at various event times, each in one partition of the opt-out
 * topic. Each partition holds its records in (nominal) tick order, as a producer that sends what it observes writes
 * them; the same records serve file mode, sorted by time or grouped by subject.
 */
final class SkewedInput {

  /** One observation: its subject, tick, state label and where it goes. */
  record Obs(String subject, long tick, String label, long eventTime, int partition, long slot) {
    byte[] value() {
      return ObservationRecords.encode(Observation.newBuilder().setSubjectId(subject)
          .setEventTime(Instant.ofEpochMilli(eventTime)).setStateLabel(label).build());
    }

    String csvLine() {
      return subject + "," + eventTime + "," + label;
    }
  }

  /** One opt-out, and the range file mode preloads for it (what the contract protects; null: nothing). */
  record Opt(OptOut optOut, int partition, long[] protectedRange) {}

  final int partitions;
  final int optOutPartitions;
  /** Per partition, its records in the order they are produced. */
  final List<List<Obs>> byPartition = new ArrayList<>();
  /** Every record grouped by subject (each subject's records in their own order). */
  final Map<String, List<Obs>> bySubject = new TreeMap<>();
  final List<Opt> optOuts = new ArrayList<>();

  /**
   * @param reachBack how many ticks before its issue tick an opt-out still protects: holdBackTicks minus the plan's
   *     hold-back (docs/redaction.md, 'When an opt-out takes effect')
   */
  SkewedInput(int subjects, int ticks, int partitions, int optOutPartitions, long reachBack, long seed) {
    this.partitions = partitions;
    this.optOutPartitions = optOutPartitions;
    Random r = new Random(seed);
    List<Obs> placed = new ArrayList<>();
    for (int p = 0; p < partitions; p++) {
      byPartition.add(new ArrayList<>());
    }
    for (int s = 0; s < subjects; s++) {
      String subject = "s" + s;
      int p = s % partitions;
      long offset = 50 + (s * 37L) % 900;
      List<Obs> own = new ArrayList<>();
      int start = s % 7 == 3 ? 5 : 0; // some subjects start later: other window boundaries
      for (int t = start; t < ticks; t++) {
        if (r.nextInt(40) == 0) {
          continue; // a gap
        }
        boolean on = Integer.bitCount((s * 7 + 3) * (t / (2 + s % 5) + 1)) % 2 == 0;
        own.add(new Obs(subject, t, on ? "on" : "off", t * 1000L + offset, p, 0));
      }
      List<Obs> order = new ArrayList<>(own);
      for (int i = 0; i + 1 < order.size(); i++) {
        if (r.nextInt(10) == 0) { // swapped within the lateness (adjacent ticks)
          Obs a = order.get(i);
          order.set(i, order.get(i + 1));
          order.set(i + 1, a);
          i++;
        }
      }
      List<Obs> sent = new ArrayList<>();
      long slot = 0; // where the producer sends it: at the newest tick of the subject so far (order kept)
      for (int i = 0; i < order.size(); i++) {
        Obs o = order.get(i);
        slot = Math.max(slot, o.tick());
        sent.add(at(o, slot));
        if (r.nextInt(50) == 0) {
          sent.add(at(o, slot)); // a duplicate: DUPLICATE_TICK
        }
        if (i > 10 && r.nextInt(60) == 0) {
          Obs old = order.get(i - 8); // far behind the subject's newest tick: TOO_LATE
          sent.add(new Obs(subject, old.tick(), old.label().equals("on") ? "off" : "on", old.eventTime(), p, slot));
        }
      }
      bySubject.put(subject, sent);
      placed.addAll(sent);
    }
    placed.sort(java.util.Comparator.comparingLong(Obs::slot)); // stable: each subject keeps its order
    placed.forEach(o -> byPartition.get(o.partition()).add(o));
    for (int i = 0; i < 12; i++) {
      int s = (i * 7 + 1) % subjects;
      long from = 12 + r.nextInt(ticks - 30);
      long to = from + r.nextInt(6);
      boolean tooLate = i == 5;
      long issuedTick = tooLate ? from + reachBack + 1 : from - r.nextInt(6);
      long issued = issuedTick * 1000 + 500;
      long first = Math.max(from, issuedTick - reachBack);
      optOuts.add(new Opt(new OptOut("s" + s, from, to, Instant.ofEpochMilli(issued)), i % optOutPartitions,
          first <= to ? new long[] {first, to} : null));
    }
    optOuts.sort((a, b) -> Long.compare(a.optOut().getEventTime().toEpochMilli(),
        b.optOut().getEventTime().toEpochMilli())); // each opt-out partition in issue order
  }

  /** Every observation by the tick its producer sent it at (a file sorted by time). */
  List<Obs> byTime() {
    List<Obs> all = new ArrayList<>();
    byPartition.forEach(all::addAll);
    all.sort(java.util.Comparator.comparingLong(Obs::slot)); // stable: each partition keeps its order
    return all;
  }

  private static Obs at(Obs o, long slot) {
    return new Obs(o.subject(), o.tick(), o.label(), o.eventTime(), o.partition(), slot);
  }

  /** Every observation grouped by subject. */
  List<Obs> bySubjectOrder() {
    List<Obs> all = new ArrayList<>();
    bySubject.values().forEach(all::addAll);
    return all;
  }

  /** Writes {@code records} as a {@code subject,time,state} CSV file. */
  static Path csv(Path file, List<Obs> records) throws IOException {
    StringBuilder b = new StringBuilder("subject,time,state\n");
    records.forEach(o -> b.append(o.csvLine()).append('\n'));
    return Files.writeString(file, b, StandardCharsets.UTF_8);
  }

  /** The opt-outs file mode preloads: each opt-out's protected range (subject,fromTick,toTick). */
  Path optOutsCsv(Path file) throws IOException {
    StringBuilder b = new StringBuilder("subject,fromTick,toTick\n");
    for (Opt o : optOuts) {
      if (o.protectedRange() != null) {
        b.append(o.optOut().getSubjectId()).append(',').append(o.protectedRange()[0]).append(',')
            .append(o.protectedRange()[1]).append('\n');
      }
    }
    return Files.writeString(file, b, StandardCharsets.UTF_8);
  }

  /** Observations produced per partition. */
  long[] counts() {
    long[] c = new long[partitions];
    for (int p = 0; p < partitions; p++) {
      c[p] = byPartition.get(p).size();
    }
    return c;
  }

  /** Opt-outs per opt-out partition. */
  long[] optOutCounts() {
    long[] c = new long[optOutPartitions];
    optOuts.forEach(o -> c[o.partition()]++);
    return c;
  }
}
