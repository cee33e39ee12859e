package dev.loadlab.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * compare.html's charts, drawn by Chart.js (MIT): hover shows every run's value of a line, a click on the legend
 * switches a series off and on, as in Gatling's and JMeter's own reports. The library comes from its WebJar on the
 * class path and is inlined, so the page opens offline (file://, no network). After drawing a chart, the page sets
 * {@code data-points} on its canvas (the bars Chart.js drew), which the headless check reads: a canvas's pixels are
 * not in the DOM.
 */
final class ChartJs {
    private static final String WEBJAR = "META-INF/resources/webjars/chart.js/";
    private static final String WEBJAR_POM = "META-INF/maven/org.webjars.npm/chart.js/pom.properties";
    /** One hue per run (as far as six runs), so a run keeps its colour in every chart; its figures are its shades. */
    private static final int[] HUES = {210, 25, 140, 280, 0, 50};

    private ChartJs() {}

    /** One bar chart: a bar per line and dataset (run, or run and figure). */
    record Spec(String id, String title, String unit, boolean log, List<String> labels, List<Dataset> datasets) {}

    /** {@code data} holds null where the run has no such line: Chart.js leaves a gap. */
    record Dataset(String label, List<Number> data, String backgroundColor) {}

    /** A horizontal bar chart's canvas, tall enough for a readable bar per line and dataset. */
    static String canvas(Spec spec) {
        int bars = spec.labels().size() * spec.datasets().size();
        int height = Math.max(160, Math.min(3000, 90 + bars * 9 + spec.labels().size() * 6));
        return "<div class=\"chart\" style=\"height:" + height + "px\"><canvas class=\"chart\" id=\""
                + Html.esc(spec.id()) + "\" aria-label=\"" + Html.esc(spec.title()) + "\"></canvas></div>";
    }

    /** Run {@code run}'s colour: its hue, lighter for its later figures (p50 darkest, p99 lightest). */
    static String colour(int run, int figure, int figures) {
        int hue = HUES[run % HUES.length];
        int saturation = run < HUES.length ? 65 : 25; // a seventh run and later: greyer shades of the same hues
        int lightness = figures == 1 ? 45 : 30 + 35 * figure / Math.max(1, figures - 1);
        return String.format(Locale.ROOT, "hsl(%d,%d%%,%d%%)", hue, saturation, lightness);
    }

    /** Four significant digits: enough to read a tooltip, without the summary's 15. */
    static Number rounded(Number v) {
        if (v == null || !Double.isFinite(v.doubleValue())) {
            return null;
        }
        return new BigDecimal(v.doubleValue()).round(new MathContext(4)).doubleValue();
    }

    /** The library, its specs as JSON and the drawing script: the page's only scripts, all inline. */
    static String scripts(List<Spec> specs) {
        String json;
        try {
            json = new ObjectMapper().writeValueAsString(specs);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("chart specs are plain records", e);
        }
        return "<script>" + inlineSafe(library()) + "</script>\n"
                + "<script type=\"application/json\" id=\"chart-specs\">" + inlineSafe(json) + "</script>\n"
                + "<script>" + DRAW + "</script>\n";
    }

    /** Chart.js's UMD build from the WebJar (its MIT licence banner stays at the top). */
    static String library() {
        ClassLoader loader = ChartJs.class.getClassLoader();
        try (InputStream pom = loader.getResourceAsStream(WEBJAR_POM)) {
            if (pom == null) {
                throw new IllegalStateException("no Chart.js WebJar on the class path (" + WEBJAR_POM + ")");
            }
            Properties p = new Properties();
            p.load(pom);
            String umd = WEBJAR + p.getProperty("version") + "/dist/chart.umd.js";
            try (InputStream js = loader.getResourceAsStream(umd)) {
                if (js == null) {
                    throw new IllegalStateException("no " + umd + " in the Chart.js WebJar");
                }
                return new String(js.readAllBytes(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Nothing in a script element may close it; a JS or JSON string reads a backslash before "/" as "/". */
    static String inlineSafe(String script) {
        return script.replaceAll("(?i)</(script)", "<\\\\/$1");
    }

    /** Draws each spec; a chart that cannot be drawn says so on its canvas (data-error) instead of stopping the rest. */
    private static final String DRAW = """
            (function () {
              // a log axis labels only 1, 2 and 5 of each decade: Chart.js's own labels crowd there
              function oneTwoFive(value) {
                var lead = value / Math.pow(10, Math.floor(Math.log10(value)));
                return [1, 2, 5].indexOf(Math.round(lead * 1000) / 1000) >= 0 ? String(value) : '';
              }
              var specs = JSON.parse(document.getElementById('chart-specs').textContent);
              specs.forEach(function (spec) {
                var canvas = document.getElementById(spec.id);
                try {
                  var chart = new Chart(canvas, {
                    type: 'bar',
                    data: { labels: spec.labels, datasets: spec.datasets },
                    options: {
                      indexAxis: 'y', animation: false, responsive: true, maintainAspectRatio: false,
                      interaction: { mode: 'index', axis: 'y', intersect: false },
                      plugins: { title: { display: true, text: spec.title, font: { size: 14 } },
                                 legend: { position: 'top' } },
                      scales: { x: { type: spec.log ? 'logarithmic' : 'linear', title: { display: true, text: spec.unit },
                                     ticks: spec.log ? { callback: oneTwoFive } : {} },
                                y: { ticks: { autoSkip: false } } }
                    }
                  });
                  var points = 0;
                  chart.data.datasets.forEach(function (d, i) {
                    points += chart.getDatasetMeta(i).data.filter(function (bar, j) { return d.data[j] != null; }).length;
                  });
                  canvas.setAttribute('data-points', String(points));
                } catch (e) {
                  canvas.setAttribute('data-error', String(e));
                }
              });
            })();
            """;
}
