package org.pufferflow.common;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Target;

/**
 * Marks a member (method, constructor, field) or a type whose visibility is wider than its production use needs, only
 * so that tests can reach it: a test seam. Production code must not call it.
 *
 * <p>The math layer's counterpart of Flink's {@code org.apache.flink.annotation.VisibleForTesting}: the math packages
 * ({@code org.pufferflow.chain}, {@code geometry}, {@code policy}, {@code mechanism.*}, {@code noise},
 * {@code accounting}, {@code common}) import no Flink, so they cannot use Flink's annotation; the Flink layers
 * ({@code org.pufferflow.operators}, the jobs and tools modules) use Flink's. Like Flink's, it is kept in the class
 * files but not at run time.
 */
@Documented
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.FIELD, ElementType.CONSTRUCTOR})
public @interface VisibleForTesting {}
