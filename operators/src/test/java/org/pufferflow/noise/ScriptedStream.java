package org.pufferflow.noise;

/** Test double: replays given words, so a test can check exactly which bits a sampler consumes and how. */
final class ScriptedStream implements RandomStream {

  private final long[] words;
  private int next;

  ScriptedStream(long... words) {
    this.words = words;
  }

  @Override
  public long nextLong() {
    if (next >= words.length) {
      throw new IllegalStateException("script exhausted after " + words.length + " words");
    }
    return words[next++];
  }

  int consumed() {
    return next;
  }
}
