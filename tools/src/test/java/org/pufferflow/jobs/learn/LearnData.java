package org.pufferflow.jobs.learn;

import java.nio.file.Path;
import org.pufferflow.jobs.RepositoryPaths;

/** The test data of {@code pufferflow learn} (tools/src/test/resources/learn, see its README). */
final class LearnData {

  private LearnData() {}

  static Path file(String name) {
    return RepositoryPaths.root().resolve("tools/src/test/resources/learn").resolve(name);
  }
}
