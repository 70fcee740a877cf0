package org.pufferflow.jobs.pipeline;

import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.JobManagerOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.TaskManagerOptions;

/** Configuration of the local Flink cluster that {@code demo} and a local {@code run} start inside the JVM. */
@Internal
public final class LocalFlink {
  private LocalFlink() {}

  /**
   * Binds the local cluster's sockets (REST endpoint, BLOB server, task manager) to the loopback address, like the
   * embedded Kafka broker: a local run exposes nothing on the network.
   */
  public static Configuration loopbackConfiguration() {
    Configuration c = new Configuration();
    c.set(RestOptions.BIND_ADDRESS, "127.0.0.1");
    c.set(RestOptions.ADDRESS, "127.0.0.1");
    c.set(JobManagerOptions.BIND_HOST, "127.0.0.1");
    c.set(JobManagerOptions.ADDRESS, "127.0.0.1");
    c.set(TaskManagerOptions.BIND_HOST, "127.0.0.1");
    c.set(TaskManagerOptions.HOST, "127.0.0.1");
    return c;
  }
}
