package org.pufferflow.jobs;

import java.nio.file.Files;
import java.nio.file.Path;

/** Paths of the repository as seen from tests (surefire runs in the module directory, {@code jobs/}). */
public final class RepositoryPaths {

  private RepositoryPaths() {}

  /** The repository root: the parent of the {@code jobs} module. */
  public static Path root() {
    Path here = Path.of("").toAbsolutePath();
    return Files.isDirectory(here.resolve("jobs")) ? here : here.getParent();
  }
}
