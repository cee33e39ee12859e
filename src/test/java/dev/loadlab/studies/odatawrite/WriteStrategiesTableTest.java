package dev.loadlab.studies.odatawrite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.page.Block;
import dev.loadlab.report.page.ChartSpec;
import dev.loadlab.report.page.Templates;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The OData study's shape at any scale: a row per strategy, a column per record count, a chart per protocol. */
class WriteStrategiesTableTest {
    private static List<WritePoint> points() {
        List<WritePoint> points = new ArrayList<>();
        for (String protocol : List.of("HTTP/1.1 over TLS", "h2")) {
            for (int records : List.of(5, 10, 20000)) {
                points.add(new WritePoint(protocol, "sequential", 1, records, records * 2L, 2.0, true, null, 1));
            }
            // batch-100 broke at 10 records with 502s; the simulation skipped its 20000
            points.add(new WritePoint(protocol, "batch", 100, 5, 5, 1.0, true, null, 1));
            points.add(new WritePoint(protocol, "batch", 100, 10, 10, 1.0, false, "HTTP 502", 1));
        }
        return points;
    }

    private static int count(String html, String regex) {
        Matcher m = Pattern.compile(regex).matcher(html);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    @Test
    void shouldPrintOneRowPerStrategyAndOneColumnPerRecordCount() {
        String html = Templates.section(WriteStrategiesSection.writeStrategies(points(), "local (127.0.0.1)"));

        assertEquals(4, count(html, "<tr><td>local \\(127.0.0.1\\)</td>"), "rows: 2 protocols x 2 strategies");
        assertTrue(html.contains("<th>5 records</th><th>10 records</th><th>20000 records</th>"), html);
        assertTrue(
                html.contains("<td>HTTP 502 from 10</td><td>skipped</td>"),
                "where errors started, their kind and count, then the counts the study skipped: " + html);
    }

    @Test
    void shouldDrawOneChartPerProtocolWithTheStrategiesAsLines() {
        String html = Templates.section(WriteStrategiesSection.writeStrategies(points(), "local (127.0.0.1)"));

        assertEquals(2, count(html, "<canvas class=\"chart\" id=\"chart-write-(HTTP|h2)"));
        assertTrue(html.contains("id=\"chart-write-h2\""), html);
    }

    @Test
    void shouldDrawTheStudysChartPerProtocolOnLinearAxesAndAgainZoomedToTwentyMilliseconds() {
        String html = Templates.section(WriteStrategiesSection.writeStrategies(points(), "local (127.0.0.1)"));

        assertEquals(2, count(html, "<canvas class=\"chart\" id=\"chart-write-study-"));
        assertEquals(2, count(html, "<canvas class=\"chart\" id=\"chart-write-zoom-"));
        List<ChartSpec> zooms = WriteStrategiesSection.writeStrategies(points(), "local (127.0.0.1)").blocks().stream()
                .map(Block::chart)
                .filter(c -> c != null && c.id().startsWith("chart-write-zoom-"))
                .toList();
        assertEquals(List.of(20.0, 20.0), zooms.stream().map(ChartSpec::yMax).toList(), "each zoom ends at 20 ms");
        // sequential (2 ms per record) and batch-100 until it broke: the study's four, as far as this run has them
        assertEquals(
                List.of("sequential", "batch-100"),
                zooms.get(0).datasets().stream().map(ChartSpec.Dataset::label).toList());
    }

    @Test
    void shouldNameTheTestTypeAsTheStudyDidLocalOrRemote() {
        assertEquals("local (127.0.0.1)", WriteStrategiesSection.testType("https://127.0.0.1:8443"));
        assertEquals("remote (api.example.com)", WriteStrategiesSection.testType("https://api.example.com"));
        // a merge of -Pfull's jobs: each job's embedded target (the merge of six failed on this URL)
        assertEquals(
                "local (127.0.0.1)", WriteStrategiesSection.testType("http://127.0.0.1:45847, http://127.0.0.1:36355"));
        assertEquals(
                "remote (127.0.0.1, api.example.com)",
                WriteStrategiesSection.testType("http://127.0.0.1:45847, https://api.example.com"));
    }
}
