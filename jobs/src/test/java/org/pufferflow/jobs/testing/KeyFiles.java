package org.pufferflow.jobs.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Test helper: a noise key file of 32 bytes in hex, byte i = (step·i + offset) mod 256; public, for tests only. */
public final class KeyFiles {
  private KeyFiles() {}

  /** Writes {@code dir/noise.key} and returns its path. */
  public static Path write(Path dir, int step, int offset) throws IOException {
    StringBuilder hex = new StringBuilder();
    for (int i = 0; i < 32; i++) {
      hex.append(String.format("%02x", (step * i + offset) & 0xff));
    }
    return Files.writeString(dir.resolve("noise.key"), hex);
  }
}
