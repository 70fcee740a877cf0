package org.pufferflow.mechanism.mqm;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.pufferflow.common.PufferPreconditions;

/**
 * The noise calibration of one MQM configuration (mqm.md §2.1, §2.4, §2.5): σ_max for windows of length T at ε
 * over the class Θ in the given mode, the active quilt of a node attaining it, the per-bin Laplace scale
 * β = L·σ_max for an L-Lipschitz statistic, and the unconstrained optimum s*(ε) used by the sliding-window design
 * rule (§3.8 c).
 *
 * <p>σ_max depends only on public parameters, never on the data; calibrations are immutable and cached per
 * configuration (value of the {@link Builder}), so the release path only reads fields.
 *
 * <p>When no quilt beats the empty one, σ_max = T/ε (the group-DP scale) and {@link #isGroupDpFallback()} is true —
 * stated explicitly, never an infinite scale. Exact tables are built to max(T, 256) rounded up to a power of two;
 * offsets beyond are bounded conservatively (influence is non-increasing in distance).
 */
public final class MqmCalibration {

  private static final int MIN_TABLE_LENGTH = 256;
  private static final int MAX_STAR_CARD = 1 << 16;

  private static final ConcurrentHashMap<Key, MqmCalibration> CACHE = new ConcurrentHashMap<>();
  private static final ConcurrentHashMap<ModelKey, List<QuiltInfluence>> MODELS = new ConcurrentHashMap<>();

  private record Key(ChainClass chainClass, MqmMode mode, double epsilon, int windowLength, double sensitivity) {}

  private record ModelKey(ChainClass chainClass, MqmMode mode, int tableLength) {}

  private final ChainClass chainClass;
  private final MqmMode mode;
  private final double epsilon;
  private final int windowLength;
  private final double sensitivity;
  private final double sigmaMax;
  private final ActiveQuilt activeQuilt;
  private final int thetaIndex;
  private final double noiseScale;
  private volatile ActiveQuilt[] starHolder;

  private MqmCalibration(Key key) {
    this.chainClass = key.chainClass();
    this.mode = key.mode();
    this.epsilon = key.epsilon();
    this.windowLength = key.windowLength();
    this.sensitivity = key.sensitivity();
    List<QuiltInfluence> models = models(chainClass, mode, windowLength);
    ActiveQuilt worst = null;
    int worstTheta = -1;
    for (int j = 0; j < models.size(); j++) {
      ActiveQuilt q = QuiltSearch.fastSearch(models.get(j), windowLength, epsilon);
      if (worst == null || q.score() > worst.score()) {
        worst = q;
        worstTheta = j;
      }
    }
    this.activeQuilt = worst;
    this.thetaIndex = worstTheta;
    this.sigmaMax = worst.score();
    this.noiseScale = Math.nextUp(sensitivity * sigmaMax);
  }

  /** Computes s* over the class on first use (only the sliding-window design needs it). */
  private ActiveQuilt[] star() {
    ActiveQuilt[] s = starHolder;
    if (s == null) {
      List<QuiltInfluence> models = models(chainClass, mode, windowLength);
      ActiveQuilt worst = null;
      boolean infeasible = false;
      for (QuiltInfluence model : models) {
        int maxCard = (int) Math.min(MAX_STAR_CARD, 2L * model.saturationDistance() + 1);
        ActiveQuilt q = QuiltSearch.sStar(model, epsilon, maxCard);
        if (q == null) {
          infeasible = true;
        } else if (worst == null || q.score() > worst.score()) {
          worst = q;
        }
      }
      s = new ActiveQuilt[] {infeasible ? null : worst};
      starHolder = s;
    }
    return s;
  }

  /** The influence models of a class in a mode, shared by all window lengths up to the table length. */
  static List<QuiltInfluence> models(ChainClass chainClass, MqmMode mode, int length) {
    int tableLength = Integer.highestOneBit(Math.max(MIN_TABLE_LENGTH, length) - 1) << 1;
    return MODELS.computeIfAbsent(
        new ModelKey(chainClass, mode, tableLength), k -> List.copyOf(chainClass.influences(mode, tableLength)));
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Validated builder; {@link #build()} returns the cached calibration of an equal configuration. */
  public static final class Builder {
    private ChainClass chainClass;
    private MqmMode mode;
    private double epsilon = Double.NaN;
    private int windowLength = -1;
    private double sensitivity = 2.0;

    private Builder() {}

    public Builder chainClass(ChainClass c) {
      this.chainClass = c;
      return this;
    }

    public Builder mode(MqmMode m) {
      this.mode = m;
      return this;
    }

    public Builder epsilon(double e) {
      this.epsilon = e;
      return this;
    }

    /** The window length T (number of states in one released window). */
    public Builder windowLength(int t) {
      this.windowLength = t;
      return this;
    }

    /** The Lipschitz constant L of the released statistic (2 for a count histogram, the default). */
    public Builder sensitivity(double l) {
      this.sensitivity = l;
      return this;
    }

    public MqmCalibration build() {
      PufferPreconditions.checkNotNull("chainClass", chainClass);
      PufferPreconditions.checkEpsilon("epsilon", epsilon);
      PufferPreconditions.checkWindowLength("window", windowLength);
      PufferPreconditions.checkPositive("sensitivity", sensitivity);
      MqmMode m = mode == null ? chainClass.defaultMode() : mode;
      Key key = new Key(chainClass, m, epsilon, windowLength, sensitivity);
      MqmCalibration cached = CACHE.get(key);
      if (cached != null) {
        return cached;
      }
      MqmCalibration fresh = new MqmCalibration(key);
      MqmCalibration prior = CACHE.putIfAbsent(key, fresh);
      return prior == null ? fresh : prior;
    }
  }

  /** A builder preset with this configuration (e.g. to calibrate another window length). */
  public Builder toBuilder() {
    return builder().chainClass(chainClass).mode(mode).epsilon(epsilon).windowLength(windowLength)
        .sensitivity(sensitivity);
  }

  /** σ_max: the MQM scale for a 1-Lipschitz statistic of one window. */
  public double sigmaMax() {
    return sigmaMax;
  }

  /** The per-bin Laplace scale β = L·σ_max of one release, rounded up (toward more privacy). */
  public double noiseScale() {
    return noiseScale;
  }

  /** The active quilt of the first node attaining σ_max (in chain {@link #thetaIndex()} of the class). */
  public ActiveQuilt activeQuilt() {
    return activeQuilt;
  }

  /** Index of the chain of the class attaining σ_max (0 for a bounds-only class). */
  public int thetaIndex() {
    return thetaIndex;
  }

  /** T/ε, the trivial (empty-quilt, group-DP) scale. */
  public double groupDpSigma() {
    return windowLength / epsilon;
  }

  /** True when no Markov quilt beats the empty one: the release uses the group-DP scale T/ε. */
  public boolean isGroupDpFallback() {
    return !(sigmaMax < groupDpSigma());
  }

  /**
   * s*(ε) of Lemma B for the class (max over θ of the unconstrained two-sided optimum with the worst-case influence
   * over positions); +∞ when no two-sided quilt is feasible (then no per-point guarantee holds on an unbounded
   * stream).
   */
  public double sStar() {
    ActiveQuilt q = star()[0];
    return q == null ? Double.POSITIVE_INFINITY : q.score();
  }

  /** The quilt attaining {@link #sStar()} (node 0), or null when infeasible. */
  public ActiveQuilt sStarQuilt() {
    return star()[0];
  }

  public ChainClass chainClass() {
    return chainClass;
  }

  public MqmMode mode() {
    return mode;
  }

  public double epsilon() {
    return epsilon;
  }

  public int windowLength() {
    return windowLength;
  }

  public double sensitivity() {
    return sensitivity;
  }

  /** π_min summary of the class for this mode. */
  public double piMin() {
    return chainClass.piMin(mode);
  }

  /** Eigen-gap summary of the class for this mode. */
  public double gap() {
    return chainClass.gap(mode);
  }

  @Override
  public String toString() {
    return "MqmCalibration{" + mode + ", eps=" + epsilon + ", T=" + windowLength + ", L=" + sensitivity
        + ", sigmaMax=" + sigmaMax + ", quilt=" + activeQuilt + (isGroupDpFallback() ? ", group-DP fallback" : "")
        + "}";
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof MqmCalibration c
        && c.chainClass.equals(chainClass) && c.mode == mode && Double.compare(c.epsilon, epsilon) == 0
        && c.windowLength == windowLength && Double.compare(c.sensitivity, sensitivity) == 0;
  }

  @Override
  public int hashCode() {
    return Objects.hash(chainClass, mode, epsilon, windowLength, sensitivity);
  }
}
