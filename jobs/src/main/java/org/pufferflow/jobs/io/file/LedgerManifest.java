package org.pufferflow.jobs.io.file;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.pufferflow.common.PufferPreconditions;

/**
 * The manifest of a pending ledger commit ({@link LedgerDirectory}): the output files a run is about to publish,
 * written (and fsynced) before the first of them is moved to its final name. A text file, one line per output:
 * {@code <sha256-hex> TAB <absolute temporary path> TAB <absolute final path>}, UTF-8, each line ended by a line feed.
 *
 * <p>The question it answers after a crash: did the run publish its outputs? The outputs are deterministic, so a
 * final file with the listed hash may be an identical output of an earlier run (an empty output file, typically);
 * the evidence of a move is its temporary file: a rename makes it disappear. So a run published nothing exactly when
 * every listed temporary file is still there with its listed hash; otherwise (a temporary file gone or changed)
 * it published, or the evidence is lost, and the ledger takes the side that never spends privacy twice: published.
 */
record LedgerManifest(List<Output> outputs) {

  /** One output: the SHA-256 of its temporary file, that file, and the final file it is moved to. */
  record Output(String sha256, Path tmp, Path target) {}

  LedgerManifest {
    outputs = List.copyOf(outputs);
  }

  /** The manifest of moving each of {@code tmp} to the {@code targets} at the same index (hashes computed now). */
  static LedgerManifest of(List<Path> tmp, List<Path> targets) throws IOException {
    PufferPreconditions.checkArgument(tmp.size() == targets.size(), "%s temporary files for %s final files",
        tmp.size(), targets.size());
    List<Output> outputs = new ArrayList<>();
    for (int i = 0; i < tmp.size(); i++) {
      Path t = tmp.get(i).toAbsolutePath();
      Path f = targets.get(i).toAbsolutePath();
      for (Path p : List.of(t, f)) {
        String s = p.toString();
        PufferPreconditions.checkArgument(s.indexOf('\t') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0,
            "output path %s: a tab or line break in it cannot be recorded in the ledger manifest", s);
      }
      outputs.add(new Output(sha256(t), t, f));
    }
    return new LedgerManifest(outputs);
  }

  /** Whether the outputs were (or may have been) published: not every temporary file is there with its hash. */
  boolean published() throws IOException {
    for (Output o : outputs) {
      if (!Files.isRegularFile(o.tmp) || !o.sha256.equals(sha256(o.tmp))) {
        return true;
      }
    }
    return false;
  }

  /** Writes the manifest to {@code file} durably: a temporary sibling, fsynced, renamed to {@code file}. */
  void write(Path file) throws IOException {
    StringBuilder text = new StringBuilder();
    for (Output o : outputs) {
      text.append(o.sha256).append('\t').append(o.tmp).append('\t').append(o.target).append('\n');
    }
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.writeString(tmp, text, StandardCharsets.UTF_8);
    LedgerSegments.fsync(tmp);
    LedgerSegments.commitRename(tmp, file);
  }

  /**
   * Reads a manifest that {@link #write} wrote.
   *
   * @throws IOException when it is not in that format (named in the message)
   */
  static LedgerManifest read(Path file) throws IOException {
    List<Output> outputs = new ArrayList<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      String[] f = line.split("\t", -1);
      if (f.length != 3 || f[0].length() != 64) {
        throw new IOException("not a ledger manifest (line " + (outputs.size() + 1) + "): " + file);
      }
      outputs.add(new Output(f[0], Path.of(f[1]), Path.of(f[2])));
    }
    return new LedgerManifest(outputs);
  }

  /** The SHA-256 of {@code file}'s content, in lower-case hex. */
  static String sha256(Path file) throws IOException {
    MessageDigest digest;
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
    byte[] buf = new byte[1 << 16];
    try (InputStream in = Files.newInputStream(file)) {
      for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
        digest.update(buf, 0, n);
      }
    }
    return HexFormat.of().formatHex(digest.digest());
  }
}
