package org.pufferflow.jobs.mechanism.redaction;

import java.util.List;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.pufferflow.avro.OptOut;
import org.pufferflow.avro.RedactedRecord;
import org.pufferflow.jobs.config.ConfigNode;
import org.pufferflow.jobs.config.ModelConfig;
import org.pufferflow.jobs.config.RedactionSection;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.jobs.mechanism.Attachment;
import org.pufferflow.jobs.mechanism.MechanismPlan;
import org.pufferflow.jobs.mechanism.MechanismUnit;
import org.pufferflow.jobs.mechanism.PlanContext;
import org.pufferflow.mechanism.redaction.RedactionPlan;
import org.pufferflow.noise.NoiseContext;
import org.pufferflow.operators.DurableCoProcessOperator;
import org.pufferflow.operators.DurableProcessOperator;
import org.pufferflow.operators.PreloadedRedactionFunction;
import org.pufferflow.operators.RedactionFunction;

/**
 * Correlation-aware redaction of opt-out records (docs/redaction.md): the {@code redaction} section, read into a
 * {@link RedactionPlan} by {@link RedactionSection} (a two-state model: state 1 is the value protected); it reads
 * the opt-outs. With a live opt-out stream the observations are connected with the opt-outs keyed by subject
 * ({@link RedactionFunction}); without one (opt-outs preloaded, or none) the observations alone go through
 * {@link PreloadedRedactionFunction}, which Flink chains to the operator before it. Both keep the same keyed state
 * and timers under one uid ({@value #UID}), so a savepoint of either restores into the other. No budget: each
 * private record gets its own ε. Its plan is {@link RedactionPlanText}.
 */
@PublicEvolving
public final class RedactionUnit implements MechanismUnit<RedactionPlan> {

  /** The operator's uid (after the pipeline's prefix). */
  public static final String UID = "redaction";

  /** The released (or redacted) records. */
  public static final OutputKind RECORDS = OutputKind.builder("redacted-records", RedactedRecord.class)
      .topic("redactedTopic", "redacted-records").keyFields("subjectId", "tick").groupedBy("subjects").build();

  @Override
  public String section() {
    return NoiseContext.REDACTION;
  }

  @Override
  public RedactionPlan read(ConfigNode node, ModelConfig model) {
    return RedactionSection.read(node, model);
  }

  @Override
  public List<OutputKind> possibleOutputs() {
    return List.of(RECORDS);
  }

  @Override
  public boolean readsOptOuts() {
    return true;
  }

  @Override
  public void attach(RedactionPlan description, Attachment at) {
    SingleOutputStreamOperator<RedactedRecord> redacted;
    if (at.optOuts() == null) {
      redacted = at.observations().transform(at.name("redaction"), Attachment.typeOf(RECORDS),
          new DurableProcessOperator<>(new PreloadedRedactionFunction(description, at.key(), at.clock(),
              at.preload(), at.stateLabels(), at.store())));
    } else {
      KeyedStream<OptOut, String> keyedOptOuts = at.optOuts().keyBy(OptOut::getSubjectId, Types.STRING);
      redacted = at.observations().connect(keyedOptOuts).transform(at.name("redaction"), Attachment.typeOf(RECORDS),
          new DurableCoProcessOperator<>(new RedactionFunction(description, at.key(), at.clock(), at.preload(),
              true, at.stateLabels(), at.store())));
    }
    at.publish(RECORDS, redacted.name(at.name("redaction")).uid(at.uid(UID)));
  }

  @Override
  public MechanismPlan plan(RedactionPlan description, PlanContext context) {
    return RedactionPlanText.plan(description, context);
  }
}
