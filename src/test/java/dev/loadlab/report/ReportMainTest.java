package dev.loadlab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.index.IndexPage;
import dev.loadlab.report.model.BuildLayout;
import dev.loadlab.report.model.Summary;
import dev.loadlab.settings.Settings;
import dev.loadlab.studies.latency.LatencyStudy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report from real result files, and from broken or missing ones. */
class ReportMainTest {

    @Test
    void shouldRenderWhatItHasAndNameEveryMissingOrBrokenFile(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("target");
        Path latency = Files.createDirectories(target.resolve("gatling/http1/latencysimulation-20260101000000000"));
        Files.copy(Fixtures.path("gatling-latency/simulation.log"), latency.resolve("simulation.log"));
        Files.copy(Fixtures.path("gatling-latency/index.html"), latency.resolve("index.html"));
        Path broken = Files.createDirectories(target.resolve("gatling/http1/odatawritesimulation-20260101000000000"));
        Files.write(broken.resolve("simulation.log"), new byte[] {0, 0, 0});
        Path jmeter = Files.createDirectories(target.resolve("jmeter/results/http1"));
        Files.copy(Fixtures.path("jmeter/api-gateway.csv"), jmeter.resolve("api-gateway.csv"));

        Summary s = ReportMain.build(new BuildLayout(dir), Settings.of(Map.of()));

        assertTrue(
                s.missing().stream()
                        .anyMatch(m -> m.contains("broken Gatling log")
                                && m.contains(broken.resolve("simulation.log").toString())),
                s.missing().toString());
        assertTrue(
                s.missing().stream()
                        .anyMatch(m -> m.contains(target.resolve("gatling/h2").toString())),
                s.missing().toString());
        assertTrue(
                s.missing().stream()
                        .anyMatch(m ->
                                m.contains(target.resolve("jmeter/results/h2c").toString())),
                s.missing().toString());
        assertTrue(
                s.missing().stream().anyMatch(m -> m.contains("bulk-results.json")),
                s.missing().toString());
        assertEquals(
                2,
                s.figures("latency", LatencyStudy.Figures.class)
                        .orElseThrow()
                        .abRuns()
                        .size());
        assertEquals(2 + 3, s.scenarios().size(), "Gatling: all requests + foo/bar; JMeter: all samples + 2 labels");
        assertEquals(1, s.nativeReports().size());
        assertTrue(Files.isRegularFile(
                dir.resolve("reports").resolve(s.nativeReports().get(0).path())));

        String html = IndexPage.render(s, 1);
        for (String m : s.missing()) {
            assertTrue(html.contains(Fixtures.escaped(m)), m);
        }
        assertTrue(html.contains("No ODataWriteSimulation results"));
        assertTrue(html.contains("Requests per second:"));
        assertFalse(html.contains("<script src"), "index.html works offline: its one script is inline");
    }

    @Test
    void shouldMaskSecretsInTheTargetUrl(@TempDir Path dir) throws IOException {
        // target.url refuses a query, so the token rides as a path parameter (;token=), which is masked as well
        Summary s = ReportMain.build(
                new BuildLayout(dir),
                Settings.of(Map.of("target.url", "https://user:s3cret@api.example.com/;token=abc")));
        assertFalse(s.run().targetUrl().contains("s3cret"));
        assertFalse(s.run().targetUrl().contains("abc"));
    }
}
