package org.pufferflow.mechanism.mqm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.pufferflow.mechanism.mqm.QuiltInfluence.NONE;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Test vectors of docs/test-vectors.md, 'MQM'–docs/test-vectors.md, 'MQM' (influences, δ tables, σ_max, per-node optima, class maxima). */
class MqmVectorsTest {

  static final double[][] P1 = {{0.9, 0.1}, {0.2, 0.8}};
  static final double[][] P2 = {{0.95, 0.05}, {0.05, 0.95}};
  static final double[][] P3 = {{0.8, 0.15, 0.05}, {0.05, 0.8, 0.15}, {0.15, 0.05, 0.8}};

  static QuiltInfluence model(double[][] p, MqmMode mode) {
    return FiniteChainClass.of(p).influences(mode, 256).get(0);
  }

  static ActiveQuilt sigma(double[][] p, MqmMode mode, int t, double eps) {
    return QuiltSearch.fastSearch(model(p, mode), t, eps);
  }

  @ParameterizedTest
  @CsvSource({
    "4, 2.9828066748, inf", "5, 1.6192758773, 2.4308060055", "6, 1.0876998042, 1.5492369818",
    "7, 0.7707570791, 1.1076759964", "8, 0.5583770157, 0.8238032440", "9, 0.4088340338, 0.6240631775",
    "10, 0.3009740026, 0.4773524466", "11, 0.2222088417, 0.3671087109", "12, 0.1643110132, 0.2832039644",
    "13, 0.1216010886, 0.2188739029", "14, 0.0900342310, 0.1693386218", "15, 0.0666786730, 0.1310980529",
    "16, 0.0493885190, 0.1015319262", "17, 0.0365845593, 0.0786517650", "18, 0.0271011443, 0.0609359989",
    "19, 0.0200764671, 0.0472144737", "20, 0.0148727872, 0.0365845593", "25, 0.0033185093, 0.0102218078",
    "30, 0.0007404589, 0.0028562667"
  })
  void deltaTablesP1(int d, String rev, String gen) {
    ApproxInfluence r = (ApproxInfluence) model(P1, MqmMode.APPROX_REVERSIBLE);
    ApproxInfluence g = (ApproxInfluence) model(P1, MqmMode.APPROX_GENERAL);
    assertThat(r.rate()).isCloseTo(0.3, within(1e-12));
    assertThat(g.rate()).isCloseTo(0.255, within(1e-12));
    assertThat(r.delta(d)).isCloseTo(Double.parseDouble(rev), within(1e-9));
    if (gen.equals("inf")) {
      assertThat(g.delta(d)).isInfinite();
    } else {
      assertThat(g.delta(d)).isCloseTo(Double.parseDouble(gen), within(1e-9));
    }
    for (int small = 1; small <= 3; small++) {
      assertThat(r.delta(small)).isInfinite();
      assertThat(g.delta(small)).isInfinite();
    }
  }

  @Test
  void exactInfluenceTableP1() {
    QuiltInfluence m = model(P1, MqmMode.EXACT);
    int[] as = {NONE, 1, 2, 5, 9, 16};
    int[] bs = {NONE, 1, 2, 3, 5, 9, 14, 16};
    double[][] expected = {
      {0, 2.079442, 1.356441, 0.942430, 0.473792, 0.118806, 0.020279, 0.009953},
      {2.079442, 4.158883, 3.435883, 3.021872, 2.553233, 2.198248, 2.099720, 2.089395},
      {1.356441, 3.435883, 2.712883, 2.298872, 1.830233, 1.475247, 1.376720, 1.366395},
      {0.473792, 2.553233, 1.830233, 1.416222, 0.947584, 0.592598, 0.494070, 0.483745},
      {0.118806, 2.198248, 1.475247, 1.061236, 0.592598, 0.237612, 0.139085, 0.128759},
      {0.009953, 2.089395, 1.366395, 0.952384, 0.483745, 0.128759, 0.030232, 0.019907}
    };
    for (int x = 0; x < as.length; x++) {
      for (int y = 0; y < bs.length; y++) {
        if (as[x] == NONE && bs[y] == NONE) {
          continue;
        }
        assertThat(m.influence(50, as[x], bs[y])).as("(%d,%d)", as[x], bs[y]).isCloseTo(expected[x][y], within(1e-6));
      }
    }
    assertThat(m.influence(50, NONE, 1)).isCloseTo(Math.log(8), within(1e-12));
    assertThat(m.influence(50, 9, 9)).isCloseTo(0.2376121152, within(1e-9));
  }

  @Test
  void sigmaMaxP1AllModes() {
    ActiveQuilt rev = sigma(P1, MqmMode.APPROX_REVERSIBLE, 100, 1);
    assertThat(rev.score()).isCloseTo(35.7500035336, within(1e-9));
    assertThat(new int[] {rev.node(), rev.a(), rev.b(), rev.card()}).containsExactly(20, 16, 14, 29);
    assertThat(rev.influence()).isCloseTo(0.1888112690, within(1e-9));

    ActiveQuilt gen = sigma(P1, MqmMode.APPROX_GENERAL, 100, 1);
    assertThat(gen.score()).isCloseTo(42.2864993533, within(1e-9));
    assertThat(new int[] {gen.node(), gen.a(), gen.b(), gen.card()}).containsExactly(23, 19, 16, 34);
    assertThat(gen.influence()).isCloseTo(0.1959608736, within(1e-9));

    ActiveQuilt ex = sigma(P1, MqmMode.EXACT, 100, 1);
    assertThat(ex.score()).isCloseTo(22.2983606367, within(1e-9));
    assertThat(new int[] {ex.node(), ex.a(), ex.b(), ex.card()}).containsExactly(12, 9, 9, 17);

    ActiveQuilt any = sigma(P1, MqmMode.EXACT_ANY_INITIAL, 100, 1);
    assertThat(any.score()).isCloseTo(22.9248584067, within(1e-9));
    assertThat(new int[] {any.node(), any.a(), any.b(), any.card()}).containsExactly(13, 9, 9, 17);
    assertThat(any.influence()).isCloseTo(0.2584468921, within(1e-9));
  }

  @ParameterizedTest
  @CsvSource({
    // mode, node, sigma, a, b, card
    "APPROX_REVERSIBLE, 1, 14.142614, 0, 11, 11", "APPROX_REVERSIBLE, 2, 15.428306, 0, 11, 12",
    "APPROX_REVERSIBLE, 3, 16.713998, 0, 11, 13", "APPROX_REVERSIBLE, 4, 17.949261, 0, 12, 15",
    "APPROX_REVERSIBLE, 5, 19.145879, 0, 12, 16", "APPROX_REVERSIBLE, 18, 34.067216, 0, 14, 31",
    "APPROX_REVERSIBLE, 19, 35.166158, 0, 14, 32", "APPROX_REVERSIBLE, 20, 35.750004, 16, 14, 29",
    "APPROX_REVERSIBLE, 83, 35.750004, 16, 14, 29", "APPROX_REVERSIBLE, 96, 21.923684, 15, 0, 19",
    "APPROX_REVERSIBLE, 97, 20.733438, 14, 0, 17", "APPROX_REVERSIBLE, 98, 19.513824, 14, 0, 16",
    "APPROX_REVERSIBLE, 99, 18.294210, 14, 0, 15", "APPROX_REVERSIBLE, 100, 17.074596, 14, 0, 14",
    "APPROX_GENERAL, 1, 16.642639, 0, 13, 13", "APPROX_GENERAL, 2, 17.922842, 0, 13, 14",
    "APPROX_GENERAL, 5, 21.669480, 0, 14, 18", "APPROX_GENERAL, 22, 41.181207, 0, 16, 37",
    "APPROX_GENERAL, 23, 42.286499, 19, 16, 34", "APPROX_GENERAL, 80, 42.286499, 19, 16, 34",
    "APPROX_GENERAL, 81, 41.962472, 19, 0, 38", "APPROX_GENERAL, 82, 40.858196, 19, 0, 37",
    "APPROX_GENERAL, 99, 21.331696, 16, 0, 17", "APPROX_GENERAL, 100, 20.076891, 16, 0, 16",
    "EXACT, 1, 9.042648, 0, 6, 6", "EXACT, 2, 10.504406, 0, 7, 8", "EXACT, 5, 14.431685, 0, 8, 12",
    "EXACT, 11, 21.561655, 0, 9, 19", "EXACT, 12, 22.298361, 9, 9, 17", "EXACT, 89, 22.298361, 9, 9, 17",
    "EXACT, 100, 9.042648, 6, 0, 6",
    "EXACT_ANY_INITIAL, 12, 22.696479, 0, 9, 20", "EXACT_ANY_INITIAL, 13, 22.924858, 9, 9, 17",
    "EXACT_ANY_INITIAL, 14, 22.732774, 9, 9, 17", "EXACT_ANY_INITIAL, 50, 22.298362, 9, 9, 17"
  })
  void perNodeOptimaP1(MqmMode mode, int node, double s, int a, int b, int card) {
    ActiveQuilt q = QuiltSearch.nodeOptimum(model(P1, mode), 100, 1.0, node);
    assertThat(q.score()).isCloseTo(s, within(1e-6));
    assertThat(new int[] {q.a(), q.b(), q.card()}).containsExactly(a, b, card);
  }

  @ParameterizedTest
  @CsvSource({
    "1, 1, 1, 1", "2, 2, 2, 2", "10, 10, 10, 10", "20, 20, 20, 20", "21, 21, 21, 21",
    "22, 22, 22, 21.561655", "23, 23, 23, 22.298361", "30, 30, 30, 22.298361", "35, 35, 35, 22.298361",
    "36, 35.507307, 36, 22.298361", "37, 35.750004, 37, 22.298361", "41, 35.750004, 41, 22.298361",
    "42, 35.750004, 41.962472, 22.298361", "43, 35.750004, 42.286499, 22.298361",
    "60, 35.750004, 42.286499, 22.298361", "1000, 35.750004, 42.286499, 22.298361"
  })
  void sigmaVersusLengthP1(int t, double rev, double gen, double exact) {
    assertThat(sigma(P1, MqmMode.APPROX_REVERSIBLE, t, 1).score()).isCloseTo(rev, within(1e-6));
    assertThat(sigma(P1, MqmMode.APPROX_GENERAL, t, 1).score()).isCloseTo(gen, within(1e-6));
    assertThat(sigma(P1, MqmMode.EXACT, t, 1).score()).isCloseTo(exact, within(1e-6));
  }

  @ParameterizedTest
  @CsvSource({
    "0.1, 538.2732, 25, 23, 635.2855, 30, 27, 383.4609, 17, 17",
    "0.25, 187.2668, 22, 19, 221.0602, 26, 23, 128.9135, 14, 14",
    "0.5, 82.6910, 19, 17, 97.7399, 22, 20, 54.9037, 11, 11",
    "1, 35.7500, 16, 14, 42.2865, 19, 16, 22.2984, 9, 9",
    "2, 14.9877, 13, 11, 17.7433, 16, 13, 8.2891, 6, 6",
    "5, 4.3968, 9, 7, 5.2173, 11, 9, 1.1889, 1, 1"
  })
  void epsilonSweepP1(double eps, double rev, int ra, int rb, double gen, int ga, int gb, double ex, int ea, int eb) {
    for (int t : new int[] {100, 1000}) {
      ActiveQuilt r = sigma(P1, MqmMode.APPROX_REVERSIBLE, t, eps);
      ActiveQuilt g = sigma(P1, MqmMode.APPROX_GENERAL, t, eps);
      ActiveQuilt e = sigma(P1, MqmMode.EXACT, t, eps);
      assertThat(r.score()).isCloseTo(rev, within(1e-4));
      assertThat(g.score()).isCloseTo(gen, within(1e-4));
      assertThat(e.score()).isCloseTo(ex, within(1e-4));
      assertThat(new int[] {r.a(), r.b(), g.a(), g.b(), e.a(), e.b()}).containsExactly(ra, rb, ga, gb, ea, eb);
    }
  }

  @Test
  void nonReversibleP3() {
    ApproxInfluence g = (ApproxInfluence) model(P3, MqmMode.APPROX_GENERAL);
    assertThat(g.rate()).isCloseTo(0.25125, within(1e-12));
    assertThat(g.delta(5)).isCloseTo(2.5426708331, within(1e-9));
    assertThat(g.delta(8)).isCloseTo(0.8519832650, within(1e-9));
    assertThat(g.delta(10)).isCloseTo(0.4963363892, within(1e-9));
    assertThat(g.delta(12)).isCloseTo(0.2964266624, within(1e-9));
    assertThat(g.delta(15)).isCloseTo(0.1387073422, within(1e-9));
    assertThat(g.delta(20)).isCloseTo(0.0394346285, within(1e-9));
    assertThatThrownBy(() -> model(P3, MqmMode.APPROX_REVERSIBLE))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not reversible");

    QuiltInfluence ex = model(P3, MqmMode.EXACT);
    assertThat(ex.influence(50, NONE, 1)).isCloseTo(Math.log(16), within(1e-9));
    assertThat(ex.influence(50, 1, NONE)).isCloseTo(Math.log(16), within(1e-9));
    assertThat(ex.influence(50, 1, 1)).isCloseTo(4.446565156, within(1e-9));
    assertThat(ex.influence(50, 5, 5)).isCloseTo(1.045201929, within(1e-9));
    assertThat(ex.influence(50, 9, 9)).isCloseTo(0.264845256, within(1e-9));

    for (int t : new int[] {100, 200}) {
      ActiveQuilt q = sigma(P3, MqmMode.APPROX_GENERAL, t, 1);
      assertThat(q.score()).isCloseTo(42.9574535605, within(1e-9));
      assertThat(new int[] {q.a(), q.b(), q.card()}).containsExactly(19, 17, 35);
      assertThat(q.influence()).isCloseTo(0.1852403460, within(1e-9));
    }
    ActiveQuilt e = sigma(P3, MqmMode.EXACT, 100, 1);
    assertThat(e.score()).isCloseTo(23.1243831750, within(1e-9));
    assertThat(new int[] {e.a(), e.b(), e.card()}).containsExactly(9, 9, 17);
    assertThat(e.influence()).isCloseTo(0.2648452557, within(1e-9));
    ActiveQuilt any = sigma(P3, MqmMode.EXACT_ANY_INITIAL, 100, 1);
    assertThat(any.score()).isCloseTo(24.3272417408, within(1e-9));
    assertThat(new int[] {any.node(), any.a(), any.b(), any.card()}).containsExactly(13, NONE, 9, 21);
    assertThat(any.influence()).isCloseTo(0.1367702009, within(1e-9));
  }

  @Test
  void classOfTwoChains() {
    assertThat(sigma(P2, MqmMode.APPROX_REVERSIBLE, 200, 1).score()).isCloseTo(99.652870, within(1e-6));
    ActiveQuilt p2 = sigma(P2, MqmMode.APPROX_REVERSIBLE, 200, 1);
    assertThat(new int[] {p2.a(), p2.b(), p2.card()}).containsExactly(44, 37, 80);
    ActiveQuilt p2e = sigma(P2, MqmMode.EXACT, 200, 1);
    assertThat(p2e.score()).isCloseTo(68.786802, within(1e-6));
    assertThat(new int[] {p2e.a(), p2e.b(), p2e.card()}).containsExactly(25, 25, 49);

    MqmCalibration perTheta = MqmCalibration.builder().chainClass(FiniteChainClass.of(P1, P2))
        .mode(MqmMode.APPROX_REVERSIBLE).epsilon(1).windowLength(200).build();
    assertThat(perTheta.sigmaMax()).isCloseTo(99.652870, within(1e-6));
    assertThat(perTheta.thetaIndex()).isEqualTo(1);
    assertThat(perTheta.piMin()).isCloseTo(1.0 / 3, within(1e-12));
    assertThat(perTheta.gap()).isCloseTo(0.1, within(1e-12));

    MqmCalibration global = MqmCalibration.builder().chainClass(BoundedChainClass.of(2, 1.0 / 3, 0.1))
        .mode(MqmMode.APPROX_REVERSIBLE).epsilon(1).windowLength(200).build();
    assertThat(global.sigmaMax()).isCloseTo(109.676929, within(1e-6));
    ActiveQuilt q = global.activeQuilt();
    assertThat(new int[] {q.a(), q.b(), q.card()}).containsExactly(49, 42, 90);
  }

  /** docs/mqm.md, 'σ_max' / docs/test-vectors.md, 'MQM': the fast search equals the full per-node search; Lemma B's plateau of maximal nodes. */
  @Test
  void fastSearchEqualsFullSearchOnTheExamples() {
    for (double[][] p : new double[][][] {P1, P3}) {
      for (MqmMode mode : MqmMode.values()) {
        if (p == P3 && mode == MqmMode.APPROX_REVERSIBLE) {
          continue;
        }
        for (int t : new int[] {1, 2, 17, 43, 100}) {
          ActiveQuilt fast = sigma(p, mode, t, 1);
          ActiveQuilt full = QuiltSearch.fullSearch(model(p, mode), t, 1);
          assertThat(fast).as("%s T=%d", mode, t).isEqualTo(full);
        }
      }
    }
    int[][] plateaus = {{20, 83}, {23, 80}, {12, 89}};
    MqmMode[] modes = {MqmMode.APPROX_REVERSIBLE, MqmMode.APPROX_GENERAL, MqmMode.EXACT};
    for (int m = 0; m < modes.length; m++) {
      QuiltInfluence model = model(P1, modes[m]);
      double max = QuiltSearch.fastSearch(model, 100, 1).score();
      for (int i = 1; i <= 100; i++) {
        double s = QuiltSearch.nodeOptimum(model, 100, 1, i).score();
        boolean onPlateau = i >= plateaus[m][0] && i <= plateaus[m][1];
        if (onPlateau) {
          assertThat(s).as("%s node %d", modes[m], i).isEqualTo(max);
        } else {
          assertThat(s).as("%s node %d", modes[m], i).isLessThan(max);
        }
      }
    }
  }

  /** docs/test-vectors.md, 'MQM': the walk from the middle equals the full search in the approximate modes, T = 2..120 (P1). */
  @Test
  void walkFromMiddleEqualsFullSearch() {
    for (MqmMode mode : new MqmMode[] {MqmMode.APPROX_REVERSIBLE, MqmMode.APPROX_GENERAL, MqmMode.EXACT}) {
      QuiltInfluence m = model(P1, mode);
      for (int t = 1; t <= 120; t++) {
        assertThat(QuiltSearch.walkFromMiddle(m, t, 1).score()).as("%s T=%d", mode, t)
            .isEqualTo(QuiltSearch.fullSearch(m, t, 1).score());
      }
    }
    assertThat(QuiltSearch.walkFromMiddle(model(P1, MqmMode.APPROX_REVERSIBLE), 36, 1).score())
        .isCloseTo(35.507307, within(1e-6));
  }
}
