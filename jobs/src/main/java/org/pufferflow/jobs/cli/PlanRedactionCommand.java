package org.pufferflow.jobs.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.apache.flink.annotation.Internal;
import org.pufferflow.chain.BinaryMarkovChain;
import org.pufferflow.mechanism.redaction.BudgetSplit;
import org.pufferflow.mechanism.redaction.LocalRedactionMechanism;
import org.pufferflow.mechanism.redaction.MqMechanism;
import org.pufferflow.mechanism.redaction.RedactionMechanism;
import org.pufferflow.mechanism.redaction.SidedRedactionMechanism;
import org.pufferflow.mechanism.redaction.SplitRule;
import org.pufferflow.mechanism.redaction.ThreeRMechanism;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code pufferflow plan redaction}: designs a correlation-aware redaction mechanism for one private record of a
 * binary Markov chain and prints its bands, redaction probabilities, utility, exact leakage and budget split
 * (docs/cli.md "plan redaction"; docs/redaction.md, 'Mechanisms', §6).
 *
 * <p>Record indices ({@code --private} and the {@code t} of {@code redactionProbability}) are 1-based, as the paper's.
 * {@code dM}/{@code dS} are distances from the private record, capped at the side's length + 1 ("no such record on
 * this side"); {@code null} when the side has no records. Without {@code --n} (an unbounded stream) the utility is
 * its limit 1. With {@code mq}/{@code mq-tight} the split is the one implied by Algorithm 1's branch and
 * {@code --split} is ignored.
 */
@Internal
@Command(
    name = "redaction",
    mixinStandardHelpOptions = true,
    description = "Design a correlation-aware redaction mechanism (3R or MQ) for one private record.")
public final class PlanRedactionCommand implements Callable<Integer> {

  /** Largest {@code redactionProbability} list printed (e.g. a fully redacted left side of a far private record). */
  static final long MAX_LISTED = 1_000_000;

  @Spec CommandSpec spec;

  @Option(names = "--alpha", paramLabel = "ALPHA", required = true, description = "Pr(X_{t+1}=1 | X_t=0), in (0, 1).")
  double alpha;

  @Option(names = "--beta", paramLabel = "BETA", required = true, description = "Pr(X_{t+1}=0 | X_t=1), in (0, 1).")
  double beta;

  @Option(names = "--epsilon", paramLabel = "EPSILON", required = true, description = "Privacy budget ε (> 0).")
  double epsilon;

  @Option(names = "--private", paramLabel = "P", required = true,
      description = "1-based index p of the private record.")
  long privateIndex;

  @Option(names = "--n", paramLabel = "N", description = "Number of records (omitted: an unbounded stream).")
  Long n;

  @Option(names = "--mechanism", paramLabel = "MECHANISM", defaultValue = RedactionMechanism.DEFAULT_CONFIG_NAME,
      description = "3r-relaxed | 3r-optimal | 3r-numerical | mq | mq-tight (default: ${DEFAULT-VALUE}).")
  String mechanism;

  @Option(names = "--split", paramLabel = "SPLIT", defaultValue = SplitRule.DEFAULT_CONFIG_NAME,
      description = "auto | half | right (default: ${DEFAULT-VALUE}).")
  String split;

  @Option(names = "--json", description = "Print exactly one JSON object on stdout.")
  boolean json;

  @Override
  public Integer call() {
    BinaryMarkovChain chain = BinaryMarkovChain.of(alpha, beta);
    long length = n == null ? LocalRedactionMechanism.UNBOUNDED : n;
    SidedRedactionMechanism m;
    BudgetSplit used;
    RedactionMechanism mech = parse(() -> RedactionMechanism.fromConfigName(mechanism));
    SplitRule splitRule = parse(() -> SplitRule.fromConfigName(split));
    if (!mech.isThreeR()) {
      MqMechanism mq = MqMechanism.builder().chain(chain).epsilon(epsilon).privateIndex(privateIndex)
          .length(length).tight(mech.tight()).build();
      m = mq;
      used = mq.split();
    } else {
      ThreeRMechanism tr = ThreeRMechanism.builder().chain(chain).epsilon(epsilon).privateIndex(privateIndex)
          .length(length).design(mech.design()).splitRule(splitRule).build();
      m = tr;
      used = tr.split();
    }
    ObjectNode out = toJson(m, used, length);
    PrintWriter w = spec.commandLine().getOut();
    if (json) {
      w.println(CliJson.write(out));
    } else {
      w.printf(Locale.ROOT, "mechanism %s, split (%s, %s)%n", mech, used.left(), used.right());
      w.printf(Locale.ROOT, "dM %s, dS %s%n", out.get("dM"), out.get("dS"));
      w.printf(Locale.ROOT, "Pr(redact | X_t = 0) [t, q]: %s%n", out.get("redactionProbability"));
      w.printf(Locale.ROOT, "utility %s, exact leakage %s (epsilon %s)%n", out.get("utility"), out.get("leakage"),
          epsilon);
    }
    w.flush();
    return 0;
  }

  private static ObjectNode toJson(SidedRedactionMechanism m, BudgetSplit used, long length) {
    long p = m.privateIndex();
    boolean hasLeft = p > 1;
    boolean hasRight = length == LocalRedactionMechanism.UNBOUNDED || p < length;
    ObjectNode out = CliJson.object();
    ObjectNode dM = CliJson.object();
    dM.set("left", distance(hasLeft, m.left().dM()));
    dM.set("right", distance(hasRight, m.right().dM()));
    ObjectNode dS = CliJson.object();
    dS.set("left", distance(hasLeft, m.left().dS()));
    dS.set("right", distance(hasRight, m.right().dS()));
    out.set("dM", dM);
    out.set("dS", dS);
    long listed = Math.min(p - 1, m.left().dS() - 1)
        + Math.min(length == LocalRedactionMechanism.UNBOUNDED ? Long.MAX_VALUE : length - p, m.right().dS() - 1);
    if (listed > MAX_LISTED) {
      throw new UsageException("--private = " + p + ": the mechanism would list " + listed
          + " not-always-released records, more than " + MAX_LISTED);
    }
    ArrayNode probs = CliJson.array();
    long last = Math.min(length, m.alwaysReleasedFrom() - 1);
    for (long t = Math.max(1, p - (m.left().dS() - 1)); t <= last; t++) {
      if (m.redactionProbability(t, 0) > 0 || m.redactionProbability(t, 1) > 0) {
        ArrayNode row = CliJson.array();
        row.add(t);
        row.add(CliJson.number(m.redactionProbability(t, 0)));
        probs.add(row);
      }
    }
    out.set("redactionProbability", probs);
    out.set("utility", CliJson.number(m.utility()));
    out.set("leakage", CliJson.number(m.leakage().total()));
    ObjectNode s = CliJson.object();
    s.set("left", CliJson.number(used.left()));
    s.set("right", CliJson.number(used.right()));
    out.set("split", s);
    return out;
  }

  /** A band distance, or {@code null} when the side has no records ("no such side"). */
  private static JsonNode distance(boolean sideExists, long d) {
    return sideExists ? JsonNodeFactory.instance.numberNode(d) : JsonNodeFactory.instance.nullNode();
  }

  /** Parses an option with the redaction package's enum parser; its message ("mechanism = x: ...") gets the dashes. */
  private static <T> T parse(Supplier<T> parser) {
    try {
      return parser.get();
    } catch (IllegalArgumentException e) {
      throw new UsageException("--" + e.getMessage());
    }
  }
}
