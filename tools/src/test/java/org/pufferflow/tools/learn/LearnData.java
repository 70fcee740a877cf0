package org.pufferflow.tools.learn;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.pufferflow.jobs.RepositoryPaths;

/** The test data of {@code pufferflow learn} (tools/src/test/resources/learn, see its README). */
final class LearnData {

  private LearnData() {}

  static Path file(String name) {
    return RepositoryPaths.root().resolve("tools/src/test/resources/learn").resolve(name);
  }

  /**
   * Traces of a lazy walk on a side × side grid (cells {@code c0…}, row by row), deterministic: each of
   * {@code walkers} subjects starts in a random cell and at each of {@code length} ticks draws one of
   * {@code stay + 4} outcomes: the first {@code stay} keep the cell, the others move up, down, left or right when that
   * neighbour exists (else stay).
   */
  static TraceSet lazyGridWalk(int side, int walkers, int length, int stay, long seed) {
    int n = side * side;
    List<String> labels = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      labels.add("c" + i);
    }
    Map<String, int[]> subjects = new LinkedHashMap<>();
    SplittableRandom r = new SplittableRandom(seed);
    for (int s = 0; s < walkers; s++) {
      int[] seq = new int[length];
      int k = r.nextInt(n);
      for (int t = 0; t < length; t++) {
        seq[t] = k;
        int move = r.nextInt(stay + 4) - stay;
        int row = k / side;
        int col = k % side;
        if (move == 0 && row > 0) {
          k -= side;
        } else if (move == 1 && row < side - 1) {
          k += side;
        } else if (move == 2 && col > 0) {
          k--;
        } else if (move == 3 && col < side - 1) {
          k++;
        }
      }
      subjects.put("s" + s, seq);
    }
    return new TraceSet(labels, 1000, subjects, null, (long) walkers * length, 0);
  }
}
