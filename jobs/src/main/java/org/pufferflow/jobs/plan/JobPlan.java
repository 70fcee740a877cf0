package org.pufferflow.jobs.plan;

import java.util.List;
import org.apache.flink.annotation.Internal;
import org.pufferflow.jobs.mechanism.MechanismPlan;

/**
 * The plan of one job configuration (docs/cli.md, "plan --config"): the plan of every enabled mechanism, in
 * registration order, with the summary and warnings of the whole job.
 *
 * @param mechanisms each enabled mechanism's plan
 * @param summary one plain-language sentence per enabled mechanism
 * @param warnings one sentence per problem, each naming the configuration key that helps
 */
@Internal
public record JobPlan(List<MechanismPlan> mechanisms, List<String> summary, List<String> warnings) {

  public JobPlan {
    mechanisms = List.copyOf(mechanisms);
    summary = List.copyOf(summary);
    warnings = List.copyOf(warnings);
  }

  /** The plan of the mechanism of {@code section}, or null. */
  public MechanismPlan mechanism(String section) {
    return mechanisms.stream().filter(m -> m.section().equals(section)).findFirst().orElse(null);
  }

  /** The outlook of type {@code type} (e.g. {@link DphmmOutlook}), or null. */
  public <T> T outlook(Class<T> type) {
    for (MechanismPlan m : mechanisms) {
      if (type.isInstance(m.outlook())) {
        return type.cast(m.outlook());
      }
    }
    return null;
  }
}
