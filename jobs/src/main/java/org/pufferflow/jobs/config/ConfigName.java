package org.pufferflow.jobs.config;

/** An enum constant's spelling in the YAML configuration (e.g. {@code min-volume}). */
interface ConfigName {
  String configName();
}
