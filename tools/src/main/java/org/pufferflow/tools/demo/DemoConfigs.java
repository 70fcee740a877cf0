package org.pufferflow.tools.demo;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.flink.annotation.Internal;
import org.pufferflow.jobs.config.ConfigLoader;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.operators.NoiseKeySource;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.mechanism.redaction.RedactionPlan;

/**
 * The demo's three configurations (resources equal to examples/smart-meters.yaml, examples/location-grid.yaml and
 * examples/presence-opt-outs.yaml) and its sizes. The noise key: the environment variable the configurations name
 * ({@code noise.keyEnv}) when it is set, otherwise the public {@link DemoKey} through a temporary key file (deleted
 * on {@link #close()}), which makes the demo's releases reproducible by anyone: fine for synthetic data only.
 */
@Internal
public final class DemoConfigs implements AutoCloseable {

  public static final String METERS_RESOURCE = "/demo/job.yaml";
  public static final String LOCATIONS_RESOURCE = "/demo/location.yaml";
  public static final String PRESENCE_RESOURCE = "/demo/presence.yaml";

  static final int METERS = 40;
  static final int PEOPLE = 8;
  static final int HOMES = 10;
  static final int OPTING_OUT = 3;
  /** Simulated ticks fed per second of the demo: one day of 15-minute meter ticks. */
  static final int METER_TICKS_PER_SECOND = 96;
  /** Simulated ticks fed per second for locations: one day of 6-hour ticks. */
  static final int LOCATION_TICKS_PER_SECOND = 4;
  /** Simulated ticks fed per second for presence (5-minute ticks). */
  static final int OTHER_TICKS_PER_SECOND = 32;

  private final JobConfig meters;
  private final JobConfig locations;
  private final JobConfig presence;
  private final Path keyFile;

  private DemoConfigs(JobConfig meters, JobConfig locations, JobConfig presence, Path keyFile) {
    this.meters = meters;
    this.locations = locations;
    this.presence = presence;
    this.keyFile = keyFile;
  }

  /** Loads the three configurations and settles the noise key (said on {@code err}). */
  public static DemoConfigs load(PrintStream err) throws IOException {
    JobConfig m = resource(METERS_RESOURCE);
    String env = m.noise().keyEnv();
    if (env != null && System.getenv(env) != null) {
      err.println("noise key: from the environment variable of noise.keyEnv");
      return new DemoConfigs(m, resource(LOCATIONS_RESOURCE), resource(PRESENCE_RESOURCE), null);
    }
    Path file = Files.createTempFile("pufferflow-demo-", ".key");
    Files.writeString(file, DemoKey.HEX);
    NoiseKeySource source = NoiseKeySource.file(file.toAbsolutePath().toString());
    err.println("noise key: the PUBLIC demo key (noise.keyEnv is not set), so anyone can reproduce this demo's noise;"
        + " a real job needs a secret key");
    return new DemoConfigs(withNoise(m, source), withNoise(resource(LOCATIONS_RESOURCE), source),
        withNoise(resource(PRESENCE_RESOURCE), source), file);
  }

  /** The pipelines of a demo of {@code seconds}, with their feed plans. */
  public List<DemoPipeline> pipelines(int seconds) {
    int meterTicks = seconds * METER_TICKS_PER_SECOND;
    int otherTicks = seconds * OTHER_TICKS_PER_SECOND;
    return List.of(
        new DemoPipeline("meters", "smart meters", meters,
            DemoFeeds.smartMeters(meters, METERS, meterTicks, DemoRun.PARTITIONS)),
        new DemoPipeline("locations", "locations", locations,
            DemoFeeds.locations(locations, PEOPLE, seconds * LOCATION_TICKS_PER_SECOND, DemoRun.PARTITIONS)),
        new DemoPipeline("presence", "presence", presence,
            DemoFeeds.presence(presence, HOMES, otherTicks, DemoRun.PARTITIONS, OPTING_OUT)));
  }

  /** A line for the report: sizes and the key used for the data. */
  public String settings(int seconds) {
    return String.format(Locale.ROOT, "%d smart meters × %d ticks, %d people × %d ticks, %d homes × %d ticks (%d "
        + "opting out); %d partitions per input; synthetic data from the public demo key %s", METERS,
        seconds * METER_TICKS_PER_SECOND, PEOPLE, seconds * OTHER_TICKS_PER_SECOND, HOMES,
        seconds * OTHER_TICKS_PER_SECOND, OPTING_OUT, DemoRun.PARTITIONS, DemoKey.HEX);
  }

  static JobConfig resource(String resource) {
    try (InputStream in = DemoConfigs.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + resource);
      }
      return ConfigLoader.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), Path.of("."));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static JobConfig withNoise(JobConfig c, NoiseKeySource noise) {
    return new JobConfig(c.kafka(), c.time(), c.model(), c.discretizer(), c.mechanisms(), noise, c.input(),
        c.output(), c.ledgerDir(), c.execution(), c.ingest());
  }

  @Override
  public void close() throws IOException {
    if (keyFile != null) {
      Files.deleteIfExists(keyFile);
    }
  }
}
