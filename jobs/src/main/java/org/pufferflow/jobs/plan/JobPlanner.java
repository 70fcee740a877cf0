package org.pufferflow.jobs.plan;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.IntBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.annotation.Internal;
import org.pufferflow.accounting.ChargeResult;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.accounting.LedgerState;
import org.pufferflow.accounting.PrivacyLedger;
import org.pufferflow.chain.BinaryMarkovChain;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.mechanism.Configured;
import org.pufferflow.jobs.mechanism.MechanismPlan;
import org.pufferflow.jobs.mechanism.MechanismUnit;
import org.pufferflow.jobs.mechanism.PlanContext;
import org.pufferflow.mechanism.dphmm.DphmmConfig;
import org.pufferflow.mechanism.dphmm.DphmmNoise;
import org.pufferflow.mechanism.mqm.MqmCalibration;
import org.pufferflow.mechanism.mqm.MqmWindowPlan;
import org.pufferflow.mechanism.mqm.SlidingWindowAccountant;
import org.pufferflow.mechanism.redaction.ExactLeakage;
import org.pufferflow.mechanism.redaction.Leakage;
import org.pufferflow.mechanism.redaction.LocalRedactionMechanism;
import org.pufferflow.mechanism.redaction.RedactionPlan;
import org.pufferflow.mechanism.redaction.RedactionUtility;
import org.pufferflow.policy.ProtectableGraph;
import org.pufferflow.policy.StateQuery;

/**
 * Everything a job configuration promises before it is deployed (docs/cli.md, "plan --config"): one method per
 * mechanism, each taking the built math objects and returning a small result record. Only public configuration is
 * read; nothing here sees data or draws noise. The math is the operators' own (ProtectableGraph and the sensitivity
 * hull for DPHMM, MqmCalibration and SlidingWindowAccountant for MQM, RedactionPlan, ExactLeakage and
 * RedactionUtility for redaction, PrivacyLedger for budgets), called, not restated.
 */
@Internal
public final class JobPlanner {

  /** Largest release count found by charging a ledger; beyond it the exact ⌊total/ε⌋ is reported. */
  public static final long MAX_COUNTED = 1_000_000;
  /** Largest number of first-window positions whose ε(t) is computed for the start-of-stream loss. */
  public static final int MAX_START_POSITIONS = 1024;

  private JobPlanner() {}

  /**
   * The plan of a whole job: each enabled mechanism's ({@link MechanismUnit#plan}), their summaries and warnings,
   * and a warning when two mechanisms publish the same subjects' states (no theorem composes them).
   */
  public static JobPlan plan(JobConfig job) {
    PlanContext context = new PlanContext(job.model(), job.time().tickMillis());
    List<MechanismPlan> plans = new ArrayList<>();
    List<String> summary = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    List<String> states = new ArrayList<>();
    for (Configured<?> m : job.mechanisms()) {
      MechanismPlan p = m.plan(context);
      plans.add(p);
      summary.add(p.summary());
      warnings.addAll(p.warnings());
      if (p.releasesStates()) {
        states.add(p.section());
      }
    }
    if (states.size() > 1) {
      boolean two = states.size() == 2;
      warnings.add(String.join(", ", states) + ": " + (two ? "both" : "all") + " publish the same subjects' states,"
          + " and no theorem composes their releases under correlation (docs/index.md, 'Assumptions'), so "
          + (two ? "neither guarantee covers the pair; run them on different subjects or keep one of the two sections"
              : "no guarantee covers them together; run them on different subjects or keep one of the sections"));
    }
    return new JobPlan(plans, summary, warnings);
  }

  /**
   * DPHMM over the full state space (exposure, DoP, repair, hull, expected error of one release) and the Theorem 6.3
   * cost range over: all states, the configured constraint of p0, and of each row M[i,·] of the transition matrix.
   */
  public static DphmmOutlook dphmm(DphmmConfig c) {
    PufferPreconditions.checkNotNull("dphmm", c);
    int n = c.states();
    StateQuery f = c.query();
    Map<String, int[]> sets = new LinkedHashMap<>();
    int[] all = new int[n];
    for (int i = 0; i < n; i++) {
      all[i] = i;
    }
    sets.put("all states", all);
    Set<IntBuffer> seen = new HashSet<>(); // the sets' contents, to skip repeats in O(|set|)
    seen.add(IntBuffer.wrap(all));
    int[] scratch = new int[n];
    addSet(sets, seen, "initial", c.constraint().select(c.initial(), scratch), scratch);
    double[] row = new double[n];
    double[] unit = new double[n];
    for (int i = 0; i < n; i++) {
      unit[i] = 1.0;
      c.transition().multiplyLeft(unit, row); // row i of M, exactly (1·x), in O(N + its non-zeros)
      unit[i] = 0.0;
      addSet(sets, seen, "row " + i, c.constraint().select(row, scratch), scratch);
    }
    List<ConstraintCost> costs = new ArrayList<>();
    ProtectableGraph full = null;
    double lo = Double.POSITIVE_INFINITY;
    double hi = 0;
    for (Map.Entry<String, int[]> e : sets.entrySet()) {
      ProtectableGraph pg = ProtectableGraph.repair(f, c.policyGraph(), e.getValue(), c.repair(), c.fullSpan());
      if (full == null) {
        full = pg;
      }
      double cost = timesRoundingUp(pg.constrainedDpMultiplier(), c.epsilon());
      costs.add(new ConstraintCost(e.getKey(), e.getValue(), pg.constrainedDpMultiplier(), cost, pg.exposedAfter()));
      lo = Math.min(lo, cost);
      hi = Math.max(hi, cost);
    }
    boolean knorm = c.noise() == DphmmNoise.K_NORM;
    // the scale DphmmReleaser draws with: S_f/ε
    double laplaceScale = knorm ? Double.NaN : full.l1Sensitivity() / c.epsilon();
    double l2 = knorm ? ExpectedNorms.knormL2(full.hull(), c.epsilon())
        : ExpectedNorms.laplaceL2(f.dimension(), laplaceScale);
    return new DphmmOutlook(c.epsilon(), c.noise(), n, f.dimension(), full.exposedBefore(),
        full.degreesOfProtection(), full.addedEdges(), full.exposedAfter(), full.hull().rank(),
        full.hull().measureInSpan(), full.l1Sensitivity(), costs, lo, hi,
        knorm ? ExpectedNorms.knormGauge(full.hull(), c.epsilon()) : Double.NaN, laplaceScale, l2,
        diameter(f), c.constraint().toString(), c.constraint().droppedMassBound(n));
  }

  /** Adds the first {@code count} of {@code scratch} as set {@code name} unless {@code seen} has that content. */
  private static void addSet(Map<String, int[]> sets, Set<IntBuffer> seen, String name, int count, int[] scratch) {
    int[] s = Arrays.copyOf(scratch, count);
    if (seen.add(IntBuffer.wrap(s))) {
      sets.put(name, s);
    }
  }

  /** The smallest double ≥ a·b (exact real product), for costs that must never be understated. */
  static double timesRoundingUp(double a, double b) {
    double p = a * b;
    if (Double.isInfinite(p) || p == 0) {
      return p;
    }
    return Math.fma(a, b, -p) > 0 ? Math.nextUp(p) : p;
  }

  /** max_{j,k} ‖f(s_j) − f(s_k)‖₂ over all states. */
  static double diameter(StateQuery f) {
    double best = 0;
    for (int j = 0; j < f.size(); j++) {
      for (int k = j + 1; k < f.size(); k++) {
        best = Math.max(best, f.squaredDistance(j, k));
      }
    }
    return Math.sqrt(best);
  }

  /**
   * MQM as the job releases it ({@code plan}, docs/mqm.md, 'Sliding windows'): every window of length W at the
   * per-bin scale β of the design rule, the calibration σ_max(W, ε*) beside it, the per-time-point loss of the
   * schedule at the stream start and in steady state (both from the plan's accountant at β), and the expected error
   * of a window of {@code bins} bins.
   */
  public static MqmOutlook mqm(MqmWindowPlan plan, int bins, boolean frequencies) {
    PufferPreconditions.checkNotNull("mqm", plan);
    PufferPreconditions.checkAtLeast("bins", bins, 1);
    MqmCalibration cal = plan.calibration();
    int w = plan.window();
    SlidingWindowAccountant acc = plan.accountant();
    int checked = Math.min(w, MAX_START_POSITIONS);
    double start = 0;
    for (int t = 1; t <= checked; t++) {
      start = Math.max(start, acc.epsilonAt(t));
    }
    double beta = plan.noiseScale(w);
    double perBin = ExpectedNorms.discreteLaplaceMeanAbs(beta);
    return new MqmOutlook(cal.mode(), w, plan.slide(), cal.epsilon(), cal.sensitivity(), bins, frequencies,
        cal.sigmaMax(), beta, cal.groupDpSigma(), cal.isGroupDpFallback(), cal.activeQuilt(), start, checked,
        acc.steadyStateEpsilon(), cal.noiseScale(), (double) w / bins, perBin, bins * perBin, perBin / w);
  }

  /**
   * Redaction of an unbounded stream by {@code plan}: bands, hold-back, utility (RedactionUtility on the plan's own
   * rule) over the records one private record can affect and over {@code recordsPerPrivateRecord} records holding
   * one private record, and the exact leakage of one isolated private record (ExactLeakage on the plan's rule).
   */
  public static RedactionOutlook redaction(RedactionPlan plan, String mechanism, int holdBackTicks,
      long recordsPerPrivateRecord) {
    PufferPreconditions.checkNotNull("redaction", plan);
    PufferPreconditions.checkAtLeast("holdBackTicks", holdBackTicks, 0);
    PufferPreconditions.checkAtLeast("records per private record", recordsPerPrivateRecord, 1);
    BinaryMarkovChain chain = plan.chain();
    boolean leftAll = plan.holdBack() == LocalRedactionMechanism.UNBOUNDED;
    long holdBack = leftAll ? 0 : plan.holdBack();
    // p with at least d_S(left) records before it, so the left side is not truncated
    long p = holdBack + 2;
    Leakage leak = ExactLeakage.of(chain, new PlanRule(plan, p, LocalRedactionMechanism.UNBOUNDED), p);
    long n = holdBack + 1 + plan.reach();
    long m = Math.max(n, recordsPerPrivateRecord);
    double local = leftAll ? 0 : RedactionUtility.of(chain, new PlanRule(plan, holdBack + 1, n));
    double utility = leftAll ? 0 : RedactionUtility.of(chain, new PlanRule(plan, holdBack + 1, m));
    return new RedactionOutlook(mechanism, plan.epsilon(), plan.split().left(), plan.split().right(), leftAll,
        leftAll ? -1 : plan.left().dM(), leftAll ? -1 : plan.left().dS(), plan.right().dM(), plan.right().dS(),
        leftAll ? -1 : plan.holdBack(), holdBackTicks, plan.reach(), plan.expectedRedactionsPerPrivateRecord(),
        leftAll ? -1 : n, local, m, utility, leak.total(), leak.left(), leak.right());
  }

  /** The plan's rule for one private record {@code p} as a local redaction mechanism on {@code length} records. */
  private static final class PlanRule implements LocalRedactionMechanism {
    private final RedactionPlan plan;
    private final long[] p;
    private final long length;

    PlanRule(RedactionPlan plan, long p, long length) {
      this.plan = plan;
      this.p = new long[] {p};
      this.length = length;
    }

    @Override
    public long length() {
      return length;
    }

    @Override
    public double redactionProbability(long t, int value) {
      return plan.redactionProbability(t, value, p, 1);
    }

    @Override
    public long alwaysReleasedFrom() {
      return p[0] + plan.reach() + 1;
    }
  }

  /**
   * How long {@code policy} lasts when every release costs {@code epsilonPerRelease} and, for a subject observed at
   * every tick, one release is made every {@code releaseInterval} ticks.
   */
  public static BudgetHorizon budget(LedgerPolicy policy, double epsilonPerRelease, int releaseInterval) {
    PufferPreconditions.checkNotNull("budget", policy);
    PufferPreconditions.checkEpsilon("epsilon", epsilonPerRelease);
    PufferPreconditions.checkAtLeast("release interval", releaseInterval, 1);
    long total = count(policy.totalBudget(), epsilonPerRelease);
    boolean counted = total < MAX_COUNTED;
    if (!counted) {
      total = floorRatio(policy.totalBudget(), epsilonPerRelease);
    }
    if (!policy.hasPeriodBudget()) {
      return new BudgetHorizon(epsilonPerRelease, policy.totalBudget(), total, counted,
          floorRatio(policy.totalBudget(), epsilonPerRelease), Double.NaN, 0, -1, -1);
    }
    long perPeriod = count(policy.periodBudget(), epsilonPerRelease);
    if (perPeriod >= MAX_COUNTED) {
      perPeriod = floorRatio(policy.periodBudget(), epsilonPerRelease);
    }
    long wanted = (policy.periodTicks() + releaseInterval - 1) / releaseInterval;
    return new BudgetHorizon(epsilonPerRelease, policy.totalBudget(), total, counted,
        floorRatio(policy.totalBudget(), epsilonPerRelease), policy.periodBudget(),
        policy.periodTicks(), perPeriod, wanted);
  }

  /** Releases a ledger with total budget {@code budget} charges at ε each (stops counting at MAX_COUNTED). */
  private static long count(double budget, double epsilon) {
    PrivacyLedger ledger = new PrivacyLedger(LedgerPolicy.builder().totalBudget(budget).build());
    LedgerState state = new LedgerState();
    long k = 0;
    while (k < MAX_COUNTED && ledger.tryCharge(state, epsilon) == ChargeResult.CHARGED) {
      k++;
    }
    return k;
  }

  /** ⌊a/b⌋ computed exactly. */
  static long floorRatio(double a, double b) {
    BigDecimal q = new BigDecimal(a).divide(new BigDecimal(b), 0, RoundingMode.FLOOR);
    return q.min(BigDecimal.valueOf(Long.MAX_VALUE)).longValueExact();
  }
}
