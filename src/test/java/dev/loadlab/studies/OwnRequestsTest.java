package dev.loadlab.studies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.model.Check;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.model.TestRows;
import dev.loadlab.report.model.TestSummaries;
import dev.loadlab.report.read.BuildRuns;
import dev.loadlab.report.read.GatlingResults;
import dev.loadlab.report.read.Parts;
import dev.loadlab.settings.Injector;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.Wire;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Your own experiment request by request: both tools side by side, each beside the server's count of its tag. */
class OwnRequestsTest {
    @TempDir
    Path dir;

    private static final BuildRuns SHOP = new BuildRuns(
            List.of("calibration", "shop"),
            List.of(),
            List.of(),
            List.of(),
            FileTime.fromMillis(0),
            Injector.ALONE,
            List.of(),
            Map.of());

    private static Summary.Row row(String tool, String run, String scenario, long samples) {
        return TestRows.row(tool, Wire.H2.label, run, scenario)
                .samples(samples)
                .latency(5, 1, 9, 1)
                .throughput(50)
                .percentiles(4, 5, 6, 7, 8)
                .build();
    }

    private static Parts parts() {
        Parts parts = new Parts();
        parts.rows.add(row("gatling", "ShopSimulation", GatlingResults.ALL_REQUESTS, 30));
        parts.rows.add(row("gatling", "ShopSimulation", "POST /demo/cart", 10));
        parts.rows.add(row("gatling", "ShopSimulation", "GET /demo/", 20));
        parts.rows.add(row("jmeter", "shop", "POST /demo/cart", 12));
        parts.rows.add(row("jmeter", "shop", "GET /demo/", 24));
        parts.rows.add(row("jmeter", "calibration", "fast measured", 900));
        return parts;
    }

    @Test
    void shouldSetBothToolsSideBySidePerRequestAndEachBesideTheServersCount() throws Exception {
        Path counts = Files.writeString(dir.resolve("server-counts.json"), """
                {"gatling-h2-shop.post-demo-cart":{"count":10},"gatling-h2-shop.get-demo":{"count":20},
                 "jmeter-h2-shop.post-demo-cart":{"count":12},"jmeter-h2-shop.get-demo":{"count":23},
                 "jmeter-h2-shop.get-users":{"count":4},"jmeter-h2-held-measured":{"count":7}}""");
        List<OwnRequestRow> own = OwnRequests.read(parts().rows, SHOP, counts);

        assertEquals(3, own.size(), own.toString());
        OwnRequestRow home = own.get(0);
        assertEquals("GET /demo/", home.request());
        assertEquals(
                List.of(20L, 20L, 24L, 23L),
                List.of(home.gatlingSamples(), home.serverGatling(), home.jmeterSamples(), home.serverJmeter()));
        OwnRequestRow users = own.get(1);
        assertEquals("get-users", users.request(), "a tag the server counted that no tool reported");
        assertEquals(0L, users.jmeterSamples());
        assertNull(users.gatlingSamples());

        List<Check> checks = checks(own);
        assertEquals(5, checks.size(), checks.toString());
        List<String> failed =
                checks.stream().filter(c -> !c.passed()).map(Check::scenario).toList();
        assertEquals(List.of("jmeter h2 shop / GET /demo/", "jmeter h2 shop / get-users"), failed);
    }

    @Test
    void shouldHoldOnlyTheToolWhoseRequestsCarryTagsToTheServersCount() throws Exception {
        Path counts = Files.writeString(dir.resolve("server-counts.json"), """
                {"gatling-h2-shop.post-demo-cart":{"count":10},"gatling-h2-shop.get-demo":{"count":20}}""");
        List<OwnRequestRow> own = OwnRequests.read(parts().rows, SHOP, counts);

        assertTrue(
                own.stream().allMatch(r -> r.serverGatling() != null && r.serverJmeter() == null),
                "JMeter's plan sent no tag (a plan as JMeter users write it): no count to hold it to");
        List<Check> checks = checks(own);
        assertEquals(2, checks.size());
        assertTrue(checks.stream().allMatch(Check::passed), checks.toString());
    }

    @Test
    void shouldSetTheToolsSideBySideOnlyWhereTheTargetKeepsNoCount() {
        List<OwnRequestRow> own = OwnRequests.read(parts().rows, SHOP, dir.resolve("none.json"));

        assertEquals(2, own.size());
        assertTrue(own.stream().allMatch(r -> r.serverGatling() == null && r.serverJmeter() == null));
        assertEquals(List.of(), checks(own));
        assertNotNull(OwnRequestsSection.render(own));
    }

    /** The gate's checks of a team's door on a summary that keeps these requests as its reader put them. */
    private static List<Check> checks(List<OwnRequestRow> own) {
        Summary s = TestSummaries.of(List.of())
                .run(TestSummaries.run("now", List.of("shop")))
                .figures("shop", new OwnFigures(own))
                .build();
        return Studies.OWN.checks(s, Settings.of(Map.of()));
    }
}
