package org.pufferflow.mechanism.mqm;

import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serial;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.common.VisibleForTesting;
import org.pufferflow.noise.DiscreteLaplace;

/**
 * The noise calibration of one MQM configuration (docs/mqm.md, "σ_max"): σ_max for windows of length T at ε over
 * the class Θ in the given mode, the active quilt of a node attaining it, the per-bin discrete Laplace scale
 * β = L·σ_max for an L-Lipschitz statistic, and the unconstrained optimum s*(ε) used by the sliding-window design
 * rule (docs/mqm.md, "Sliding windows: the per-time-point accountant").
 *
 * <p>σ_max depends only on the public parameters (Θ, mode, ε, T, L), never on the data. There is no static cache:
 * a calibration is cheap to build (docs/benchmarks.md, "MQM calibration"), so an operator builds it once when it
 * opens and keeps it. The instance is immutable and {@link Serializable} through its public parameters only: the
 * serialized form is (Θ, mode, ε, T, L) and deserialisation rebuilds — and revalidates — the calibration, so the
 * same σ comes back.
 *
 * <p>{@link Builder#build()} refuses, with a message naming the value, an ε below
 * {@link PufferPreconditions#MIN_EPSILON} and a per-bin scale above {@link DiscreteLaplace#MAX_SCALE}, so a
 * calibration that builds never makes a release throw.
 *
 * <p>When no quilt beats the empty one, σ_max = T/ε (the group-DP scale) and {@link #isGroupDpFallback()} is true —
 * stated explicitly, never an infinite scale. Exact influence tables are built to T (every offset and node position
 * σ_max reads); s* and the accountant use tables to max(T, 256) rounded up to a power of two, built on first use;
 * offsets beyond a table are bounded conservatively (influence is non-increasing in distance).
 */
public final class MqmCalibration implements Serializable {

  @Serial private static final long serialVersionUID = 1L;

  /** Number of σ_max searches run in this JVM (a test seam: a shipped {@link MqmWindowPlan} must not add one). */
  @VisibleForTesting
  static final java.util.concurrent.atomic.AtomicLong SEARCHES = new java.util.concurrent.atomic.AtomicLong();

  private static final int MIN_STAR_TABLE_LENGTH = 256;
  /** Table length tried first for {@code exact} (kept when the search reads no offset beyond it). */
  private static final int SHORT_TABLE_LENGTH = 64;
  private static final int MAX_STAR_CARD = 1 << 16;
  /** Largest exact table s* grows to (cards up to 2·4096 + 1). */
  private static final int MAX_STAR_TABLE = 4096;
  /** Largest exact table s* grows to, in k×k cells (2^22: 32 MB per table). */
  private static final long MAX_STAR_CELLS = 1L << 22;

  private final ChainClass chainClass;
  private final MqmMode mode;
  private final double epsilon;
  private final int windowLength;
  private final double sensitivity;
  private final transient List<QuiltInfluence> models;
  /** Whether {@link #models} are the short exact tables (then reuse for another length is checked). */
  private final transient boolean shortTables;
  private final transient double sigmaMax;
  private final transient ActiveQuilt activeQuilt;
  private final transient int thetaIndex;
  private final transient double noiseScale;
  private transient volatile List<QuiltInfluence> starModels;
  private transient volatile ActiveQuilt[] starHolder;

  private MqmCalibration(
      ChainClass chainClass, MqmMode mode, double epsilon, int windowLength, double sensitivity,
      List<QuiltInfluence> models) {
    this.chainClass = chainClass;
    this.mode = mode;
    this.epsilon = epsilon;
    this.windowLength = windowLength;
    this.sensitivity = sensitivity;
    this.models = models;
    this.shortTables = false;
    SEARCHES.incrementAndGet();
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
    this.noiseScale = PufferPreconditions.checkNoiseScale(
        "MQM per-bin discrete Laplace scale L*sigma_max (epsilon = " + epsilon + ", window = " + windowLength
            + ", sensitivity = " + sensitivity + ")",
        Math.nextUp(sensitivity * sigmaMax), Double.MIN_VALUE, DiscreteLaplace.MAX_SCALE);
  }

  /**
   * Calibrates with short exact tables through read recorders; returns the calibration (holding the unwrapped short
   * models) when the search read nothing beyond the tables and is not the group-DP fallback (the infeasibility
   * probe reads the table's end), else null: the caller rebuilds with tables to T.
   */
  private static MqmCalibration withShortTables(ChainClass chainClass, MqmMode m, double epsilon, int windowLength,
      double sensitivity, List<QuiltInfluence> shortModels) {
    List<ReadRangeRecorder> recorders = new ArrayList<>();
    for (QuiltInfluence q : shortModels) {
      recorders.add(new ReadRangeRecorder(q));
    }
    MqmCalibration trial =
        new MqmCalibration(chainClass, m, epsilon, windowLength, sensitivity, List.copyOf(recorders));
    int maxRead = 0;
    for (ReadRangeRecorder r : recorders) {
      maxRead = Math.max(maxRead, r.maxOffset());
    }
    if (maxRead > SHORT_TABLE_LENGTH || trial.isGroupDpFallback()) {
      return null;
    }
    return new MqmCalibration(trial, shortModels);
  }

  /** The trial's results with its models unwrapped (the recorders are not kept). */
  private MqmCalibration(MqmCalibration trial, List<QuiltInfluence> models) {
    this.chainClass = trial.chainClass;
    this.mode = trial.mode;
    this.epsilon = trial.epsilon;
    this.windowLength = trial.windowLength;
    this.sensitivity = trial.sensitivity;
    this.models = models;
    this.shortTables = true;
    this.activeQuilt = trial.activeQuilt;
    this.thetaIndex = trial.thetaIndex;
    this.sigmaMax = trial.sigmaMax;
    this.noiseScale = trial.noiseScale;
  }

  /** Computes s* over the class on first use (only the sliding-window design needs it). */
  private ActiveQuilt[] star() {
    ActiveQuilt[] s = starHolder;
    if (s == null) {
      List<QuiltInfluence> models = starModels();
      int length = starTableLength(windowLength);
      ActiveQuilt q = starOver(models);
      // A clamped exact table can make every quilt look infeasible although larger offsets are feasible: grow the
      // tables (×4) while that happens, within MAX_STAR_TABLE and MAX_STAR_CELLS (then s* stays +∞: refused).
      long k2 = (long) chainClass.states() * chainClass.states();
      while (q == null && mode.isExact() && 4L * length <= MAX_STAR_TABLE && 4L * length * k2 <= MAX_STAR_CELLS) {
        length *= 4;
        models = List.copyOf(chainClass.influences(mode, length));
        q = starOver(models);
        starModels = models; // the accountant then uses the same (longer, tighter) tables
      }
      s = new ActiveQuilt[] {q};
      starHolder = s;
    }
    return s;
  }

  /** s* over the class (max over θ), or null when some θ has no feasible two-sided quilt within its tables. */
  private ActiveQuilt starOver(List<QuiltInfluence> models) {
    ActiveQuilt worst = null;
    for (QuiltInfluence model : models) {
      int maxCard = (int) Math.min(MAX_STAR_CARD, 2L * model.saturationDistance() + 1);
      ActiveQuilt q = QuiltSearch.sStar(model, epsilon, maxCard);
      if (q == null) {
        return null;
      }
      if (worst == null || q.score() > worst.score()) {
        worst = q;
      }
    }
    return worst;
  }

  /**
   * The influence models for unbounded offsets (s*, the accountant): tables to max(T, 256) rounded up to a power
   * of two, built on first use (the approximate models have no table and are shared with σ_max).
   */
  List<QuiltInfluence> starModels() {
    List<QuiltInfluence> m = starModels;
    if (m == null) {
      int length = starTableLength(windowLength);
      m = mode.isExact() && (shortTables || length > windowLength)
          ? List.copyOf(chainClass.influences(mode, length)) : models;
      starModels = m;
    }
    return m;
  }

  private static int starTableLength(int length) {
    return Integer.highestOneBit(Math.max(MIN_STAR_TABLE_LENGTH, length) - 1) << 1;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Validated builder; every call of {@link #build()} computes a fresh (equal) calibration. */
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

    /**
     * Validates and calibrates. Throws IllegalArgumentException when ε is not finite or below
     * {@link PufferPreconditions#MIN_EPSILON}, T &lt; 1, L ≤ 0, the mode does not apply to the class, or the
     * per-bin scale L·σ_max exceeds the discrete Laplace sampler's {@link DiscreteLaplace#MAX_SCALE}.
     */
    public MqmCalibration build() {
      PufferPreconditions.checkNotNull("chainClass", chainClass);
      PufferPreconditions.checkEpsilon(MqmParameters.EPSILON, epsilon);
      PufferPreconditions.checkWindowLength(MqmParameters.WINDOW, windowLength);
      PufferPreconditions.checkPositive(MqmParameters.SENSITIVITY, sensitivity);
      MqmMode m = mode == null ? chainClass.defaultMode() : mode;
      if (m.isExact() && windowLength > SHORT_TABLE_LENGTH) {
        // Build only what the search reads: short tables first, kept when no read went beyond them.
        List<QuiltInfluence> shortModels = List.copyOf(chainClass.influences(m, SHORT_TABLE_LENGTH));
        MqmCalibration c = withShortTables(chainClass, m, epsilon, windowLength, sensitivity, shortModels);
        if (c != null) {
          return c;
        }
      }
      return new MqmCalibration(chainClass, m, epsilon, windowLength, sensitivity,
          List.copyOf(chainClass.influences(m, windowLength)));
    }
  }

  /** A builder preset with this configuration (e.g. to calibrate another window length). */
  public Builder toBuilder() {
    return builder().chainClass(chainClass).mode(mode).epsilon(epsilon).windowLength(windowLength)
        .sensitivity(sensitivity);
  }

  /**
   * The calibration of a window of {@code length} states, 1 ≤ length ≤ T, with this one's Θ, mode, ε and L (the
   * partial windows at a stream start), reusing this calibration's influence tables. Equal to
   * {@code toBuilder().windowLength(length).build()}.
   */
  public MqmCalibration forWindowLength(int length) {
    PufferPreconditions.checkInRange("window length", length, 1, windowLength);
    if (length == windowLength) {
      return this;
    }
    if (shortTables && length > SHORT_TABLE_LENGTH) {
      // the tables may be short: the shorter window's search must be checked (position-dependent reads differ)
      MqmCalibration c = withShortTables(chainClass, mode, epsilon, length, sensitivity, models);
      return c != null ? c : new MqmCalibration(chainClass, mode, epsilon, length, sensitivity,
          List.copyOf(chainClass.influences(mode, length)));
    }
    return new MqmCalibration(chainClass, mode, epsilon, length, sensitivity, models);
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

  /** Serialization proxy: only the public parameters travel; the receiver recalibrates (and revalidates). */
  @Serial
  private Object writeReplace() {
    return new SerializedForm(chainClass, mode, epsilon, windowLength, sensitivity);
  }

  @Serial
  private void readObject(ObjectInputStream in) throws InvalidObjectException {
    throw new InvalidObjectException("MqmCalibration is deserialised through its serialized form");
  }

  private record SerializedForm(
      ChainClass chainClass, MqmMode mode, double epsilon, int windowLength, double sensitivity)
      implements Serializable {
    @Serial private static final long serialVersionUID = 1L;

    @Serial
    private Object readResolve() {
      return builder().chainClass(chainClass).mode(mode).epsilon(epsilon).windowLength(windowLength)
          .sensitivity(sensitivity).build();
    }
  }
}
