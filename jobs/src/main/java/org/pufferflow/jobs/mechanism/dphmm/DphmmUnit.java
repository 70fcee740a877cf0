package org.pufferflow.jobs.mechanism.dphmm;

import java.util.List;
import org.apache.flink.annotation.PublicEvolving;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.jobs.config.ConfigNode;
import org.pufferflow.jobs.config.DphmmSection;
import org.pufferflow.jobs.config.ModelConfig;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.jobs.mechanism.Attachment;
import org.pufferflow.jobs.mechanism.MechanismPlan;
import org.pufferflow.jobs.mechanism.MechanismUnit;
import org.pufferflow.jobs.mechanism.PlanContext;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.noise.NoiseContext;
import org.pufferflow.operators.DphmmReleaseFunction;
import org.pufferflow.operators.DurableProcessOperator;

/**
 * Per-tick DPHMM releases (docs/dphmm.md): the {@code dphmm} section, read into a {@link DphmmConfig} (budget
 * inside) by {@link DphmmSection}; one keyed {@link DphmmReleaseFunction} (uid {@value #UID}) publishing
 * {@link #RELEASES}; its plan is {@link DphmmPlanText}.
 */
@PublicEvolving
public final class DphmmUnit implements MechanismUnit<DphmmConfig> {

  /** The operator's uid (after the pipeline's prefix): stable, savepoints refer to it. */
  public static final String UID = "dphmm-release";

  /** The releases. */
  public static final OutputKind RELEASES = OutputKind.builder("dphmm-releases", DphmmRelease.class)
      .topic("dphmmTopic", "dphmm-releases").keyFields("subjectId", "tick").groupedBy("subjects").build();

  @Override
  public String section() {
    return NoiseContext.DPHMM;
  }

  @Override
  public DphmmConfig read(ConfigNode node, ModelConfig model) {
    return DphmmSection.read(node, model);
  }

  @Override
  public List<OutputKind> possibleOutputs() {
    return List.of(RELEASES);
  }

  @Override
  public void attach(DphmmConfig description, Attachment at) {
    at.publish(RELEASES, at.observations().transform(at.name("DPHMM release"), Attachment.typeOf(RELEASES),
        new DurableProcessOperator<>(new DphmmReleaseFunction(description, at.key(), at.store())))
        .uid(at.uid(UID)));
  }

  @Override
  public MechanismPlan plan(DphmmConfig description, PlanContext context) {
    return DphmmPlanText.plan(description, context);
  }
}
