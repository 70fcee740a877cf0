package org.pufferflow.mechanism.mqm;

/**
 * The active (minimum-score) Markov quilt of a node (003 Def 3.2; docs/mqm.md, 'What is protected'): the quilt
 * {@code {X_{node−a}, X_{node+b}}} with offsets a, b ≥ 1 or {@link QuiltInfluence#NONE}, its nearby-set size
 * {@code card(X_N)}, the influence used and the score {@code card/(ε − e)}. The empty quilt (a = b = NONE) scores
 * T/ε, the group-DP level.
 *
 * @param node 1-based node position
 * @param a left offset or NONE (0)
 * @param b right offset or NONE (0)
 * @param card card(X_N) = a' + b' − 1
 * @param influence e(X_Q | X_node) used in the score
 * @param score card/(ε − e), the node's σ_i
 */
public record ActiveQuilt(int node, int a, int b, int card, double influence, double score) {

  /** Whether this is the empty quilt (both sides absent). */
  public boolean isEmpty() {
    return a == QuiltInfluence.NONE && b == QuiltInfluence.NONE;
  }

  /** Whether both quilt nodes are present. */
  public boolean isTwoSided() {
    return a != QuiltInfluence.NONE && b != QuiltInfluence.NONE;
  }

  /** The left offset, or null for NONE (docs/cli.md convention). */
  public Integer leftOrNull() {
    return a == QuiltInfluence.NONE ? null : a;
  }

  /** The right offset, or null for NONE (docs/cli.md convention). */
  public Integer rightOrNull() {
    return b == QuiltInfluence.NONE ? null : b;
  }

  /** Same quilt on another node. */
  ActiveQuilt atNode(int otherNode) {
    return new ActiveQuilt(otherNode, a, b, card, influence, score);
  }
}
