package org.pufferflow.policy;

import java.util.Arrays;
import java.util.stream.Collectors;
import org.pufferflow.chain.TransitionMatrix;

/**
 * The kinds of DPHMM policy graph (docs/dphmm.md, 'Policy graphs'), spelled as in the configuration and the CLI,
 * and the one place that maps a kind and its argument to a {@link PolicyGraph} factory. The configuration
 * ({@code dphmm.policyGraph}) and {@code analyze policy --graph} both read a kind here and build through
 * {@link #build}; the factories of {@link PolicyGraph} validate the argument.
 */
public enum PolicyGraphKind {
  /** Every pair of states is a secret; no argument. */
  COMPLETE("complete", Argument.NONE),
  /** A clique per category (states with equal labels); argument: one label per state. */
  CATEGORICAL("categorical", Argument.LABELS),
  /** An edge iff ‖f(s) − f(s′)‖₂ ≤ radius; argument: the radius (query units). */
  UTILITY("utility", Argument.NUMBER),
  /** Edge jk iff some i has M[i,j] &gt; θ and M[i,k] &gt; θ; argument: θ. */
  TRANSITION("transition", Argument.NUMBER),
  /** An explicit list of 0-based state pairs. */
  EDGES("edges", Argument.EDGES);

  /** What a kind takes besides the model. */
  public enum Argument {
    NONE, LABELS, NUMBER, EDGES
  }

  private final String configName;
  private final Argument argument;

  PolicyGraphKind(String configName, Argument argument) {
    this.configName = configName;
    this.argument = argument;
  }

  /** The spelling in the configuration and the CLI. */
  public String configName() {
    return configName;
  }

  /** The argument this kind takes. */
  public Argument argument() {
    return argument;
  }

  /** The kind spelled {@code name}, or null. */
  public static PolicyGraphKind fromConfigName(String name) {
    for (PolicyGraphKind k : values()) {
      if (k.configName.equals(name)) {
        return k;
      }
    }
    return null;
  }

  /** The spellings, comma-separated, for messages. */
  public static String configNames() {
    return Arrays.stream(values()).map(PolicyGraphKind::configName).collect(Collectors.joining(", "));
  }

  /**
   * The graph of this kind over {@code n} states.
   *
   * @param m the transition matrix ({@link #TRANSITION}; may be null for the other kinds)
   * @param f the query ({@link #UTILITY}; may be null for the other kinds)
   * @param number the radius ({@link #UTILITY}) or θ ({@link #TRANSITION}); ignored otherwise
   * @param categories one category per state ({@link #CATEGORICAL}); ignored otherwise
   * @param edges the state pairs ({@link #EDGES}); ignored otherwise
   */
  public PolicyGraph build(int n, TransitionMatrix m, StateQuery f, double number, int[] categories,
      int[][] edges) {
    switch (this) {
      case COMPLETE:
        return PolicyGraph.complete(n);
      case CATEGORICAL:
        return PolicyGraph.categorical(categories);
      case UTILITY:
        return PolicyGraph.utility(f, number);
      case TRANSITION:
        return PolicyGraph.transition(m, number);
      default:
        return PolicyGraph.edges(n, edges);
    }
  }
}
