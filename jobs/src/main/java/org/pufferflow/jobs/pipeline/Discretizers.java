package org.pufferflow.jobs.pipeline;

import org.pufferflow.ingest.BinsDiscretizer;
import org.pufferflow.ingest.CategoricalDiscretizer;
import org.pufferflow.ingest.Discretizer;
import org.pufferflow.ingest.GridDiscretizer;
import org.pufferflow.jobs.config.DiscretizerConfig;
import org.pufferflow.jobs.config.ModelConfig;

/** Builds the {@link Discretizer} a validated configuration describes. */
public final class Discretizers {
  private Discretizers() {}

  public static Discretizer of(DiscretizerConfig config, ModelConfig model) {
    if (config instanceof DiscretizerConfig.Bins b) {
      return new BinsDiscretizer(b.thresholds(), b.min(), b.max());
    }
    if (config instanceof DiscretizerConfig.Grid g) {
      return new GridDiscretizer(g.minLat(), g.maxLat(), g.minLon(), g.maxLon(), g.rows(), g.cols());
    }
    return new CategoricalDiscretizer(model.states());
  }
}
