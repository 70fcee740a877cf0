package org.pufferflow.jobs.plan;

import org.apache.flink.annotation.Internal;
import org.pufferflow.mechanism.mqm.ActiveQuilt;
import org.pufferflow.mechanism.mqm.MqmMode;

/**
 * What a windowed MQM configuration promises (docs/mqm.md): the per-bin scale every window is released at (the
 * design rule for the target per-time-point ε*), the calibration of one window, the per-time-point loss of the whole
 * sliding schedule and the expected error of a release.
 *
 * @param mode the MQM mode
 * @param window W
 * @param slide S
 * @param epsilon ε*, the configured per-time-point target ({@code mqm.epsilon})
 * @param sensitivity L (2 for count histograms)
 * @param bins k, the number of histogram bins (states)
 * @param frequencies true when releases are divided by W
 * @param sigma σ_max(W, ε*) of a window
 * @param noiseScale β, the per-bin discrete Laplace scale of every window release: L·⌈W/S⌉·s*(ε*), rounded up
 * @param groupDpSigma W/ε, the empty-quilt scale
 * @param groupDpFallback true when no quilt beats the empty one
 * @param quilt the active quilt attaining σ_max
 * @param perPointEpsilonStart max over the positions of the first window of ε(t), all planned windows accounted
 * @param positionsChecked how many first positions {@code perPointEpsilonStart} maximises over (min(W, 1024))
 * @param perPointEpsilonSteadyState ε(t) far from the stream start (sliding-window accountant)
 * @param singleWindowNoiseScale L·σ_max(W, ε*): the scale one window alone would need (no overlap accounted)
 * @param meanCountPerBin W/k, the mean count of a bin (the signal a bin's noise is compared with)
 * @param expectedAbsNoisePerBin E|noise| of one bin of counts: 1/sinh(1/β)
 * @param expectedWindowL1Error k · E|noise|: expected L1 error of a window's count histogram
 * @param expectedFrequencyError E|noise|/W: expected error of one released frequency
 */
@Internal
public record MqmOutlook(
    MqmMode mode,
    int window,
    int slide,
    double epsilon,
    double sensitivity,
    int bins,
    boolean frequencies,
    double sigma,
    double noiseScale,
    double groupDpSigma,
    boolean groupDpFallback,
    ActiveQuilt quilt,
    double perPointEpsilonStart,
    int positionsChecked,
    double perPointEpsilonSteadyState,
    double singleWindowNoiseScale,
    double meanCountPerBin,
    double expectedAbsNoisePerBin,
    double expectedWindowL1Error,
    double expectedFrequencyError) {}
