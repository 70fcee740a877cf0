package org.pufferflow.jobs.demo;

import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;
import org.pufferflow.avro.Observation;
import org.pufferflow.ingest.ReasonCode;
import org.pufferflow.jobs.config.DiscretizerConfig;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.config.ModelConfig;

/**
 * Synthetic inputs of {@code pufferflow demo} (docs/cli.md): smart meters whose hidden occupancy level follows the
 * model's Markov chain and who report a noisy kWh reading per tick (bins discretizer), and people whose location
 * follows a random walk on a grid (grid discretizer). A few records are deliberately invalid, cycling through
 * every reason code the discretizer can produce, and a few valid ones arrive out of order within the allowed
 * lateness, so the report shows each path of the ingestion. The plans are deterministic given the seed.
 */
public final class DemoFeeds {

  /** First event time of the demo data: 2026-01-01T00:00:00Z. */
  static final long START_MILLIS = 1_767_225_600_000L;
  /** Inject one invalid record every this many rounds. */
  static final int FAULT_EVERY = 3;
  /** Probability that a subject's record is delayed past the next tick's record (still within the lateness). */
  static final double OUT_OF_ORDER = 0.02;

  private static final List<ReasonCode> METER_FAULTS = List.of(
      ReasonCode.UNDECODABLE, ReasonCode.MISSING_SUBJECT, ReasonCode.MISSING_TIME, ReasonCode.NEGATIVE_TIME,
      ReasonCode.MISSING_VALUE, ReasonCode.READING_NOT_FINITE, ReasonCode.READING_OUT_OF_RANGE,
      ReasonCode.DUPLICATE_TICK, ReasonCode.TOO_LATE);
  private static final List<ReasonCode> LOCATION_FAULTS = List.of(
      ReasonCode.LATLON_OUT_OF_RANGE, ReasonCode.OUTSIDE_GRID, ReasonCode.MISSING_VALUE, ReasonCode.DUPLICATE_TICK,
      ReasonCode.TOO_LATE, ReasonCode.UNDECODABLE, ReasonCode.MISSING_SUBJECT);

  private DemoFeeds() {}

  /** How a subject's hidden state becomes a valid payload, and how to spoil a payload for a reason. */
  private interface Sensor {
    void observe(Observation.Builder b, int state, SplittableRandom r);

    /** Spoils the payload of {@code b} for a discretizer reason; false if the reason is not a payload reason. */
    boolean spoil(Observation.Builder b, ReasonCode reason, SplittableRandom r);
  }

  /** Smart meters: bins discretizer; the hidden level's bin gives the reading, 10% of readings stray one bin. */
  public static FeedPlan smartMeters(JobConfig config, int meters, int ticks, int partitions, long seed) {
    DiscretizerConfig.Bins bins = (DiscretizerConfig.Bins) config.discretizer();
    double[] edges = binEdges(bins);
    Sensor sensor = new Sensor() {
      @Override
      public void observe(Observation.Builder b, int state, SplittableRandom r) {
        int level = state;
        if (r.nextDouble() < 0.1) {
          level = Math.max(0, Math.min(edges.length - 2, level + (r.nextBoolean() ? 1 : -1)));
        }
        double lo = edges[level];
        double hi = edges[level + 1];
        b.setReading(Math.min(hi, lo + r.nextDouble() * (hi - lo) * 0.999));
      }

      @Override
      public boolean spoil(Observation.Builder b, ReasonCode reason, SplittableRandom r) {
        switch (reason) {
          case MISSING_VALUE -> b.setReading(null);
          case READING_NOT_FINITE -> b.setReading(r.nextBoolean() ? Double.NaN : Double.POSITIVE_INFINITY);
          case READING_OUT_OF_RANGE -> b.setReading(bins.max() + 1 + r.nextDouble() * 10);
          default -> {
            return false;
          }
        }
        return true;
      }
    };
    return plan(config, "meter-%03d", meters, ticks, partitions, seed, sensor, METER_FAULTS);
  }

  /** Location traces: grid discretizer; a position drawn inside the hidden cell, away from its edges. */
  public static FeedPlan locations(JobConfig config, int people, int ticks, int partitions, long seed) {
    DiscretizerConfig.Grid g = (DiscretizerConfig.Grid) config.discretizer();
    double h = (g.maxLat() - g.minLat()) / g.rows();
    double w = (g.maxLon() - g.minLon()) / g.cols();
    Sensor sensor = new Sensor() {
      @Override
      public void observe(Observation.Builder b, int state, SplittableRandom r) {
        int row = state / g.cols();
        int col = state % g.cols();
        b.setLat(g.minLat() + (row + 0.05 + 0.9 * r.nextDouble()) * h);
        b.setLon(g.minLon() + (col + 0.05 + 0.9 * r.nextDouble()) * w);
      }

      @Override
      public boolean spoil(Observation.Builder b, ReasonCode reason, SplittableRandom r) {
        switch (reason) {
          case MISSING_VALUE -> b.setLon(null);
          case LATLON_OUT_OF_RANGE -> b.setLat(90.5 + r.nextDouble());
          case OUTSIDE_GRID -> b.setLat(g.minLat() - h * (1 + r.nextDouble()));
          default -> {
            return false;
          }
        }
        return true;
      }
    };
    return plan(config, "person-%02d", people, ticks, partitions, seed, sensor, LOCATION_FAULTS);
  }

  private static double[] binEdges(DiscretizerConfig.Bins bins) {
    double[] t = bins.thresholds();
    double[] edges = new double[t.length + 2];
    edges[0] = bins.min();
    System.arraycopy(t, 0, edges, 1, t.length);
    // the top level is open up to max; keep demo readings in a plausible band above the last threshold
    double last = t.length == 0 ? bins.min() : t[t.length - 1];
    edges[t.length + 1] = Math.min(bins.max(), last + Math.max(1.0, 2 * (last - bins.min())));
    return edges;
  }

  private static FeedPlan plan(JobConfig config, String nameFormat, int subjects, int ticks, int partitions,
      long seed, Sensor sensor, List<ReasonCode> faults) {
    ModelConfig model = config.model();
    long tickMillis = config.time().tickMillis();
    long epoch = config.time().epochMillis();
    int lateness = config.time().allowedLatenessTicks();
    long firstTick = Math.max(0, (START_MILLIS - epoch) / tickMillis) + lateness + 4;
    SplittableRandom r = new SplittableRandom(seed);
    MarkovFleet fleet = new MarkovFleet(model.transition(), model.initial(), subjects, r.split());
    FeedPlan plan = new FeedPlan(config.kafka().inputTopic(), partitions);
    Observation.Builder[] delayed = new Observation.Builder[subjects];
    int nextFault = 0;
    for (int round = 0; round < ticks; round++) {
      plan.newRound();
      if (round > 0) {
        fleet.step();
      }
      long tick = firstTick + round;
      int faultSubject = round % FAULT_EVERY == 0 ? (round * 7) % subjects : -1;
      for (int i = 0; i < subjects; i++) {
        int partition = i % partitions;
        String subject = String.format(nameFormat, i);
        Observation.Builder b = Observation.newBuilder().setSubjectId(subject)
            .setEventTime(Instant.ofEpochMilli(epoch + tick * tickMillis + r.nextLong(tickMillis)));
        sensor.observe(b, fleet.state(i), r);
        boolean delayThis = lateness >= 1 && i != faultSubject && round < ticks - 1 && delayed[i] == null && r.nextDouble() < OUT_OF_ORDER;
        if (delayThis) {
          delayed[i] = b;
          continue;
        }
        plan.addValid(partition, b.build());
        if (delayed[i] != null) { // the previous tick's record, one tick late: accepted
          plan.addValid(partition, delayed[i].build());
          delayed[i] = null;
        }
        if (i == faultSubject) {
          ReasonCode reason = faults.get(nextFault++ % faults.size());
          addFault(plan, partition, b, reason, tick, lateness, tickMillis, epoch, sensor, r);
        }
      }
    }
    return plan;
  }

  private static void addFault(FeedPlan plan, int partition, Observation.Builder valid, ReasonCode reason, long tick,
      int lateness, long tickMillis, long epoch, Sensor sensor, SplittableRandom r) {
    Observation.Builder b = Observation.newBuilder(valid);
    switch (reason) {
      case UNDECODABLE -> {
        byte[] garbage = new byte[8 + r.nextInt(24)];
        for (int k = 0; k < garbage.length; k++) {
          garbage[k] = (byte) r.nextInt(256);
        }
        garbage[0] = 0x09; // zig-zag -5: never a valid union branch, so the bytes cannot decode by chance
        plan.addInvalidBytes(partition, valid.getSubjectId(), garbage, reason);
        return;
      }
      case MISSING_SUBJECT -> b.setSubjectId(r.nextBoolean() ? null : "");
      case MISSING_TIME -> b.setEventTime(null);
      case NEGATIVE_TIME -> b.setEventTime(Instant.ofEpochMilli(-1 - r.nextLong(1_000_000)));
      case DUPLICATE_TICK -> { /* same subject and tick as the record just sent */ }
      case TOO_LATE -> b.setEventTime(Instant.ofEpochMilli(epoch + (tick - lateness - 3) * tickMillis));
      default -> {
        if (!sensor.spoil(b, reason, r)) {
          throw new IllegalStateException("no way to produce " + reason);
        }
      }
    }
    plan.addInvalid(partition, b.build(), reason);
  }
}
