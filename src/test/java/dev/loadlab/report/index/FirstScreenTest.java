package dev.loadlab.report.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.model.Check;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.model.TestRows;
import dev.loadlab.report.model.TestSummaries;
import dev.loadlab.report.read.GatlingResults;
import dev.loadlab.report.read.JmeterResults;
import dev.loadlab.studies.bulk.BulkFigures;
import dev.loadlab.studies.bulk.BulkRow;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** index.html's first screen: the gate's verdict, a headline per experiment, and contents that reach every section. */
class FirstScreenTest {
    private static Summary.Row row(String tool, String protocol, String run, double throughput, long p95) {
        String all = tool.equals("gatling") ? GatlingResults.ALL_REQUESTS : JmeterResults.ALL_SAMPLES;
        return TestRows.row(tool, protocol, run, all)
                .samples(1000)
                .latency(5, 1, 50, 2)
                .throughput(throughput)
                .percentiles(4, 6, 8, p95, 20)
                .build();
    }

    private static Summary summary() {
        Summary.Run run = TestSummaries.run("now", List.of("api-gateway", "bulk"));
        List<Summary.Row> rows =
                List.of(row("jmeter", "HTTP/1.1", "api-gateway", 200, 10), row("jmeter", "h2c", "api-gateway", 250, 8));
        BulkFigures.Bench bulk = new BulkFigures.Bench(
                "ok",
                null,
                Map.of(),
                List.of(
                        new BulkRow("batch", "10x100", 10, 100, 3, 0, 1, 1, 1, 1, 5000),
                        new BulkRow("batch", "1x1000", 1, 1000, 3, 0, 1, 1, 1, 1, 9000)));
        return TestSummaries.of(rows)
                .run(run)
                .figures("bulk", new BulkFigures(bulk))
                .build();
    }

    @Test
    void shouldOpenOnTheVerdictWithEachFailingCheckThenAHeadlinePerExperiment() {
        List<Check> checks = List.of(
                new Check("limit", "jmeter h2c api-gateway / all samples", "p95 ms", "", "8", "<= 5", false),
                new Check("limit", "jmeter HTTP/1.1 api-gateway / all samples", "error %", "", "0", "<= 1", true));

        String page = IndexPage.render(summary(), 1, checks);

        int verdict = page.indexOf("<strong>Gate: FAILED</strong>, 1 of 2 checks");
        int findings = page.indexOf("<div id=\"findings\">");
        int contents = page.indexOf("<nav id=\"contents\">");
        assertTrue(verdict > 0 && verdict < findings && findings < contents, "verdict, findings, contents in order");
        assertTrue(page.substring(verdict, findings).contains("jmeter h2c api-gateway / all samples"));
        assertTrue(page.contains("jmeter api-gateway, h2c against HTTP/1.1: throughput +25.0 %, p95 -20.0 %"), page);
        assertTrue(page.contains("best batch, 1 x 1000 at 9,000 rows/s"), page);
        assertTrue(IndexPage.render(summary(), 1, List.of(checks.get(1))).contains("<strong>Gate: passed</strong> (1"));
    }

    @Test
    void shouldListEverySectionInTheContentsAndFoldEachOne() {
        String page = IndexPage.render(summary(), 1, List.of());
        String nav = page.substring(page.indexOf("<nav id=\"contents\">"), page.indexOf("</nav>"));
        Matcher sections =
                Pattern.compile("<section id=\"([^\"]+)\"><details open>").matcher(page);
        int count = 0;
        while (sections.find()) {
            count++;
            assertTrue(nav.contains("<a href=\"#" + sections.group(1) + "\">"), sections.group(1) + " in " + nav);
        }
        assertTrue(count >= 10, count + " sections");
        assertEquals(count, nav.split("<li>", -1).length - 1);
        assertTrue(page.contains("<script>(function") || page.contains("<script>//"), "the tables' script is inline");
    }

    @Test
    void shouldGiveEachExperimentThatRanItsSectionsAndOneLeftOutNone() {
        String page = IndexPage.render(summary(), 1, List.of());

        assertTrue(page.contains("<section id=\"bulk\">"), "the bench ran: its section");
        for (String leftOut : List.of("write", "gateway", "ab", "calibration")) {
            assertTrue(!page.contains("<section id=\"" + leftOut + "\">"), leftOut + " did not run: no section");
        }
        assertTrue(!page.contains("No ODataWriteSimulation results"), "no line for a study left out");
    }
}
