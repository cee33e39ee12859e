package dev.loadlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
    private LivePage.Running server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
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
        // the target's server woke 0.3 ms late at worst in one second, 12.5 ms in the next; Gatling's JVM 1.1 ms
        Files.createDirectories(dir.resolve("stalls"));
        Files.writeString(
                dir.resolve("stalls/server-reference-server.tsv"),
                "# dev.loadlab.server.ReferenceServer\n200\t300\t0:990 2:10\n201\t12500\t0:980 120:1\n");
        Files.writeString(
                dir.resolve("stalls/gatling-1.tsv"),
                "# io.gatling.app.Gatling -s LatencySimulation\n200\t1100\t0:999 10:1\n201\t40");
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
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
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
    void shouldTellTheMachinesStallsByKindOfJvmAsTheirFilesGrow(@TempDir Path dir) throws Exception {
        build(dir);
        server = LivePage.start(dir, 0);
        JsonNode state = new ObjectMapper().readTree(get("/state"));

        assertEquals("gatling", state.at("/stalls/0/who").asText(), state.toString());
        assertEquals(1, state.at("/stalls/0/history").size(), "a line being written is not read yet");
        assertEquals(1.1, state.at("/stalls/0/lastMs").asDouble());
        assertEquals("server-reference-server", state.at("/stalls/1/who").asText());
        assertEquals(12.5, state.at("/stalls/1/lastMs").asDouble());
        assertEquals(12.5, state.at("/stalls/1/maxMs").asDouble());
        assertEquals(201, state.at("/stalls/1/history/1/at").asLong());

        Files.writeString(dir.resolve("stalls/gatling-1.tsv"), "00\t0:999\n", java.nio.file.StandardOpenOption.APPEND);
        JsonNode later = new ObjectMapper().readTree(get("/state"));
        assertEquals(2, later.at("/stalls/0/history").size());
        assertEquals(4.0, later.at("/stalls/0/lastMs").asDouble(), "4000 µs, the line's end written");
        assertEquals(4.0, later.at("/stalls/0/maxMs").asDouble());
    }

    @Test
    void shouldShareOneReadingASecondAndGiveALastOneWhenTheBuildEnds(@TempDir Path dir) throws Exception {
        build(dir);
        Readings readings = new Readings(LiveState.page(dir));
        readings.start();
        Readings.Reading first = readings.after(0);
        assertEquals(1, first.number());
        assertTrue(first.json().contains("\"request\":\"ab -k -c 10 -n 1000\""), first.json());
        assertEquals(first, readings.after(0), "a second page gets the same reading, not one of its own");

        readings.end();
        Readings.Reading r = first;
        for (int i = 0; i < 3 && !r.last(); i++) {
            r = readings.after(r.number());
        }
        assertTrue(r.last(), "the last reading once told to end, without waiting out the second");
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
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/events"))
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
        int taken = server.port();
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
