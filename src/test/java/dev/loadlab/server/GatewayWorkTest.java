package dev.loadlab.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * server.gatewayWork: the gateway route's CPU per request. The passes run on the server's thread pool (not the
 * upstream client's), inside the gateway's own Server-Timing, and 0 forwards the upstream's bytes as before. The
 * yardstick is what the same passes cost this test's own thread, warm: a slower or busier machine moves both.
 */
class GatewayWorkTest {
    private static final int PASSES = 200; // ~50 ms at 100 KB on the 2-core build machine
    private static final String ROUTE = "/gateway/payload?kb=100&latencyMs=0";
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private static ReferenceServer working;
    private static ReferenceServer forwarding;
    private static final HttpClient client =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static byte[] upstreamBytes;
    private static double passesCpuMs;

    @BeforeAll
    static void start() throws Exception {
        working = ReferenceServer.start(ServerSettings.of(
                Map.of("server.httpPort", "0", "server.tlsPort", "0", "server.gatewayWork", Integer.toString(PASSES))));
        forwarding = ReferenceServer.start(
                ServerSettings.of(Map.of("server.httpPort", "0", "server.tlsPort", "0", "server.gatewayWork", "0")));
        upstreamBytes = get(working, "/payload?kb=100").body();
        passesCpuMs = warmCpuMsOfPasses(upstreamBytes);
        for (int i = 0; i < 3; i++) { // the servers' own code paths warm, as in a run's first seconds
            get(working, ROUTE);
            get(forwarding, ROUTE);
        }
    }

    @AfterAll
    static void stop() {
        working.close();
        forwarding.close();
    }

    @Test
    void shouldCountThePassesInTheGatewaysOwnTimeNotTheUpstreams() throws Exception {
        for (int i = 0; i < 3; i++) {
            HttpResponse<byte[]> response = get(working, ROUTE);
            assertEquals(200, response.statusCode());
            assertArrayEquals(upstreamBytes, response.body(), "the passes write back the same JSON");
            String timing = response.headers().firstValue("server-timing").orElseThrow();
            double inGatewayMs =
                    GatewayTimingTest.duration(timing, "gateway") - GatewayTimingTest.duration(timing, "upstream");
            // the passes run inside the gateway's window, on one thread: at least their CPU time passes there
            assertTrue(
                    inGatewayMs >= 0.5 * passesCpuMs,
                    timing + ": " + inGatewayMs + " ms in the gateway for " + PASSES + " passes costing " + passesCpuMs
                            + " ms of CPU");
        }
    }

    @Test
    void shouldSpendThePassesCpuOnTheServersThreadPoolNotOnTheUpstreamClients() throws Exception {
        int requests = 4;
        Map<String, Double> cpuMs = cpuMsDuring(working, requests);
        assertTrue(
                cpuMs.get("server") >= 0.5 * requests * passesCpuMs,
                "server pool " + cpuMs + " for " + requests + " x " + passesCpuMs + " ms of passes");
        assertTrue(
                cpuMs.get("client") < 0.25 * requests * passesCpuMs,
                "the upstream client's threads only read the answers: " + cpuMs);
    }

    @Test
    void shouldForwardTheUpstreamsBytesWithoutWorkWhenThePassesAreZero() throws Exception {
        HttpResponse<byte[]> response = get(forwarding, ROUTE);
        assertEquals(200, response.statusCode());
        assertArrayEquals(upstreamBytes, response.body());
        int requests = 4;
        Map<String, Double> cpuMs = cpuMsDuring(forwarding, requests);
        assertTrue(
                cpuMs.get("server") < 0.25 * requests * passesCpuMs,
                "no passes, yet " + cpuMs + " for " + requests + " requests (" + PASSES + " passes cost " + passesCpuMs
                        + " ms)");
    }

    @Test
    void shouldAnswer502NamingTheUpstreamWhenItsAnswerIsNotJson() throws Exception {
        HttpServer notJson = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        notJson.createContext("/payload", exchange -> {
            byte[] body = "<html>not json</html>".getBytes(StandardCharsets.US_ASCII);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        notJson.start();
        String upstream = "http://127.0.0.1:" + notJson.getAddress().getPort();
        try (ReferenceServer gateway = ReferenceServer.start(ServerSettings.of(Map.of(
                "server.httpPort", "0",
                "server.tlsPort", "0",
                "server.gatewayWork", "1",
                "server.gatewayUpstream", upstream)))) {
            HttpResponse<byte[]> response = get(gateway, ROUTE);
            String body = new String(response.body(), StandardCharsets.UTF_8);
            assertEquals(502, response.statusCode(), body);
            assertTrue(body.contains(upstream + "/payload") && body.contains("no JSON"), body);
            assertTrue(
                    response.headers().firstValue("server-timing").orElseThrow().contains("upstream;dur="));
        } finally {
            notJson.stop(0);
        }
    }

    private static HttpResponse<byte[]> get(ReferenceServer server, String path) throws Exception {
        URI uri = server.httpUri().resolve(path);
        return client.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    /** The least thread CPU time of the passes over three tries, after a warm-up: a floor, not an average. */
    private static double warmCpuMsOfPasses(byte[] json) throws Exception {
        GatewayWork work = new GatewayWork(PASSES);
        for (int i = 0; i < 5; i++) {
            work.apply(json);
        }
        long least = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            long before = THREADS.getCurrentThreadCpuTime();
            work.apply(json);
            least = Math.min(least, THREADS.getCurrentThreadCpuTime() - before);
        }
        return least / 1e6;
    }

    /**
     * CPU time of the server's pool ({@code loadlab-server-*}: its selectors and workers) and of the gateway's
     * upstream client ({@code HttpClient@*}) while {@code requests} gateway calls are answered one after another.
     */
    private static Map<String, Double> cpuMsDuring(ReferenceServer server, int requests) throws Exception {
        Map<String, Long> before = cpuNanosByPart();
        for (int i = 0; i < requests; i++) {
            assertEquals(200, get(server, ROUTE).statusCode());
        }
        Map<String, Long> after = cpuNanosByPart();
        return Map.of(
                "server", (after.get("server") - before.get("server")) / 1e6,
                "client", (after.get("client") - before.get("client")) / 1e6);
    }

    /** Threads that started in between count from 0; none of these pools lets a thread go within a second. */
    private static Map<String, Long> cpuNanosByPart() {
        long server = 0;
        long upstreamClient = 0;
        for (ThreadInfo info : THREADS.getThreadInfo(THREADS.getAllThreadIds())) {
            if (info == null) {
                continue;
            }
            long cpu = Math.max(0, THREADS.getThreadCpuTime(info.getThreadId()));
            if (info.getThreadName().startsWith("loadlab-server")) {
                server += cpu;
            } else if (info.getThreadName().startsWith("HttpClient@")) {
                upstreamClient += cpu;
            }
        }
        return Map.of("server", server, "client", upstreamClient);
    }
}
