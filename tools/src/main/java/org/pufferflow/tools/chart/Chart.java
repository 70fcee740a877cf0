package org.pufferflow.tools.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.pufferflow.common.PufferPreconditions;

/**
 * The one chart helper of the tools (the experiments' figure panels, the demo report): a line or scatter chart
 * rendered headless to PNG with XChart — title, labelled axes, optional log scales, one legend entry per series below
 * the plot, a white background — and {@link #writeBars bar charts} of counts per category. Every chart of the tools
 * is drawn through this class only.
 *
 * <p>Two legend layouts: by default one legend row per series (the chart grows 18 px per series from 900×560, as the
 * experiments' panels with long series names need); {@link #compactLegend()} puts the entries side by side in a
 * fixed 900×520 chart (the demo report).
 */
@Internal
public final class Chart {

  /**
   * How a series is drawn: a solid line, markers only (a scatter), a solid line with a marker on every point, or a
   * dashed line with a marker on every point. Markers take the chart's shape sequence (circle, diamond, square,
   * triangle, …), so series that coincide stay distinguishable; a series of more than {@value #MAX_MARKERS} points
   * gets no markers (they would merge into a thick line).
   */
  public enum Look { LINE, POINTS, MARKED_LINE, DASHED }

  /** One plotted series; {@code colour} null takes the chart's next colour. */
  public record Series(String name, double[] x, double[] y, Look look, Color colour) {
    public Series {
      PufferPreconditions.checkArgument(x.length == y.length && x.length > 0,
          "series %s: needs as many x as y values, at least one", name);
    }

    public static Series line(String name, List<Double> x, List<Double> y) {
      return new Series(name, unbox(x), unbox(y), Look.LINE, null);
    }

    public static Series scatter(String name, List<Double> x, List<Double> y) {
      return new Series(name, unbox(x), unbox(y), Look.POINTS, null);
    }

    /** True when this series draws markers without a connecting line. */
    public boolean points() {
      return look == Look.POINTS;
    }

    /** This series in {@code c} (a true line and its releases can share one). */
    public Series in(Color c) {
      return new Series(name, x, y, look, c);
    }

    /** This series drawn with {@code l} (e.g. {@link Look#DASHED} for a line other lines may cover). */
    public Series drawn(Look l) {
      return new Series(name, x, y, l, colour);
    }

    /** This series with every x shifted by {@code dx} (to set coincident points side by side). */
    public Series shifted(double dx) {
      double[] sx = new double[x.length];
      for (int i = 0; i < sx.length; i++) {
        sx[i] = x[i] + dx;
      }
      return new Series(name, sx, y, look, colour);
    }
  }

  private static final org.knowm.xchart.style.markers.Marker[] MARKERS = {SeriesMarkers.DIAMOND,
      SeriesMarkers.SQUARE, SeriesMarkers.TRIANGLE_UP, SeriesMarkers.CIRCLE, SeriesMarkers.TRIANGLE_DOWN};

  /** Most points a marked series shows markers for. */
  static final int MAX_MARKERS = 60;

  /** Minimum pixels between two x-axis tick labels (room for an eight-digit tick). */
  static final int X_LABEL_SPACING = 110;
  /** Minimum pixels between two y-axis tick labels. */
  static final int Y_LABEL_SPACING = 50;

  private final String title;
  private final String xLabel;
  private final String yLabel;
  private boolean logX;
  private boolean logY;
  private boolean compactLegend;
  private boolean roundedYRange;
  private final List<Series> series = new ArrayList<>();

  public Chart(String title, String xLabel, String yLabel) {
    this.title = title;
    this.xLabel = xLabel;
    this.yLabel = yLabel;
  }

  public Chart logX() {
    this.logX = true;
    return this;
  }

  public Chart logY() {
    this.logY = true;
    return this;
  }

  /** Legend entries side by side in a fixed 900×520 chart, instead of one row per series. */
  public Chart compactLegend() {
    this.compactLegend = true;
    return this;
  }

  /**
   * A linear y axis from a round number below the data to one above it (steps of 1, 2 or 5 × 10^k). Without it,
   * XChart puts a label on every few data values when they are equally spaced (a budget spent at a constant rate
   * got ~38 labels); with bounds that are not data values it picks round, spaced ticks.
   */
  public Chart roundedYRange() {
    this.roundedYRange = true;
    return this;
  }

  public Chart add(Series s) {
    series.add(s);
    return this;
  }

  /** Writes the chart as PNG to {@code file} (named *.png); a chart without series shows one "no data" point. */
  public void write(Path file) throws IOException {
    System.setProperty("java.awt.headless", "true");
    int height = compactLegend ? 520 : 560 + 18 * series.size();
    XYChart chart = new XYChartBuilder().width(900).height(height).title(title).xAxisTitle(xLabel)
        .yAxisTitle(yLabel).build();
    Styler st = chart.getStyler();
    st.setChartBackgroundColor(Color.WHITE);
    st.setLegendPosition(Styler.LegendPosition.OutsideS);
    st.setLegendLayout(compactLegend ? Styler.LegendLayout.Horizontal : Styler.LegendLayout.Vertical);
    chart.getStyler().setXAxisLogarithmic(logX);
    chart.getStyler().setYAxisLogarithmic(logY);
    // plain tick labels (no thousands separators: ticks like 29453769 ran together as "29,453,76929,453,781"),
    // spaced so that the widest label fits between two ticks
    chart.getStyler().setXAxisDecimalPattern("0.###");
    chart.getStyler().setXAxisTickMarkSpacingHint(X_LABEL_SPACING);
    chart.getStyler().setYAxisTickMarkSpacingHint(Y_LABEL_SPACING);
    int marked = 0;
    for (Series s : series) {
      XYSeries xy = chart.addSeries(s.name(), s.x(), s.y());
      switch (s.look()) {
        case POINTS -> {
          xy.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
          xy.setMarker(SeriesMarkers.CIRCLE);
        }
        case LINE -> {
          xy.setLineStyle(new BasicStroke(2f));
          xy.setMarker(SeriesMarkers.NONE);
        }
        case MARKED_LINE -> {
          xy.setLineStyle(new BasicStroke(2f));
          xy.setMarker(s.x().length > MAX_MARKERS ? SeriesMarkers.NONE : MARKERS[marked++ % MARKERS.length]);
        }
        case DASHED -> {
          xy.setLineStyle(new BasicStroke(2.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
              new float[] {7f, 9f}, 0f));
          xy.setMarker(s.x().length > MAX_MARKERS ? SeriesMarkers.NONE : MARKERS[marked++ % MARKERS.length]);
        }
        default -> throw new IllegalStateException("look " + s.look());
      }
      if (s.colour() != null) {
        xy.setMarkerColor(s.colour());
        if (!s.points()) {
          xy.setLineColor(s.colour());
        }
      }
    }
    if (series.isEmpty()) {
      chart.addSeries("no data", new double[] {0}, new double[] {0});
    } else if (roundedYRange && !logY) {
      double[] range = roundedRange(series);
      if (range != null) {
        chart.getStyler().setYAxisMin(range[0]);
        chart.getStyler().setYAxisMax(range[1]);
      }
    }
    save(chart, file);
  }

  /**
   * Writes a bar chart to {@code file} (named *.png): one group of bars per category, one bar per entry of
   * {@code bars} (its name → one count per category), category labels rotated by {@code labelRotation} degrees.
   */
  public static void writeBars(Path file, String title, String xLabel, String yLabel, int labelRotation,
      List<String> categories, Map<String, List<Integer>> bars) throws IOException {
    System.setProperty("java.awt.headless", "true");
    CategoryChart c = new CategoryChartBuilder().width(900).height(520).title(title).xAxisTitle(xLabel)
        .yAxisTitle(yLabel).build();
    c.getStyler().setChartBackgroundColor(Color.WHITE);
    c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
    c.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
    c.getStyler().setXAxisLabelRotation(labelRotation);
    for (Map.Entry<String, List<Integer>> e : bars.entrySet()) {
      PufferPreconditions.checkArgument(e.getValue().size() == categories.size(),
          "bars %s: needs one count per category", e.getKey());
      c.addSeries(e.getKey(), categories, e.getValue());
    }
    save(c, file);
  }

  private static void save(org.knowm.xchart.internal.chartpart.Chart<?, ?> c, Path file) throws IOException {
    String name = file.toString();
    BitmapEncoder.saveBitmap(c, name.endsWith(".png") ? name.substring(0, name.length() - 4) : name,
        BitmapEncoder.BitmapFormat.PNG);
  }

  /** Round bounds around every series' y values, not both of them data values; null for a flat or empty range. */
  static double[] roundedRange(List<Series> series) {
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (Series s : series) {
      for (double y : s.y()) {
        if (Double.isFinite(y)) {
          lo = Math.min(lo, y);
          hi = Math.max(hi, y);
        }
      }
    }
    if (!(hi > lo)) {
      return null;
    }
    double raw = (hi - lo) / 8;
    double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
    double step = raw <= magnitude ? magnitude : raw <= 2 * magnitude ? 2 * magnitude
        : raw <= 5 * magnitude ? 5 * magnitude : 10 * magnitude;
    double min = Math.floor(lo / step) * step;
    double max = Math.ceil(hi / step) * step;
    if (min == lo && max == hi) {
      max += step;
    }
    return new double[] {min, max};
  }

  private static double[] unbox(List<Double> v) {
    double[] out = new double[v.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = v.get(i);
    }
    return out;
  }
}
