package dev.loadlab.steps.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.Wire;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ab study's Test 1 on a team's function: everything {@code ServerControl up} sends to a target of yours before
 * any load (the answer probe, the contract check, the wire probes) leaves latency.path to the cold run. The function
 * is the JDK's own HTTP server, which serves the route and records every path it is asked.
 */
class TeamTargetColdRunTest {
    private static final String ROUTE = "/foo/2/bar/3";

    private HttpServer function;
    private final List<String> asked = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws IOException {
        function = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        function.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            asked.add(path);
            byte[] body = (path.equals(ROUTE) ? "{\"foo_id\": \"2\", \"bar_id\": \"3\"}" : "not here")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(path.equals(ROUTE) ? 200 : 404, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        function.start();
    }

    @AfterEach
    void stop() {
        function.stop(0);
    }

    /** A build whose Gatling runs the cleartext HTTP/1.1 wire alone (build.properties, as Runs writes it). */
    private static BuildFiles gatlingOnCleartext(Path dir) throws IOException {
        return gatlingOn(dir, List.of(Wire.HTTP1));
    }

    /** A build whose Gatling runs {@code wires}, and no other tool any wire. */
    private static BuildFiles gatlingOn(Path dir, List<Wire> wires) throws IOException {
        Path settings = dir.resolve("loadlab").resolve("settings.properties");
        Files.createDirectories(settings.getParent());
        Files.writeString(settings, "scale=smoke\n");
        BuildFiles files = new BuildFiles(settings);
        StringBuilder flags = new StringBuilder();
        for (Wire w : Wire.values()) {
            for (String tool : WireCheck.TOOLS) {
                flags.append(w.skipFlag(tool)).append('=').append(!(tool.equals("gatling") && wires.contains(w)));
                flags.append('\n');
            }
        }
        Files.writeString(files.buildFile(), flags);
        return files;
    }

    private int up(Path dir, Map<String, String> more) throws Exception {
        Map<String, String> values = new HashMap<>(Map.of(
                "target.url",
                "http://127.0.0.1:" + function.getAddress().getPort(),
                "experiments",
                "latency",
                "live",
                "false")); // the wires' cold targets are the matter here, not a live page's JVM
        values.putAll(more);
        return ServerControl.up(
                Settings.of(values),
                gatlingOnCleartext(dir),
                ProcessHandle.current().pid());
    }

    @Test
    void shouldTellTheRunsTheWiresGatlingLoadsInTheirOrderLessThoseTheWireCheckLeftOut(@TempDir Path dir)
            throws Exception {
        BuildFiles files = gatlingOn(dir, List.of(Wire.HTTP1_TLS, Wire.H2, Wire.HTTP1));
        assertEquals(List.of(Wire.HTTP1, Wire.HTTP1_TLS, Wire.H2), files.gatlingWires());
        // as WireCheck writes it for a target without HTTP/2 over TLS: its flags over build.properties'
        files.writeWireCheck(Map.of(Wire.H2.skipFlag("gatling"), "true", Wire.LEFT_OUT + Wire.H2.id, "no h2"));

        files.writeTarget(Map.of("target.url", "http://127.0.0.1:1"));

        assertEquals(
                "http1,http1-tls",
                dev.loadlab.settings.PropertyFile.read(files.targetFile()).getProperty(Wire.GATLING_RUNS));
    }

    @Test
    void shouldSendNothingToTheLatencyPathBeforeTheColdRunYetCheckThatTheTargetAnswers(@TempDir Path dir)
            throws Exception {
        assertEquals(0, up(dir, Map.of()));

        assertFalse(asked.contains(ROUTE), "the cold run must be the first request to " + ROUTE + ": " + asked);
        assertFalse(asked.isEmpty(), "the target was probed all the same");
    }

    @Test
    void shouldStillAskTheLatencyPathWithoutTheColdRun(@TempDir Path dir) throws Exception {
        assertEquals(0, up(dir, Map.of("latency.coldRun", "false")));

        assertTrue(asked.contains(ROUTE), asked.toString());
    }
}
