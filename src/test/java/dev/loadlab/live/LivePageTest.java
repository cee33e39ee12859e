package dev.loadlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.BindException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The live page on a real loopback port, reading a build's files as the build writes them. */
class LivePageTest {
    private static final HttpClient CLIENT = HttpClient.newHttpClient();
    private HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    /** A build two runs into its plan of three: the first done, the second loading, the third ahead. */
    private static void build(Path dir) throws Exception {
        Files.writeString(
                dir.resolve("build-plan.tsv"),
                "# scale=smoke\n"
                        + "gatling\thttp1\tLatencySimulation\tlatency\t40\n"
                        + "gatling\th2\tLatencySimulation\tlatency\t30\n"
                        + "jmeter\thttp1\tlatency\tlatency\t-1\n");
        long now = System.currentTimeMillis();
        Files.writeString(
                dir.resolve("progress.tsv"),
                "# scale=smoke\n" + (now - 50_000) + "\tgatling\thttp1\tLatencySimulation\n" + (now - 10_000)
                        + "\tgatling\th2\tLatencySimulation\n");
        LiveFeed done = latencyFeed(dir, "http1", "HTTP/1.1");
        done.sample(100_000, "ab -c 10 -n 1000", 4, null);
        done.sample(100_200, "ab -c 10 -n 1000", 9, "HTTP 503");
        done.end();
        LiveFeed running = latencyFeed(dir, "h2", "h2");
        running.users(10);
        running.sample(200_000, "ab -k -c 10 -n 1000", 2, null);
        running.sample(201_000, "ab -k -c 10 -n 1000", 2, null); // its first second is written, this one not yet
    }

    private static LiveFeed latencyFeed(Path dir, String wire, String wireLabel) {
        return LiveFeed.open(
                LiveFeed.file(dir, "gatling", wire, "LatencySimulation"),
                "gatling",
                wireLabel,
                "LatencySimulation",
                "latency");
    }

    private String get(String path) throws Exception {
        HttpResponse<String> r = CLIENT.send(
                HttpRequest.newBuilder(URI.create(
                                "http://127.0.0.1:" + server.getAddress().getPort() + path))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), path);
        return r.body();
    }

    @Test
    void shouldTellEachPlannedRunsStateAndTheTimeLeftAsTheLastBuildTookIt(@TempDir Path dir) throws Exception {
        build(dir);
        server = LivePage.start(dir, 0);
        JsonNode state = new ObjectMapper().readTree(get("/state"));

        assertEquals("done", state.at("/runs/0/state").asText());
        assertEquals("running", state.at("/runs/1/state").asText());
        assertEquals("left", state.at("/runs/2/state").asText());
        assertEquals(1, state.get("done").asLong());
        // the running run's 30 s less its 10 s so far; the JMeter run was never timed
        long left = state.get("secondsLeft").asLong();
        assertTrue(left >= 19 && left <= 20, state.toString());
        assertEquals(1, state.get("untimed").asLong());
        JsonNode row = state.at("/rows/0");
        assertEquals("ab -c 10 -n 1000", row.get("request").asText());
        assertEquals(2, row.get("requests").asLong());
        assertEquals(1, row.at("/errorKinds/HTTP 503").asLong());
        assertEquals(10, state.at("/rows/1/users").asLong());
        assertTrue(state.get("gate").isNull());
    }

    @Test
    void shouldServeTheRowsAsOpenMetricsWithTheirCountsAndHistograms(@TempDir Path dir) throws Exception {
        build(dir);
        server = LivePage.start(dir, 0);
        String metrics = get("/metrics");

        String row = "{tool=\"gatling\",wire=\"HTTP/1.1\",experiment=\"latency\",request=\"ab -c 10 -n 1000\"";
        assertTrue(metrics.contains("loadlab_requests_total" + row + "} 2\n"), metrics);
        assertTrue(metrics.contains("loadlab_errors_total" + row + ",kind=\"HTTP 503\"} 1\n"), metrics);
        assertTrue(metrics.contains("loadlab_latency_seconds_bucket" + row + ",le=\"0.005\"} 1\n"), metrics);
        assertTrue(metrics.contains("loadlab_latency_seconds_bucket" + row + ",le=\"+Inf\"} 2\n"), metrics);
        assertTrue(metrics.contains("loadlab_latency_seconds_sum" + row + "} 0.013\n"), metrics);
        assertTrue(
                metrics.contains("loadlab_active_users{tool=\"gatling\",wire=\"h2\",experiment=\"latency\","
                        + "run=\"LatencySimulation\"} 10\n"),
                metrics);
        assertTrue(metrics.endsWith("# EOF\n"), metrics);
    }

    @Test
    void shouldPushAReadingAsAServerSentEventAndServeThePageWithTheReportsChartLibrary(@TempDir Path dir)
            throws Exception {
        build(dir);
        server = LivePage.start(dir, 0);
        HttpResponse<java.io.InputStream> events = CLIENT.send(
                HttpRequest.newBuilder(URI.create(
                                "http://127.0.0.1:" + server.getAddress().getPort() + "/events"))
                        .build(),
                HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(
                "text/event-stream; charset=utf-8",
                events.headers().firstValue("Content-Type").orElse(""));
        try (BufferedReader in = new BufferedReader(new InputStreamReader(events.body(), StandardCharsets.UTF_8))) {
            String first = in.readLine();
            assertTrue(first.startsWith("data: {\"at\":"), first);
            assertTrue(first.contains("\"request\":\"ab -k -c 10 -n 1000\""), first);
        }
        String page = get("/");
        assertTrue(page.contains("new EventSource('/events')"), "live.js inline");
        assertTrue(page.contains("Chart.js v"), "the report's Chart.js, inline: nothing from the internet");
    }

    @Test
    void shouldRefuseAPortThatIsTaken(@TempDir Path dir) throws Exception {
        server = LivePage.start(dir, 0);
        int taken = server.getAddress().getPort();
        assertThrows(BindException.class, () -> LivePage.start(dir, taken));
    }

    @Test
    void shouldGiveTheGatesVerdictOnceThisBuildsGateHasWrittenIt(@TempDir Path root) throws Exception {
        Path dir = Files.createDirectories(root.resolve("target/loadlab"));
        build(dir);
        server = LivePage.start(dir, 0);
        Files.createDirectories(root.resolve("target/gate-reports"));
        Files.writeString(
                root.resolve("target/gate-reports/TEST-loadlab-gate.xml"),
                "<?xml version=\"1.0\"?>\n<testsuite name=\"loadlab-gate\" tests=\"12\" failures=\"2\" errors=\"0\">");
        JsonNode state = new ObjectMapper().readTree(get("/state"));
        assertEquals(false, state.at("/gate/passed").asBoolean(true));
        assertEquals(2, state.at("/gate/failed").asLong());
        assertEquals("done", state.at("/runs/1/state").asText(), "the build has ended");
        assertEquals("not run", state.at("/runs/2/state").asText());
    }
}
