/**
 * What every layer shares: the preconditions ({@link org.pufferflow.common.PufferPreconditions},
 * {@link org.pufferflow.common.ModelPreconditions}), the typed failure they throw
 * ({@link org.pufferflow.common.InvalidParameterException}) and the test-seam marker
 * {@link org.pufferflow.common.VisibleForTesting}.
 *
 * <p>Visibility rule of the math layer. The math packages ({@code org.pufferflow.chain}, {@code geometry},
 * {@code policy}, {@code mechanism.*}, {@code noise}, {@code accounting} and this one) import no Flink, so they carry
 * no Flink stability annotations: their stability is their visibility. A type or member is public only when another
 * package uses it, and then it is API of the library; everything else is package-private. A member that is wider
 * than production needs, only so that tests reach it, carries {@link org.pufferflow.common.VisibleForTesting} (this
 * project's counterpart of Flink's annotation of that name).
 *
 * <p>The Flink layers ({@code org.pufferflow.operators}, the jobs and tools modules) instead mark each public type
 * with Flink's {@code @PublicEvolving} (what a user of the library composes) or {@code @Internal} (public only for use
 * across the project's packages or by Flink), and their test seams with Flink's {@code @VisibleForTesting}. A test
 * of the jobs module ({@code StructureTest}) keeps these rules true.
 */
package org.pufferflow.common;
