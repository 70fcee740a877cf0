package org.pufferflow.tools.demo;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.pufferflow.avro.Observation;
import org.pufferflow.avro.OptOut;
import org.pufferflow.ingest.ReasonCode;
import org.pufferflow.jobs.config.DiscretizerConfig;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.config.ModelConfig;
import org.pufferflow.noise.RandomStream;

/**
 * Synthetic inputs of {@code pufferflow demo} (docs/cli.md, 'demo'), all drawn from the keyed generator under the
 * public {@link DemoKey}, so every plan is a deterministic function of its arguments:
 * <ul>
 *   <li>smart meters whose hidden occupancy level follows the model's Markov chain and who report a noisy kWh
 *       reading per tick (bins discretizer): the reading lies in the level's bin, and 10% of readings stray into a
 *       neighbouring bin, so the job's state is the bin of the reading;
 *   <li>people whose grid cell follows the model's random walk, reporting a position inside the cell (grid
 *       discretizer);
 *   <li>homes with a binary presence signal (categorical discretizer, labels of the model) and a few opt-outs.
 * </ul>
 * One record in {@value #FAULT_EVERY} rounds is deliberately invalid, cycling through every reason code the
 * discretizer can produce, and a few valid ones arrive out of order within the allowed lateness, so the report shows
 * each path of the ingestion.
 */
final class DemoFeeds {

  /** First event time of the demo data: 2026-01-01T00:00:00Z. */
  static final long START_MILLIS = 1_767_225_600_000L;
  /** Inject one invalid record every this many rounds. */
  static final int FAULT_EVERY = 8;
  /** Probability that a subject's record is delayed past the next tick's record (still within the lateness). */
  static final double OUT_OF_ORDER = 0.02;

  private static final List<ReasonCode> METER_FAULTS = List.of(
      ReasonCode.UNDECODABLE, ReasonCode.MISSING_SUBJECT, ReasonCode.MISSING_TIME, ReasonCode.NEGATIVE_TIME,
      ReasonCode.MISSING_VALUE, ReasonCode.READING_NOT_FINITE, ReasonCode.READING_OUT_OF_RANGE,
      ReasonCode.DUPLICATE_TICK, ReasonCode.TOO_LATE);
  private static final List<ReasonCode> LOCATION_FAULTS = List.of(
      ReasonCode.LATLON_OUT_OF_RANGE, ReasonCode.OUTSIDE_GRID, ReasonCode.MISSING_VALUE, ReasonCode.DUPLICATE_TICK,
      ReasonCode.TOO_LATE, ReasonCode.UNDECODABLE, ReasonCode.MISSING_SUBJECT);
  private static final List<ReasonCode> PRESENCE_FAULTS = List.of(
      ReasonCode.UNKNOWN_LABEL, ReasonCode.MISSING_VALUE, ReasonCode.DUPLICATE_TICK, ReasonCode.TOO_LATE,
      ReasonCode.NEGATIVE_TIME, ReasonCode.MISSING_TIME);

  private DemoFeeds() {}

  /** How a subject's hidden state becomes a valid payload, and how to spoil a payload for a reason. */
  private interface Sensor {
    /** Sets a valid payload for hidden state {@code state}; returns the state the job will see. */
    int observe(Observation.Builder b, int state, RandomStream r);

    /** Spoils the payload of {@code b} for a discretizer reason; false if the reason is not a payload reason. */
    boolean spoil(Observation.Builder b, ReasonCode reason, RandomStream r);
  }

  /** Smart meters {@code meter-000, ...}: bins discretizer. */
  public static FeedPlan smartMeters(JobConfig config, int meters, int ticks, int partitions) {
    DiscretizerConfig.Bins bins = (DiscretizerConfig.Bins) config.discretizer();
    double[] edges = binEdges(bins);
    Sensor sensor = new Sensor() {
      @Override
      public int observe(Observation.Builder b, int state, RandomStream r) {
        int level = state;
        if (r.nextDouble() < 0.1) {
          level = Math.max(0, Math.min(edges.length - 2, level + (r.nextDouble() < 0.5 ? 1 : -1)));
        }
        double lo = edges[level];
        double hi = edges[level + 1];
        b.setReading(lo + (0.01 + 0.98 * r.nextDouble()) * (hi - lo));
        return level;
      }

      @Override
      public boolean spoil(Observation.Builder b, ReasonCode reason, RandomStream r) {
        switch (reason) {
          case MISSING_VALUE -> b.setReading(null);
          case READING_NOT_FINITE -> b.setReading(r.nextDouble() < 0.5 ? Double.NaN : Double.POSITIVE_INFINITY);
          case READING_OUT_OF_RANGE -> b.setReading(bins.max() + 1 + r.nextDouble() * 10);
          default -> {
            return false;
          }
        }
        return true;
      }
    };
    return plan(config, "meters", "meter-%03d", meters, ticks, partitions, sensor, METER_FAULTS);
  }

  /** People {@code person-00, ...}: grid discretizer; a position drawn inside the hidden cell, away from its edges. */
  public static FeedPlan locations(JobConfig config, int people, int ticks, int partitions) {
    DiscretizerConfig.Grid g = (DiscretizerConfig.Grid) config.discretizer();
    double h = (g.maxLat() - g.minLat()) / g.rows();
    double w = (g.maxLon() - g.minLon()) / g.cols();
    Sensor sensor = new Sensor() {
      @Override
      public int observe(Observation.Builder b, int state, RandomStream r) {
        int row = state / g.cols();
        int col = state % g.cols();
        b.setLat(g.minLat() + (row + 0.05 + 0.9 * r.nextDouble()) * h);
        b.setLon(g.minLon() + (col + 0.05 + 0.9 * r.nextDouble()) * w);
        return state;
      }

      @Override
      public boolean spoil(Observation.Builder b, ReasonCode reason, RandomStream r) {
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
    return plan(config, "locations", "person-%02d", people, ticks, partitions, sensor, LOCATION_FAULTS);
  }

  /**
   * Homes {@code home-00, ...} with a binary presence label (categorical discretizer). The first {@code optingOut}
   * homes each opt out of a short tick range in the middle of the feed (honoured: sent before the job starts), and
   * one further opt-out with {@code fromTick > toTick} must be refused ({@link ReasonCode#OPT_OUT_REFUSED}).
   */
  public static FeedPlan presence(JobConfig config, int homes, int ticks, int partitions, int optingOut) {
    List<String> labels = config.model().states();
    Sensor sensor = new Sensor() {
      @Override
      public int observe(Observation.Builder b, int state, RandomStream r) {
        b.setStateLabel(labels.get(state));
        return state;
      }

      @Override
      public boolean spoil(Observation.Builder b, ReasonCode reason, RandomStream r) {
        switch (reason) {
          case MISSING_VALUE -> b.setStateLabel(null);
          case UNKNOWN_LABEL -> b.setStateLabel(labels.get(0).toUpperCase(Locale.ROOT) + "?");
          default -> {
            return false;
          }
        }
        return true;
      }
    };
    FeedPlan plan = plan(config, "presence", "home-%02d", homes, ticks, partitions, sensor, PRESENCE_FAULTS);
    long first = firstTick(config);
    for (int i = 0; i < Math.min(optingOut, homes); i++) {
      long from = first + ticks / 3 + 3L * i;
      plan.addOptOut(optOut(config, subject("home-%02d", i), from, from + 2 + i), null);
    }
    plan.addOptOut(optOut(config, subject("home-%02d", homes - 1), first + 10, first + 5),
        ReasonCode.OPT_OUT_REFUSED);
    return plan;
  }

  /** An opt-out issued at the start of its first tick: in time for every tick it covers (docs/redaction.md). */
  private static OptOut optOut(JobConfig config, String subject, long from, long to) {
    return new OptOut(subject, from, to, java.time.Instant.ofEpochMilli(config.time().clock().startOf(from)));
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

  /** The first tick of every demo subject. */
  static long firstTick(JobConfig config) {
    long tickMillis = config.time().tickMillis();
    return Math.max(0, (START_MILLIS - config.time().epochMillis()) / tickMillis)
        + config.time().allowedLatenessTicks() + 4;
  }

  static String subject(String nameFormat, int i) {
    return String.format(Locale.ROOT, nameFormat, i);
  }

  private static FeedPlan plan(JobConfig config, String purpose, String nameFormat, int subjects, int ticks,
      int partitions, Sensor sensor, List<ReasonCode> faults) {
    ModelConfig model = config.model();
    long tickMillis = config.time().tickMillis();
    long epoch = config.time().epochMillis();
    int lateness = config.time().allowedLatenessTicks();
    long firstTick = firstTick(config);
    String[] names = new String[subjects];
    for (int i = 0; i < subjects; i++) {
      names[i] = subject(nameFormat, i);
    }
    MarkovFleet fleet = new MarkovFleet(model.transition(), model.initial(), purpose, names);
    RandomStream faultRandom = DemoKey.stream(purpose + "/faults", "*");
    FeedPlan plan = new FeedPlan(config.kafka().inputTopic(), partitions);
    Observation.Builder[] delayed = new Observation.Builder[subjects];
    int[] delayedState = new int[subjects];
    int nextFault = 0;
    for (int round = 0; round < ticks; round++) {
      plan.newRound();
      if (round > 0) {
        fleet.step();
      }
      long tick = firstTick + round;
      int faultSubject = round % FAULT_EVERY == 0 ? (round * 7) % subjects : -1;
      for (int i = 0; i < subjects; i++) {
        RandomStream r = fleet.random(i);
        int partition = i % partitions;
        Observation.Builder b = Observation.newBuilder().setSubjectId(names[i])
            .setEventTime(Instant.ofEpochMilli(epoch + tick * tickMillis + r.nextLong(tickMillis)));
        int seen = sensor.observe(b, fleet.state(i), r);
        boolean delayThis = lateness >= 1 && i != faultSubject && round < ticks - 1 && delayed[i] == null
            && r.nextDouble() < OUT_OF_ORDER;
        if (delayThis) {
          delayed[i] = b;
          delayedState[i] = seen;
          continue;
        }
        plan.addValid(partition, b.build(), tick, seen);
        if (delayed[i] != null) { // the previous tick's record, one tick late: accepted
          plan.addValid(partition, delayed[i].build(), tick - 1, delayedState[i]);
          delayed[i] = null;
        }
        if (i == faultSubject) {
          ReasonCode reason = faults.get(nextFault++ % faults.size());
          addFault(plan, partition, b, reason, tick, lateness, tickMillis, epoch, sensor, faultRandom);
        }
      }
    }
    return plan;
  }

  private static void addFault(FeedPlan plan, int partition, Observation.Builder valid, ReasonCode reason, long tick,
      int lateness, long tickMillis, long epoch, Sensor sensor, RandomStream r) {
    Observation.Builder b = Observation.newBuilder(valid);
    switch (reason) {
      case UNDECODABLE -> {
        byte[] garbage = new byte[8 + (int) r.nextLong(24)];
        for (int k = 0; k < garbage.length; k++) {
          garbage[k] = (byte) r.nextLong(256);
        }
        garbage[0] = 0x09; // zig-zag -5: never a valid union branch, so the bytes cannot decode by chance
        plan.addInvalidBytes(partition, valid.getSubjectId(), garbage, reason);
        return;
      }
      case MISSING_SUBJECT -> b.setSubjectId(r.nextDouble() < 0.5 ? null : "");
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
