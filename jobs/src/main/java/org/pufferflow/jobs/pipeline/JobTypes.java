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

  /** True when {@code env} refuses generic (Kryo) types. */
  public static boolean genericTypesDisabled(StreamExecutionEnvironment env) {
    return env.getConfig().getSerializerConfig().hasGenericTypesDisabled();
  }
}
