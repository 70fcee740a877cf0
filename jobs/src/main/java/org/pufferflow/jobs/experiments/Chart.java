package org.pufferflow.jobs.experiments;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.pufferflow.common.PufferPreconditions;

/**
 * A line (or scatter) chart of one figure panel, rendered headless to PNG with XChart: title, labelled axes,
 * optional log scales, one legend entry per series. Every experiment draws through this class only.
 */
final class Chart {

  /** One plotted series; {@code points} draws markers without a connecting line (a scatter). */
  record Series(String name, double[] x, double[] y, boolean points) {
    Series {
      PufferPreconditions.checkArgument(x.length == y.length && x.length > 0,
          "series %s: needs as many x as y values, at least one", name);
    }

    static Series line(String name, List<Double> x, List<Double> y) {
      return new Series(name, unbox(x), unbox(y), false);
    }

    static Series scatter(String name, List<Double> x, List<Double> y) {
      return new Series(name, unbox(x), unbox(y), true);
    }
  }

  private final String title;
  private final String xLabel;
  private final String yLabel;
  private boolean logX;
  private boolean logY;
  private final List<Series> series = new ArrayList<>();

  Chart(String title, String xLabel, String yLabel) {
    this.title = title;
    this.xLabel = xLabel;
    this.yLabel = yLabel;
  }

  Chart logX() {
    this.logX = true;
    return this;
  }

  Chart logY() {
    this.logY = true;
    return this;
  }

  Chart add(Series s) {
    series.add(s);
    return this;
  }

  void write(Path file) throws IOException {
    System.setProperty("java.awt.headless", "true");
    XYChart chart = new XYChartBuilder().width(900).height(560 + 18 * series.size()).title(title).xAxisTitle(xLabel)
        .yAxisTitle(yLabel).build();
    Styler st = chart.getStyler();
    st.setChartBackgroundColor(Color.WHITE);
    st.setLegendPosition(Styler.LegendPosition.OutsideS);
    st.setLegendLayout(Styler.LegendLayout.Vertical);
    chart.getStyler().setXAxisLogarithmic(logX);
    chart.getStyler().setYAxisLogarithmic(logY);
    chart.getStyler().setXAxisDecimalPattern(logX ? "0.###" : null);
    for (Series s : series) {
      XYSeries xy = chart.addSeries(s.name(), s.x(), s.y());
      if (s.points()) {
        xy.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
      } else {
        xy.setLineStyle(new BasicStroke(2f));
      }
      xy.setMarker(s.points() ? SeriesMarkers.CIRCLE : SeriesMarkers.NONE);
    }
    String name = file.toString();
    BitmapEncoder.saveBitmap(chart, name.endsWith(".png") ? name.substring(0, name.length() - 4) : name,
        BitmapEncoder.BitmapFormat.PNG);
  }

  private static double[] unbox(List<Double> v) {
    double[] out = new double[v.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = v.get(i);
    }
    return out;
  }
}
