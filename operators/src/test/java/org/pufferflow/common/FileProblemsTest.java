package org.pufferflow.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One wording of a file that cannot be read: {@code <where>: <path>: <problem>}. */
class FileProblemsTest {

  @Test
  void aMissingFileADirectoryAndAReadableFile(@TempDir Path dir) throws IOException {
    Path missing = dir.resolve("x.key");
    assertThat(FileProblems.problem(missing)).isEqualTo("no such file");
    assertThat(FileProblems.problem(dir)).isEqualTo("is a directory");
    assertThat(FileProblems.problem(Files.writeString(dir.resolve("ok"), "k"))).isNull();
    assertThatThrownBy(() -> FileProblems.checkReadable("noise.keyFile", missing))
        .isInstanceOf(InvalidParameterException.class).hasMessage("noise.keyFile: " + missing + ": no such file");
  }

  @Test
  void anIoFailureIsWordedAsTheCheckWordsIt() {
    assertThat(FileProblems.problem(new NoSuchFileException("/x"))).isEqualTo("no such file");
    assertThat(FileProblems.problem(new java.nio.file.AccessDeniedException("/x")))
        .isEqualTo("not readable (permission denied)");
    assertThat(FileProblems.problem(new IOException("disk on fire"))).isEqualTo("cannot be read (disk on fire)");
  }
}
