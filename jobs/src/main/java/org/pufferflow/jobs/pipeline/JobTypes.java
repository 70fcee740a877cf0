package org.pufferflow.jobs.pipeline;

import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * The job-wide type rule (docs/operators.md, 'Running the operators'): every stream element and every piece of keyed
 * state has explicit {@code TypeInformation} or a serializer of the project's, so the job runs with Flink's generic
 * types disabled ({@link PipelineOptions#GENERIC_TYPES} = false). A type that would silently fall back to Kryo makes
 * the job fail when its graph is built, before any record is read, instead of serializing private data with a
 * serializer whose format nobody controls.
 *
 * <p>And the job-wide object rule: records are handed between chained operators by reference, without a copy
 * (Flink's object reuse, {@link PipelineOptions#OBJECT_REUSE}). This is safe because every function of the project
 * keeps to Flink's contract for it, checked function by function: none keeps a reference to an input record after
 * it returns (tick order, the mechanisms and the fleet copy what they need into their own state), and none changes a
 * record after emitting it (each output is a new object; shared immutable parts, such as an MQM histogram's state
 * labels, are never changed). A new function must keep to it too (docs/design-notes.md, 'Adding a mechanism').
 */
@Internal
public final class JobTypes {
  private JobTypes() {}

  /** Turns generic types off for every job {@code env} builds from now on. Returns {@code env}. */
  public static StreamExecutionEnvironment disableGenericTypes(StreamExecutionEnvironment env) {
    Configuration c = new Configuration();
    c.set(PipelineOptions.GENERIC_TYPES, false);
    env.configure(c);
    return env;
  }

  /**
   * Turns generic types off and object reuse on for every job {@code env} builds from now on (the two rules above).
   * Returns {@code env}.
   */
  public static StreamExecutionEnvironment applyJobRules(StreamExecutionEnvironment env) {
    Configuration c = new Configuration();
    c.set(PipelineOptions.OBJECT_REUSE, true);
    env.configure(c);
    return disableGenericTypes(env);
  }

  /** True when {@code env} refuses generic (Kryo) types. */
  public static boolean genericTypesDisabled(StreamExecutionEnvironment env) {
    return env.getConfig().getSerializerConfig().hasGenericTypesDisabled();
  }
}
