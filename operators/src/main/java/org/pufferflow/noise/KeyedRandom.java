package org.pufferflow.noise;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import javax.crypto.Cipher;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.SecretKeySpec;
import org.pufferflow.common.PufferPreconditions;

/**
 * The keyed, replay-stable random stream of docs/privacy-noise.md, 'The keyed generator': AES-256 in counter mode under
 * a secret {@link NoiseKey}, one stream per release context (mechanism id, subject id, release sequence or tick).
 *
 * <p><b>Construction.</b> Two 256-bit sub-keys are derived from the master key with HMAC-SHA256 and distinct public
 * labels: a <em>context key</em> K_c and a <em>stream key</em> K_s. {@link #reset} computes the context tag
 * T = AES-CBC-MAC_{K_c}(encode(mechanismId, subjectId, sequence)); the encoding puts the two string lengths and the
 * sequence in its first block, followed by the UTF-16 code units of both strings, zero-padded to whole blocks, so the
 * set of encodings is prefix-free and CBC-MAC is a PRF on it (Bellare, Kilian, Rogaway 2000). Block i of the stream
 * is AES_{K_s}(T[0..12) || i), i a 32-bit big-endian counter, and the stream is read as little-endian 64-bit words.
 *
 * <p><b>Guarantees.</b> The stream is a deterministic function of (key, context): the same in any JVM, on any
 * platform, after any restart, and independent of how it is consumed (buffering is invisible). Streams of distinct
 * contexts are computationally independent unless two contexts' 96-bit tags collide, which for N contexts has
 * probability below N²/2^97 (2^-33 at N = 2^32). One context yields at most 2^32 blocks (64 GiB); beyond that the
 * generator throws rather than repeat.
 *
 * <p><b>Cost.</b> {@link #reset} allocates nothing for strings no longer than those already seen; it encrypts one
 * block per 8 characters of the context plus one, and the first draw after it fills a small buffer.
 *
 * <p>Not thread-safe: use one instance per operator instance (thread). {@link #toString()} never shows the key nor
 * the current context.
 */
public final class KeyedRandom implements RandomStream {

  static final String CONTEXT_KEY_LABEL = "pufferflow/noise/v1/context-key";
  static final String STREAM_KEY_LABEL = "pufferflow/noise/v1/stream-key";

  private static final int BLOCK = 16;
  private static final int BUFFER_BLOCKS = 64;
  private static final int FIRST_REFILL_BLOCKS = 4;
  private static final long MAX_BLOCKS = 1L << 32;
  private static final VarHandle LONG_LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG_BE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

  private final Cipher contextCipher;
  private final Cipher streamCipher;
  private final byte[] counterBlocks = new byte[BUFFER_BLOCKS * BLOCK];
  private final byte[] keystream = new byte[BUFFER_BLOCKS * BLOCK];
  private final byte[] macState = new byte[BLOCK];
  private final byte[] macOut = new byte[BLOCK];
  private byte[] encoding = new byte[8 * BLOCK];

  private long tagHigh; // the context tag's first 96 bits
  private int tagLow;
  private int position = keystream.length; // byte offset of the next unread word
  private int limit; // bytes of keystream filled
  private long nextBlock;
  private boolean contextSet;

  /** A generator under {@code key}; call {@link #reset} before the first draw. */
  public KeyedRandom(NoiseKey key) {
    PufferPreconditions.checkNotNull("noise key", key);
    byte[] contextKey = key.deriveSubkey(CONTEXT_KEY_LABEL);
    byte[] streamKey = key.deriveSubkey(STREAM_KEY_LABEL);
    try {
      contextCipher = Cipher.getInstance("AES/ECB/NoPadding");
      contextCipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(contextKey, "AES"));
      streamCipher = Cipher.getInstance("AES/ECB/NoPadding");
      streamCipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(streamKey, "AES"));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES/ECB/NoPadding with 256-bit keys unavailable in this JVM", e);
    } finally {
      Arrays.fill(contextKey, (byte) 0);
      Arrays.fill(streamKey, (byte) 0);
    }
  }

  /**
   * Positions this generator at the start of the stream of one release context.
   *
   * @param mechanismId public id of the mechanism (e.g. {@code "dphmm"}, {@code "mqm"})
   * @param subjectId the subject whose release this is
   * @param sequence the release sequence number or tick
   * @return this generator
   * @throws IllegalArgumentException if an id is null
   */
  public KeyedRandom reset(String mechanismId, String subjectId, long sequence) {
    PufferPreconditions.checkNotNull("mechanismId", mechanismId);
    PufferPreconditions.checkNotNull("subjectId", subjectId);
    int chars = mechanismId.length() + subjectId.length();
    int blocks = 1 + (2 * chars + BLOCK - 1) / BLOCK;
    if (encoding.length < blocks * BLOCK) {
      encoding = new byte[blocks * BLOCK];
    }
    byte[] enc = encoding;
    INT_BE.set(enc, 0, mechanismId.length());
    INT_BE.set(enc, 4, subjectId.length());
    LONG_LE.set(enc, 8, sequence);
    int at = BLOCK;
    at = putChars(enc, at, mechanismId);
    at = putChars(enc, at, subjectId);
    Arrays.fill(enc, at, blocks * BLOCK, (byte) 0);

    Arrays.fill(macState, (byte) 0);
    for (int b = 0; b < blocks; b++) {
      for (int i = 0; i < BLOCK; i++) {
        macState[i] ^= enc[b * BLOCK + i];
      }
      encryptBlock(contextCipher, macState, macOut);
      System.arraycopy(macOut, 0, macState, 0, BLOCK);
    }
    tagHigh = (long) LONG_BE.get(macState, 0);
    tagLow = (int) INT_BE.get(macState, 8);
    nextBlock = 0;
    position = 0;
    limit = 0;
    contextSet = true;
    return this;
  }

  @Override
  public long nextLong() {
    if (position >= limit) {
      refill();
    }
    long value = (long) LONG_LE.get(keystream, position);
    position += 8;
    return value;
  }

  /** Never shows the key nor the context. */
  @Override
  public String toString() {
    return "KeyedRandom[AES-256-CTR, key redacted]";
  }

  private void refill() {
    if (!contextSet) {
      throw new IllegalStateException("KeyedRandom: call reset(mechanismId, subjectId, sequence) before drawing");
    }
    int blocks = nextBlock == 0 ? FIRST_REFILL_BLOCKS : BUFFER_BLOCKS;
    if (nextBlock + blocks > MAX_BLOCKS) {
      throw new IllegalStateException("KeyedRandom: a release context's stream of 2^32 blocks is exhausted");
    }
    for (int b = 0; b < blocks; b++) {
      int o = b * BLOCK;
      LONG_BE.set(counterBlocks, o, tagHigh);
      INT_BE.set(counterBlocks, o + 8, tagLow);
      INT_BE.set(counterBlocks, o + 12, (int) (nextBlock + b));
    }
    try {
      streamCipher.update(counterBlocks, 0, blocks * BLOCK, keystream, 0);
    } catch (ShortBufferException e) {
      throw new IllegalStateException(e);
    }
    nextBlock += blocks;
    position = 0;
    limit = blocks * BLOCK;
  }

  private static int putChars(byte[] enc, int at, String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      enc[at++] = (byte) (c >>> 8);
      enc[at++] = (byte) c;
    }
    return at;
  }

  private static void encryptBlock(Cipher cipher, byte[] in, byte[] out) {
    try {
      cipher.update(in, 0, BLOCK, out, 0);
    } catch (ShortBufferException e) {
      throw new IllegalStateException(e);
    }
  }
}
