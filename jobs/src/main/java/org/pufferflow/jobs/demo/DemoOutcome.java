package org.pufferflow.jobs.demo;

import java.util.EnumMap;
import java.util.Map;
import org.pufferflow.ingest.ReasonCode;

/**
 * What happened to one demo input: records fed, observations accepted, rejections per reason as read back from the
 * rejected topic (read_committed), next to what the feed plan says must happen.
 */
public record DemoOutcome(
    String name,
    String inputTopic,
    String rejectedTopic,
    long fed,
    long expectedAccepted,
    Map<ReasonCode, Integer> expectedRejections,
    Map<ReasonCode, Integer> rejections) {

  public DemoOutcome {
    expectedRejections = copy(expectedRejections);
    rejections = copy(rejections);
  }

  private static Map<ReasonCode, Integer> copy(Map<ReasonCode, Integer> m) {
    EnumMap<ReasonCode, Integer> c = new EnumMap<>(ReasonCode.class);
    c.putAll(m);
    return c;
  }

  public long rejected() {
    return rejections.values().stream().mapToLong(Integer::longValue).sum();
  }

  /** True when every reason's count read back equals the plan's. */
  public boolean rejectionsAsPlanned() {
    return rejections.equals(expectedRejections);
  }
}
