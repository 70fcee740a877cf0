package org.pufferflow.jobs.plan;

import java.util.List;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.chain.BinaryMarkovChain;
import org.pufferflow.chain.TransitionMatrices;
import org.pufferflow.chain.TransitionMatrix;
import org.pufferflow.jobs.config.BudgetConfig;
import org.pufferflow.jobs.config.ConstraintConfig;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.config.ModelConfig;
import org.pufferflow.jobs.config.MqmConfig;
import org.pufferflow.jobs.config.PolicyGraphConfig;
import org.pufferflow.jobs.config.RedactionConfig;
import org.pufferflow.jobs.config.ThetaConfig;
import org.pufferflow.mechanism.dphmm.Constraint;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.dphmm.DphmmNoise;
import org.pufferflow.mechanism.mqm.BoundedChainClass;
import org.pufferflow.mechanism.mqm.ChainClass;
import org.pufferflow.mechanism.mqm.FiniteChainClass;
import org.pufferflow.mechanism.mqm.MqmCalibration;
import org.pufferflow.mechanism.mqm.MqmMode;
import org.pufferflow.mechanism.redaction.BudgetSplit;
import org.pufferflow.mechanism.redaction.RedactionPlan;
import org.pufferflow.mechanism.redaction.ThreeRDesign;
import org.pufferflow.policy.PolicyGraph;
import org.pufferflow.policy.RepairMode;
import org.pufferflow.policy.StateQuery;

/**
 * The ONE adapter from a loaded {@link JobConfig} to the math objects {@link JobPlanner} takes. Everything that
 * knows the configuration records is here, in {@link #from}; when the configuration carries buildable mechanism
 * specs, this method's body becomes calls to their {@code build()}.
 *
 * <p>Choices made here (docs/cli.md, "plan --config"): MQM windows are counts with L = 2 over k = N bins, released
 * at σ_max(W, mqm.epsilon); redaction runs on an unbounded stream, where split {@code auto} means {@code half} (the
 * candidate with the fewest expected redactions: {@code right} redacts every earlier record).
 *
 * @param dphmm the DPHMM configuration, or null
 * @param dphmmLedger its budget, or null
 * @param mqm the MQM calibration of one full window, or null
 * @param mqmSlide S
 * @param mqmBins k, the number of states
 * @param mqmFrequencies whether releases are frequencies
 * @param mqmLedger its budget, or null
 * @param redaction the streaming redaction plan, or null
 * @param redactionMechanism the configured redaction mechanism name
 * @param redactionHoldBackTicks the configured hold-back
 * @param redactionRecordsPerDay ticks in one day, ⌈86 400 000 / time.tickMillis⌉: the sequence length over which
 *     the redaction utility of one private record per day is reported
 */
public record PlanInputs(
    DphmmConfig dphmm,
    LedgerPolicy dphmmLedger,
    MqmCalibration mqm,
    int mqmSlide,
    int mqmBins,
    boolean mqmFrequencies,
    LedgerPolicy mqmLedger,
    RedactionPlan redaction,
    String redactionMechanism,
    int redactionHoldBackTicks,
    long redactionRecordsPerDay) {

  /** L of a count histogram: one changed state moves one unit between two bins. */
  public static final double COUNT_SENSITIVITY = 2;
  /** One day in milliseconds. */
  public static final long DAY_MILLIS = 86_400_000L;

  /** Builds the math objects of every configured mechanism of {@code job}. */
  public static PlanInputs from(JobConfig job) {
    ModelConfig model = job.model();
    DphmmConfig dphmm = null;
    LedgerPolicy dphmmLedger = null;
    if (job.dphmm() != null) {
      org.pufferflow.jobs.config.DphmmConfig d = job.dphmm();
      TransitionMatrix m = TransitionMatrices.of("model.transition", model.transition());
      StateQuery f = StateQuery.of("model.query", model.query(), model.numStates());
      dphmm = DphmmConfig.builder()
          .transition(m)
          .initial(model.initial())
          .query(f)
          .policyGraph(policyGraph(d.policyGraph(), f, m, model.numStates()))
          .constraint(d.constraint() instanceof ConstraintConfig.Delta delta
              ? Constraint.deltaLocationSet(delta.delta()) : Constraint.support())
          .repair(RepairMode.parse(d.repair().configName()))
          .fullSpan(d.fullSpan())
          .noise(d.mechanism() == org.pufferflow.jobs.config.DphmmConfig.Mechanism.LAPLACE
              ? DphmmNoise.LAPLACE : DphmmNoise.K_NORM)
          .epsilon(d.epsilon())
          .build();
      dphmmLedger = ledger(d.budget());
    }
    MqmCalibration mqm = null;
    LedgerPolicy mqmLedger = null;
    MqmConfig q = job.mqm();
    if (q != null) {
      mqm = MqmCalibration.builder()
          .chainClass(chainClass(q.theta(), model))
          .mode(MqmMode.fromCliName(q.mode().configName()))
          .epsilon(q.epsilon())
          .windowLength(q.window())
          .sensitivity(COUNT_SENSITIVITY)
          .build();
      mqmLedger = ledger(q.budget());
    }
    RedactionPlan redaction = null;
    RedactionConfig r = job.redaction();
    if (r != null) {
      redaction = redactionPlan(r);
    }
    return new PlanInputs(dphmm, dphmmLedger, mqm, q == null ? 0 : q.slide(), model.numStates(),
        q != null && q.output() == MqmConfig.Output.FREQUENCIES, mqmLedger, redaction,
        r == null ? null : r.mechanism().configName(), r == null ? 0 : r.holdBackTicks(),
        Math.max(1, (DAY_MILLIS + job.time().tickMillis() - 1) / job.time().tickMillis()));
  }

  private static PolicyGraph policyGraph(PolicyGraphConfig g, StateQuery f, TransitionMatrix m, int n) {
    if (g instanceof PolicyGraphConfig.Complete) {
      return PolicyGraph.complete(n);
    }
    if (g instanceof PolicyGraphConfig.Categorical c) {
      int[] labels = new int[n];
      List<String> distinct = c.labels().stream().distinct().toList();
      for (int i = 0; i < n; i++) {
        labels[i] = distinct.indexOf(c.labels().get(i));
      }
      return PolicyGraph.categorical(labels);
    }
    if (g instanceof PolicyGraphConfig.Utility u) {
      return PolicyGraph.utility(f, u.radius());
    }
    if (g instanceof PolicyGraphConfig.Transition t) {
      return PolicyGraph.transition(m, t.theta());
    }
    return PolicyGraph.edges(n, ((PolicyGraphConfig.Edges) g).edges());
  }

  private static ChainClass chainClass(ThetaConfig theta, ModelConfig model) {
    if (theta instanceof ThetaConfig.Bounds b) {
      return BoundedChainClass.of(model.numStates(), b.piMin(), b.gap());
    }
    if (theta instanceof ThetaConfig.Chains c) {
      return FiniteChainClass.of(c.chains());
    }
    return FiniteChainClass.of(List.<double[][]>of(model.transition()));
  }

  private static RedactionPlan redactionPlan(RedactionConfig r) {
    BinaryMarkovChain chain = BinaryMarkovChain.of(r.alpha(), r.beta());
    switch (r.mechanism()) {
      case MQ:
        return RedactionPlan.mqSymmetric(chain, r.epsilon(), false);
      case MQ_TIGHT:
        return RedactionPlan.mqSymmetric(chain, r.epsilon(), true);
      default:
        ThreeRDesign design = switch (r.mechanism()) {
          case THREE_R_RELAXED -> ThreeRDesign.RELAXED;
          case THREE_R_NUMERICAL -> ThreeRDesign.NUMERICAL;
          default -> ThreeRDesign.OPTIMAL;
        };
        BudgetSplit split = r.split() == RedactionConfig.Split.RIGHT
            ? BudgetSplit.right(r.epsilon()) : BudgetSplit.half(r.epsilon());
        return RedactionPlan.threeR(chain, r.epsilon(), split, design);
    }
  }

  private static LedgerPolicy ledger(BudgetConfig b) {
    LedgerPolicy.Builder l = LedgerPolicy.builder().totalBudget(b.total());
    if (b.hasPeriod()) {
      l.periodBudget(b.perPeriod(), b.periodTicks());
    }
    return l.build();
  }
}
