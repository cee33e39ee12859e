package dev.loadlab.report.page;

import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.Mustache;
import java.io.StringWriter;
import java.util.List;

/**
 * Writes the pages of reports/ from their models through Mustache templates (mustache.java): page.mustache and its
 * partials beside this class. A template escapes every value it writes unless it is told otherwise ({{{...}}}, used
 * for the inline scripts and the style sheet only), and holds no logic: what a page says is decided in Java, in its
 * model, and tested there.
 */
public final class Templates {
    private static final DefaultMustacheFactory FACTORY = new DefaultMustacheFactory("dev/loadlab/report/page");
    private static final Mustache PAGE = FACTORY.compile("page.mustache");
    private static final Mustache SECTION = FACTORY.compile("section.mustache");
    private static final Mustache LIVE = FACTORY.compile("live.mustache");
    private static final String CSS = Scripts.resource("page.css");
    private static final String CHARTS_JS = Scripts.resource("charts.js");
    private static final String TABLES_JS = Scripts.resource("tables.js");
    private static String chartLibrary; // 200 KB, read once, and only by a page with charts

    private Templates() {}

    /** What page.mustache reads beyond the page: the style sheet and the scripts, inline. */
    public record View(
            Page page,
            String css,
            boolean hasCharts,
            String chartLibrary,
            String chartSpecs,
            String chartsJs,
            String tablesJs) {}

    public static String page(Page page) {
        List<ChartSpec> charts = Section.charts(page.sections());
        View view = new View(
                page,
                CSS,
                !charts.isEmpty(),
                charts.isEmpty() ? null : library(),
                Scripts.specs(charts),
                CHARTS_JS,
                Scripts.inlineSafe(TABLES_JS));
        StringWriter out = new StringWriter(256 * 1024);
        PAGE.execute(out, view);
        return out.toString();
    }

    /** What live.mustache reads: the report's style sheet and Chart.js, and the live page's own script, inline. */
    public record LiveView(String title, String css, String chartLibrary, String liveJs) {}

    /** The live page (dev.loadlab.live.LivePage): the report's look and chart library, filled by live.js. */
    public static String live(String title) {
        StringWriter out = new StringWriter(256 * 1024);
        LIVE.execute(out, new LiveView(title, CSS, library(), Scripts.inlineSafe(Scripts.resource("live.js"))));
        return out.toString();
    }

    /** One section as the page writes it (tests read a section without a whole page). */
    public static String section(Section section) {
        StringWriter out = new StringWriter();
        SECTION.execute(out, section);
        return out.toString();
    }

    private static synchronized String library() {
        if (chartLibrary == null) {
            chartLibrary = Scripts.chartLibrary();
        }
        return chartLibrary;
    }
}
