package org.pufferflow.mechanism.redaction;

/**
 * The redaction probabilities of one side of a private record, indexed by the distance {@code D >= 1} from it:
 * {@code Pr(Y = ⊥ | X = v)} of the record at distance {@code D} (docs/redaction.md, 'Guarantees with proof outlines',
 * docs/redaction.md, 'Mechanisms').
 */
@FunctionalInterface
interface SideRedaction {
  double redactionProbability(long distance, int value);
}
