/**
 * Replay-stable, secure randomness for every pufferflow mechanism (docs/privacy-noise.md;
 * docs/dphmm.md; docs/mqm.md).
 *
 * <p>{@link org.pufferflow.noise.KeyedRandom} is an AES-256-CTR stream keyed by the job's
 * {@link org.pufferflow.noise.NoiseKey} and a release context (mechanism id, subject id, release sequence), so that
 * a replay after a failure draws identical noise. The samplers take any {@link org.pufferflow.noise.RandomStream}:
 * exact {@link org.pufferflow.noise.Bernoulli} and {@link org.pufferflow.noise.DiscreteLaplace}; grid-snapped
 * {@link org.pufferflow.noise.LaplaceNoise}; {@link org.pufferflow.noise.Exponential} and
 * {@link org.pufferflow.noise.GammaSampler} for the K-norm radius; uniform points in a segment, a convex polygon
 * and a 3-D convex polytope for the K-norm direction. See docs/privacy-noise.md.
 *
 * <p>Main code must draw randomness from nothing else: none of the JDK's non-cryptographic generators (the
 * {@code Random} family, {@code Math}'s random method) and no commons-math distributions; a test scans the main
 * sources for them.
 */
package org.pufferflow.noise;
