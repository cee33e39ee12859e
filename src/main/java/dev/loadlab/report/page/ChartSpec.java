package dev.loadlab.report.page;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One chart, as the pages' script (charts.js) hands it to Chart.js: horizontal bars (a bar per label and dataset) or
 * lines of x/y points, each axis linear or log, a second y axis where two units share a chart, a first y axis cut at
 * {@code yMax} for a zoom (null: it fits the points). Hover shows every
 * series' value at a point; a click on the legend switches a series off and on.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ChartSpec(
        String id,
        String type,
        String title,
        String xLabel,
        String yLabel,
        String y2Label,
        boolean xLog,
        boolean yLog,
        List<String> labels,
        List<Dataset> datasets,
        int height,
        Double yMax) {

    /**
     * data: numbers for bars (null where a label has no value: a gap), {@link Point}s for lines. axis: "y2" for the
     * second y axis; dash: a dashed line's pattern.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Dataset(String label, List<?> data, String colour, String axis, List<Integer> dash) {}

    public record Point(double x, Number y) {}

    /** A line's name, its points, and its axis (false: the first). */
    public record Series(String name, List<Point> points, boolean secondAxis) {
        public Series(String name, List<Point> points) {
            this(name, points, false);
        }
    }

    private static final String[] COLOURS = {
        "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"
    };
    /** After ten series the colours come round again dashed, then dotted: 30 series stay apart. */
    private static final List<List<Integer>> DASHES = java.util.Arrays.asList(null, List.of(6, 3), List.of(2, 2));
    /** One hue per run (as far as six runs), so a run keeps its colour in every bar chart; its figures are shades. */
    private static final int[] HUES = {210, 25, 140, 280, 0, 50};

    /** Horizontal bars, tall enough for a readable bar per label and dataset. */
    public static ChartSpec bars(
            String id, String title, String unit, boolean log, List<String> labels, List<Dataset> datasets) {
        int bars = labels.size() * datasets.size();
        int height = Math.max(160, Math.min(3000, 90 + bars * 9 + labels.size() * 6));
        return new ChartSpec(id, "bar", title, unit, null, null, log, false, labels, datasets, height, null);
    }

    /** Lines of points, each series in its own colour (and dash). */
    public static ChartSpec lines(
            String id,
            String title,
            String xLabel,
            String yLabel,
            String y2Label,
            boolean xLog,
            boolean yLog,
            List<Series> series) {
        List<Dataset> datasets = new ArrayList<>();
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            List<Point> points = s.points().stream()
                    .filter(p -> usable(p, xLog, yLog && !s.secondAxis()))
                    .map(p -> new Point(p.x(), rounded(p.y())))
                    .toList();
            datasets.add(new Dataset(
                    s.name(),
                    points,
                    COLOURS[i % COLOURS.length],
                    s.secondAxis() ? "y2" : null,
                    DASHES.get(i / COLOURS.length % DASHES.size())));
        }
        return new ChartSpec(id, "line", title, xLabel, yLabel, y2Label, xLog, yLog, null, datasets, 320, null);
    }

    /** The same chart with its first y axis from 0 to {@code max} (a zoom: points above it leave the chart). */
    public ChartSpec zoomedTo(String zoomId, String zoomTitle, double max) {
        return new ChartSpec(
                zoomId, type, zoomTitle, xLabel, yLabel, y2Label, xLog, false, labels, datasets, height, max);
    }

    /**
     * A dashed vertical line at x (the searched maximum, say) across the first axis's points, named by its text in the
     * legend and the tooltip.
     */
    public ChartSpec withMarker(double x, String text) {
        List<Double> ys = datasets.stream()
                .filter(d -> d.axis() == null)
                .flatMap(d -> d.data().stream())
                .map(p -> ((Point) p).y().doubleValue())
                .toList();
        if (ys.isEmpty()) {
            return this;
        }
        double low = ys.stream().mapToDouble(Double::doubleValue).min().orElse(0);
        double high = ys.stream().mapToDouble(Double::doubleValue).max().orElse(1);
        List<Dataset> with = new ArrayList<>(datasets);
        with.add(new Dataset(
                text, List.of(new Point(x, yLog ? low : 0), new Point(x, high)), "#555", null, List.of(4, 4)));
        return new ChartSpec(id, type, title, xLabel, yLabel, y2Label, xLog, yLog, labels, with, height, yMax);
    }

    /** Run {@code run}'s colour in a bar chart: its hue, lighter for its later figures (p50 darkest, p99 lightest). */
    public static String colour(int run, int figure, int figures) {
        int hue = HUES[run % HUES.length];
        int saturation = run < HUES.length ? 65 : 25; // a seventh run and later: greyer shades of the same hues
        int lightness = figures == 1 ? 45 : 30 + 35 * figure / Math.max(1, figures - 1);
        return String.format(Locale.ROOT, "hsl(%d,%d%%,%d%%)", hue, saturation, lightness);
    }

    /** Four significant digits: enough to read a tooltip, without the summary's 15. */
    public static Number rounded(Number v) {
        if (v == null || !Double.isFinite(v.doubleValue())) {
            return null;
        }
        return new BigDecimal(v.doubleValue()).round(new MathContext(4)).doubleValue();
    }

    /** A point a log axis can place (above 0) with a finite value. */
    private static boolean usable(Point p, boolean xLog, boolean yLog) {
        return p.y() != null
                && Double.isFinite(p.y().doubleValue())
                && Double.isFinite(p.x())
                && (!xLog || p.x() > 0)
                && (!yLog || p.y().doubleValue() > 0);
    }
}
