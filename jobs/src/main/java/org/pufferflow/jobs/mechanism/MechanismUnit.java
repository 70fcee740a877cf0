package org.pufferflow.jobs.mechanism;

import java.io.Serializable;
import java.util.List;
import org.apache.flink.annotation.PublicEvolving;
import org.pufferflow.jobs.config.ConfigNode;
import org.pufferflow.jobs.config.ModelConfig;
import org.pufferflow.jobs.io.OutputKind;

/**
 * One privacy mechanism as the job sees it (docs/design-notes.md, 'Adding a mechanism'): its configuration section,
 * its one description, how it attaches to the pipeline, its outputs and its plan. The configuration loader, the
 * pipeline, the topic plan and {@code plan --config} iterate over the registered units ({@link Mechanisms}) and
 * name none of them.
 *
 * <p>Assumptions and duties of an implementation:
 * <ul>
 *   <li>{@link #read} only reads and type-checks its section (a number is a number, a choice one of its spellings,
 *       unknown keys refused) and builds the description with the description's own builder, which judges every
 *       rule; a refusal is a {@code ConfigException} at the YAML path of its parameter.
 *   <li>The description is immutable and serializable, and carries everything the release depends on (budget and
 *       options included): the job ships it to the functions, which build their runtime objects from it in
 *       {@code open()}.
 *   <li>{@link #attach} adds stateful operators with stable uids ({@link Attachment#uid}) and publishes every output
 *       that {@link #outputs} names, and no other.
 *   <li>{@link #plan} reads public configuration only: it never sees data or draws noise.
 * </ul>
 *
 * @param <D> the description type
 */
@PublicEvolving
public interface MechanismUnit<D extends Serializable> extends Serializable {

  /** The YAML section, e.g. {@code dphmm}; also the mechanism's name in the noise contexts and the ledger. */
  String section();

  /** Reads the section {@code node} (present in the file) against the job's model; refusals name their path. */
  D read(ConfigNode node, ModelConfig model);

  /** Every output the mechanism can publish, whatever its options (topic keys, {@code read}, tools). */
  List<OutputKind> possibleOutputs();

  /**
   * The outputs a job with {@code description} publishes (some of {@link #possibleOutputs}, in that order); by
   * default all of them.
   */
  default List<OutputKind> outputs(D description) {
    return possibleOutputs();
  }

  /** Whether the mechanism reads the opt-out stream (the input's opt-out topic or file). */
  default boolean readsOptOuts() {
    return false;
  }

  /** Attaches the mechanism's operators to the keyed observations of {@code at} and publishes its outputs there. */
  void attach(D description, Attachment at);

  /** What {@code description} promises (docs/cli.md, "plan --config"). */
  MechanismPlan plan(D description, PlanContext context);
}
