package org.pufferflow.jobs.config;

import java.io.Serializable;

/**
 * Where the secret noise key comes from (config section {@code noise}, design.md §4): exactly one of a key file
 * (absolute path, resolved against the config file's directory) or an environment variable name. The key itself
 * never appears in the configuration.
 *
 * @param keyFile absolute path of the key file, or {@code null}
 * @param keyEnv name of the environment variable holding the key, or {@code null}
 */
public record NoiseConfig(String keyFile, String keyEnv) implements Serializable {}
