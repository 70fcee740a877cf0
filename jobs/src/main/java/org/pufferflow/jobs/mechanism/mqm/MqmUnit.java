package org.pufferflow.jobs.mechanism.mqm;

import java.util.List;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.pufferflow.avro.FleetHistogram;
import org.pufferflow.avro.WindowHistogram;
import org.pufferflow.jobs.config.ConfigNode;
import org.pufferflow.jobs.config.ModelConfig;
import org.pufferflow.jobs.config.MqmSection;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.jobs.mechanism.Attachment;
import org.pufferflow.jobs.mechanism.MechanismPlan;
import org.pufferflow.jobs.mechanism.MechanismUnit;
import org.pufferflow.jobs.mechanism.PlanContext;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.noise.NoiseContext;
import org.pufferflow.operators.DurableProcessOperator;
import org.pufferflow.operators.FleetHistogramFunction;
import org.pufferflow.operators.MqmWindowFunction;

/**
 * Windowed MQM histograms (docs/mqm.md): the {@code mqm} section, read into a calibrated {@link MqmWindowPlan}
 * (budget and fleet flag inside) by {@link MqmSection}; one keyed {@link MqmWindowFunction} (uid {@value #UID})
 * publishing {@link #HISTOGRAMS} and, with {@code mqm.fleet}, the fleet sum ({@link FleetHistogramFunction}, uid
 * {@value #FLEET_UID}; post-processing, no privacy cost) publishing {@link #FLEET}. Its plan is {@link MqmPlanText}.
 */
@PublicEvolving
public final class MqmUnit implements MechanismUnit<MqmWindowPlan> {

  /** The window operator's uid (after the pipeline's prefix). */
  public static final String UID = "mqm-window";
  /** The fleet operator's uid (after the pipeline's prefix). */
  public static final String FLEET_UID = "mqm-fleet";

  /** Each subject's noisy window histograms. */
  public static final OutputKind HISTOGRAMS = OutputKind.builder("window-histograms", WindowHistogram.class)
      .topic("mqmTopic", "mqm-histograms").keyFields("subjectId", "windowStartTick", "windowEndTick")
      .groupedBy("subjects").build();
  /** The fleet's sum per window, with corrections for late subjects. */
  public static final OutputKind FLEET = OutputKind.builder("fleet-histograms", FleetHistogram.class)
      .topic("fleetTopic", "fleet-histograms").keyFields("windowStartTick", "windowEndTick").withCorrections()
      .build();

  @Override
  public String section() {
    return NoiseContext.MQM;
  }

  @Override
  public MqmWindowPlan read(ConfigNode node, ModelConfig model) {
    return MqmSection.read(node, model);
  }

  @Override
  public List<OutputKind> possibleOutputs() {
    return List.of(HISTOGRAMS, FLEET);
  }

  @Override
  public List<OutputKind> outputs(MqmWindowPlan description) {
    return description.fleet() ? List.of(HISTOGRAMS, FLEET) : List.of(HISTOGRAMS);
  }

  @Override
  public void attach(MqmWindowPlan description, Attachment at) {
    DataStream<WindowHistogram> histograms = at.publish(HISTOGRAMS, at.observations().transform(
        at.name("MQM windows"), Attachment.<WindowHistogram>typeOf(HISTOGRAMS), new DurableProcessOperator<>(
            new MqmWindowFunction(description, at.key(), at.stateLabels(), at.clock(), at.store())))
        .uid(at.uid(UID)));
    if (description.fleet()) {
      at.publishDerived(FLEET, histograms.keyBy(FleetHistogramFunction.windowKey(), FleetHistogramFunction.KEY_TYPE)
          .process(new FleetHistogramFunction(description, at.stateLabels(), at.clock()),
              Attachment.<FleetHistogram>typeOf(FLEET))
          .name(at.name("fleet histogram")).uid(at.uid(FLEET_UID)));
    }
  }

  @Override
  public MechanismPlan plan(MqmWindowPlan description, PlanContext context) {
    return MqmPlanText.plan(description, context);
  }
}
