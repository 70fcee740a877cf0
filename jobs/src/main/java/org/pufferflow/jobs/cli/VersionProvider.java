package org.pufferflow.jobs.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.apache.flink.annotation.Internal;
import picocli.CommandLine.IVersionProvider;

/** {@code --version}: the project version, filtered into {@code pufferflow-version.properties} by Maven. */
@Internal
public final class VersionProvider implements IVersionProvider {

  @Override
  public String[] getVersion() throws IOException {
    Properties p = new Properties();
    try (InputStream in = VersionProvider.class.getResourceAsStream("/pufferflow-version.properties")) {
      if (in != null) {
        p.load(in);
      }
    }
    return new String[] {
      "pufferflow " + p.getProperty("version", "unknown"),
      "Flink " + p.getProperty("flink", "unknown") + ", Kafka " + p.getProperty("kafka", "unknown")
          + ", Java " + System.getProperty("java.version")
    };
  }
}
