package org.pufferflow.mechanism.dphmm;

import java.util.Locale;
import org.pufferflow.common.PufferPreconditions;

/** Which mechanism perturbs f(s′) in a DPHMM release (docs/dphmm.md, 'What a release does' step 8). */
public enum DphmmNoise {
  /** The K-norm mechanism over the sensitivity hull K_t (the paper's Definition 3.3, Theorem 5.2). */
  K_NORM("k-norm"),
  /** i.i.d. Laplace(S_f/ε) per coordinate, S_f the L1 sensitivity of G_t (Theorem 5.1). */
  LAPLACE("laplace");

  private final String configName;

  DphmmNoise(String configName) {
    this.configName = configName;
  }

  public String configName() {
    return configName;
  }

  /** Parses {@code k-norm} or {@code laplace}. */
  public static DphmmNoise parse(String name) {
    String s = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
    for (DphmmNoise n : values()) {
      if (n.configName.equals(s)) {
        return n;
      }
    }
    throw PufferPreconditions.invalid("mechanism", "mechanism = " + name + ": must be k-norm or laplace");
  }
}
