package dev.loadlab.report.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.replay.Exchange;
import dev.loadlab.replay.Recording;
import dev.loadlab.replay.ReplayLog;
import dev.loadlab.report.model.Check;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The replay check against files as a build writes them: its plan, the tools' replay log and the recording. */
class ReplaysTest {
    @TempDir
    Path project;

    private Path loadlab;

    @BeforeEach
    void aBuildThatReplayedShopInBothTools() throws Exception {
        loadlab = project.resolve("target/loadlab");
        Files.createDirectories(loadlab);
        Files.writeString(loadlab.resolve("build-plan.tsv"), """
                # scale=smoke
                gatling\thttp1-tls\tShopSimulation\tshop\t-1
                jmeter\thttp1-tls\tshop\tshop\t-1
                """);
        Path recording = Recording.file(project, "shop");
        Files.createDirectories(recording.getParent());
        Files.writeString(
                recording,
                Recording.write(
                        "shop.har",
                        List.of(
                                new Recording.Step("GET /login", 200),
                                new Recording.Step("POST /login", 302),
                                new Recording.Step("GET /orders/{id}", 200))));
    }

    private void logged(String tool, String request, int status, String sent) {
        ReplayLog.append(
                loadlab.resolve(ReplayLog.FILE), new Exchange(tool, "http1-tls", "shop", request, status, sent));
    }

    @Test
    void shouldPassEachToolWhoseRequestsGotTheirRecordedStatuses() throws Exception {
        for (String tool : List.of("gatling", "jmeter")) {
            logged(tool, "GET /login", 200, "GET /login");
            logged(tool, "POST /login", 302, "POST /login");
            logged(tool, "GET /orders/{id}", 200, "GET /orders/o-1");
        }
        List<Check> checks = Replays.checks(Replays.read(project, loadlab));
        assertEquals(2, checks.size());
        for (Check c : checks) {
            assertTrue(c.passed(), c.toString());
            assertEquals("3 of 3", c.now());
        }
    }

    @Test
    void shouldNameTheFirstRequestThatDiffersAndWhatWasSent() throws Exception {
        logged("gatling", "GET /login", 200, "GET /login");
        logged("gatling", "POST /login", 403, "POST https://shop/login; body: csrf=stale&password=****");
        logged("gatling", "GET /orders/{id}", 401, "GET /orders/o-1");
        logged("jmeter", "GET /login", 200, "GET /login");
        logged("jmeter", "POST /login", 302, "POST /login");
        // JMeter's third request got no answer (0): the tool's log says why
        logged("jmeter", "GET /orders/{id}", 0, "GET /orders/NOT_FOUND");
        List<Replays.Replay> replays = Replays.read(project, loadlab);
        List<Check> checks = Replays.checks(replays);
        assertFalse(checks.get(0).passed());
        assertEquals(
                "1 of 3; first difference: POST /login 403, recorded 302",
                checks.get(0).now());
        assertEquals(
                "2 of 3; first difference: GET /orders/{id} no answer, recorded 200",
                checks.get(1).now());
        String table = Replays.table(replays.get(0));
        assertTrue(table.contains("302       403       POST /login   <- the first difference"), table);
        assertTrue(
                table.contains("first difference at POST /login: recorded 302, replayed 403; sent: POST"
                        + " https://shop/login; body: csrf=stale&password=****"),
                table);
    }

    @Test
    void shouldFailARunThatLoggedNothingSayingWhy() throws Exception {
        logged("gatling", "GET /login", 200, "GET /login");
        logged("gatling", "POST /login", 302, "POST /login");
        List<Check> checks = Replays.checks(Replays.read(project, loadlab));
        assertEquals(
                "2 of 3; first difference: GET /orders/{id} not sent, recorded 200",
                checks.get(0).now());
        assertFalse(checks.get(1).passed());
        assertTrue(
                checks.get(1).now().contains("the plan has no Replay Log (loadlab)"),
                checks.get(1).now());
    }

    @Test
    void shouldShowAJourneyWrittenByHandWithoutHoldingItToARecording() throws Exception {
        Files.delete(Recording.file(project, "shop"));
        logged("gatling", "GET /home", 200, "GET /home");
        List<Replays.Replay> replays = Replays.read(project, loadlab);
        assertEquals(List.of(), Replays.checks(replays), "no recording: nothing to hold the statuses to");
        assertTrue(
                Replays.table(replays.get(0)).contains("-         200       GET /home"), Replays.table(replays.get(0)));
    }
}
