package dev.loadlab.report.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.Fixtures;
import dev.loadlab.report.model.BuildLayout;
import dev.loadlab.report.model.Summary;
import dev.loadlab.studies.Studies;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * compare.html from runs kept under reports/runs/: which runs, in which order, and what becomes of a run that cannot
 * be read. The fixtures are real summaries of earlier builds (from before runs had labels): the baseline run of
 * 23:32 and the slowed-upstream run of 23:43.
 */
class ComparePageTest {
    @TempDir
    Path dir;

    private BuildLayout layout() {
        return new BuildLayout(dir);
    }

    private void keep(String label, String fixture) throws IOException {
        Path run = Files.createDirectories(dir.resolve("reports/runs").resolve(label));
        Files.copy(Fixtures.path("gate/" + fixture), run.resolve("summary.json"));
    }

    private void keepText(String label, String summaryJson) throws IOException {
        Path run = Files.createDirectories(dir.resolve("reports/runs").resolve(label));
        Files.writeString(run.resolve("summary.json"), summaryJson);
    }

    private static List<String> labels(ComparedRuns compared) {
        return compared.runs().stream().map(ComparedRuns.Run::label).toList();
    }

    @Test
    void shouldCompareEveryKeptRunOldestFirstWhenNoneIsNamed() throws IOException {
        keep("z-baseline", "baseline-summary.json");
        keep("a-slowed", "slowed-gateway-summary.json");

        ComparedRuns compared = ComparedRuns.load(layout(), List.of());

        assertEquals(List.of("z-baseline", "a-slowed"), labels(compared), "by the runs' dates, not their labels");
        assertEquals(List.of(), compared.problems());
    }

    @Test
    void shouldCompareOnlyTheNamedRunsInTheGivenOrder() throws IOException {
        keep("z-baseline", "baseline-summary.json");
        keep("a-slowed", "slowed-gateway-summary.json");
        keep("third", "baseline-summary.json");

        ComparedRuns compared = ComparedRuns.load(layout(), List.of("a-slowed", "z-baseline"));

        assertEquals(List.of("a-slowed", "z-baseline"), labels(compared));
    }

    @Test
    void shouldNameAMissingLabelAndTheRunsThatExistInOneLine() throws IOException {
        keep("z-baseline", "baseline-summary.json");
        keep("a-slowed", "slowed-gateway-summary.json");

        ComparedRuns compared = ComparedRuns.load(layout(), List.of("nope", "z-baseline"));

        assertEquals(List.of("z-baseline"), labels(compared));
        assertEquals(
                List.of("-Dcompare names run nope, which is not in " + dir.resolve("reports/runs")
                        + "; the runs there: a-slowed, z-baseline"),
                compared.problems());
    }

    @Test
    void shouldLoadAnOlderSummaryWithoutTheNewFields() throws IOException {
        keep("old", "baseline-summary.json");

        ComparedRuns compared = ComparedRuns.load(layout(), List.of());
        String page = ComparePage.render(compared, Studies.compareSections(), Studies::noise);

        Summary.Run run = compared.runs().get(0).summary().run();
        assertNull(run.label(), "no label in a summary from before runs were kept");
        assertNull(run.experiments());
        assertTrue(page.contains("<td>old</td>"), "the folder's name labels it");
        assertTrue(page.contains("all (from before -Dexperiments)"));
        assertTrue(page.contains("<td>gatling HTTP/1.1 ab -c 10 -n 1000</td>"), "its ab runs were Gatling's");
    }

    @Test
    void shouldNameEachUnreadableRunAndStillCompareTheOthers() throws IOException {
        keep("baseline", "baseline-summary.json");
        keepText("not-json", "<html>an error page</html>");
        keepText("not-a-summary", "{\"samples\": 3}");
        Files.createDirectories(dir.resolve("reports/runs/no-summary"));

        ComparedRuns compared = ComparedRuns.load(layout(), List.of());
        String page = ComparePage.render(compared, Studies.compareSections(), Studies::noise);

        assertEquals(List.of("baseline"), labels(compared));
        assertEquals(3, compared.problems().size(), compared.problems().toString());
        for (String label : List.of("no-summary", "not-a-summary", "not-json")) {
            String line = compared.problems().stream()
                    .filter(p -> p.startsWith("run " + label + " is left out: "))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError(label + ": " + compared.problems()));
            assertFalse(line.contains("\n"), line);
            assertTrue(page.contains(Fixtures.escaped(line)), line);
        }
        assertTrue(page.contains("<th class=\"run\" colspan=\"5\">baseline</th>"), "the readable run is compared");
    }

    @Test
    void shouldPutOneColumnGroupPerRunInEachTable() throws IOException {
        keep("z-baseline", "baseline-summary.json");
        keep("a-slowed", "slowed-gateway-summary.json");

        String page =
                ComparePage.render(ComparedRuns.load(layout(), List.of()), Studies.compareSections(), Studies::noise);

        String apiGateway = page.substring(
                page.indexOf("<section id=\"compare-api-gateway\">"), page.indexOf("<section id=\"compare-latency\">"));
        assertTrue(apiGateway.contains(
                "<th class=\"run\" colspan=\"5\">z-baseline</th>" + "<th class=\"run\" colspan=\"5\">a-slowed</th>"));
        assertEquals(2, apiGateway.split("<th>p95 ms</th>", -1).length - 1, "p95 once per run");
        for (String experiment : List.of("latency", "gateway-capacity", "odata-write", "bulk")) {
            assertTrue(page.contains("<section id=\"compare-" + experiment + "\">"), experiment);
        }
    }
}
