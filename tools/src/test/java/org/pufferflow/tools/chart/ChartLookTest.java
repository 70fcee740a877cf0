package org.pufferflow.tools.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Chart.Look} and {@link Chart.Series#shifted}: series that coincide stay visible (docs/experiments.md). */
class ChartLookTest {

  @TempDir Path dir;

  private static final List<Double> X = List.of(0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0);
  private static final List<Double> Y = List.of(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0);

  /** Pixels close to {@code c} (the legend's sample of a series has far fewer than a line across the plot). */
  private static int pixels(BufferedImage img, Color c) {
    int n = 0;
    for (int x = 0; x < img.getWidth(); x++) {
      for (int y = 0; y < img.getHeight(); y++) {
        Color p = new Color(img.getRGB(x, y));
        if (Math.abs(p.getRed() - c.getRed()) + Math.abs(p.getGreen() - c.getGreen())
            + Math.abs(p.getBlue() - c.getBlue()) < 60) {
          n++;
        }
      }
    }
    return n;
  }

  private BufferedImage draw(Chart.Look top) throws Exception {
    Path f = dir.resolve(top + ".png");
    new Chart("t", "x", "y").add(Chart.Series.line("under", X, Y).in(Color.RED))
        .add(Chart.Series.line("over", X, Y).in(Color.BLUE).drawn(top)).write(f);
    return ImageIO.read(f.toFile());
  }

  @Test
  void aLineUnderADashedLineShowsThroughItsGaps() throws Exception {
    BufferedImage solid = draw(Chart.Look.LINE);
    BufferedImage dashed = draw(Chart.Look.DASHED);
    // a solid line on top hides the one below except for the legend sample and antialiased edges
    assertThat(pixels(dashed, Color.RED)).isGreaterThan(3 * pixels(solid, Color.RED) + 200);
    assertThat(pixels(dashed, Color.BLUE)).isGreaterThan(200);
  }

  @Test
  void shiftedMovesEveryXAndKeepsTheRest() {
    Chart.Series s = Chart.Series.line("s", X, Y).drawn(Chart.Look.MARKED_LINE).shifted(0.25);
    assertThat(s.x()[0]).isEqualTo(0.25);
    assertThat(s.x()[9]).isEqualTo(9.25);
    assertThat(s.y()[9]).isEqualTo(10.0);
    assertThat(s.look()).isEqualTo(Chart.Look.MARKED_LINE);
    assertThat(s.points()).isFalse();
  }
}
