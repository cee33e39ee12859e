package dev.loadlab.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every read endpoint over HTTP/1.1, h2c and h2, and the protocol counters that prove which was spoken. */
class EndpointsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static ReferenceServer server;
    /** One server whose foo/bar route waits 150 ms, shared by the three clients' tests. */
    private static ReferenceServer slow;

    private static final Map<Clients, HttpClient> clients = new EnumMap<>(Clients.class);

    @BeforeAll
    static void start() throws Exception {
        server = ReferenceServer.start(ServerSettings.of(Map.of("server.httpPort", "0", "server.tlsPort", "0")));
        slow = ReferenceServer.start(
                ServerSettings.of(Map.of("server.httpPort", "0", "server.tlsPort", "0", "server.fooDelayMs", "150")));
        for (Clients c : Clients.values()) {
            clients.put(c, c.client(server));
        }
    }

    @AfterAll
    static void stop() {
        server.close();
        slow.close();
    }

    private static HttpResponse<String> get(Clients c, String path) throws Exception {
        return c.send(
                clients.get(c),
                HttpRequest.newBuilder(c.base(server).resolve(path)).build());
    }

    @ParameterizedTest
    @EnumSource(Clients.class)
    void shouldListUsersAsAbout2KbOfJson(Clients c) throws Exception {
        HttpResponse<String> response = get(c, "/users/getAllUsers");
        assertEquals(200, response.statusCode());
        assertEquals(
                "application/json",
                response.headers().firstValue("content-type").orElseThrow());
        JsonNode users = JSON.readTree(response.body());
        assertEquals(FixtureEndpoints.USER_COUNT, users.size());
        assertTrue(
                response.body().length() > 2000 && response.body().length() < 2400,
                "size " + response.body().length());
    }

    @ParameterizedTest
    @EnumSource(Clients.class)
    void shouldAnswerFooBarWithTheStudysSixtyByteDocumentOfStringIds(Clients c) throws Exception {
        HttpResponse<String> response = get(c, "/foo/2/bar/3");
        assertEquals(200, response.statusCode());
        // the study's router (Python, json.dumps): "Document Length: 60 bytes"
        assertEquals("{\"foo_id\": \"2\", \"bar_id\": \"3\", \"message\": \"all bars by foo\"}", response.body());
        assertEquals(60, response.body().getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
        assertEquals("60", response.headers().firstValue("content-length").orElseThrow());
        assertEquals(
                "abc",
                JSON.readTree(get(c, "/foo/abc/bar/7").body()).get("foo_id").asText());
        assertEquals(404, get(c, "/foo/2/baz/3").statusCode());
        assertEquals(404, get(c, "/foo/a.b/bar/3").statusCode());
    }

    /**
     * The study's two APIs answer /foo/2/bar/3 alike but for their headers, which ab's "Total transferred" counts
     * (346 and 231 bytes a response there): the REST API's request, gateway and trace ids, the HTTP API's one id.
     */
    @Test
    void shouldAnswerFooBarWithTheRestApisHeadersAndUnderHttpApiWithThatApisOne() throws Exception {
        Map<String, String> heads = new HashMap<>();
        for (String path : List.of("/foo/2/bar/3", "/http-api/foo/2/bar/3")) {
            try (Socket socket = RawHttp.connect(server.httpUri(), 0)) {
                RawHttp.send(socket, RawHttp.get(path));
                heads.put(path, RawHttp.head(socket, 5_000));
            }
        }
        String rest = heads.get("/foo/2/bar/3");
        String httpApi = heads.get("/http-api/foo/2/bar/3");
        assertTrue(rest.matches("(?s).*\r\nx-amzn-RequestId: [0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}\r\n.*"), rest);
        assertTrue(rest.matches("(?s).*\r\nx-amz-apigw-id: [A-Za-z0-9]{15}=\r\n.*"), rest);
        assertTrue(rest.matches("(?s).*\r\nX-Amzn-Trace-Id: Root=1-[0-9a-f]{8}-[0-9a-f]{24};Sampled=0\r\n.*"), rest);
        assertTrue(httpApi.matches("(?s).*\r\nApigw-Requestid: [A-Za-z0-9]{15}=\r\n.*"), httpApi);
        assertFalse(httpApi.contains("x-amz"), httpApi);
        // with the 60-byte body: 327 and 203 bytes, against the study's 346 and 231 (its gateways sent more)
        assertEquals(267, rest.length(), rest);
        assertEquals(143, httpApi.length(), httpApi);
        assertEquals(
                get(Clients.HTTP_1_1, "/foo/2/bar/3").body(),
                get(Clients.HTTP_1_1, "/http-api/foo/2/bar/3").body());
        assertEquals(404, get(Clients.HTTP_1_1, "/http-api/foo/2/baz/3").statusCode());
    }

    @ParameterizedTest
    @EnumSource(Clients.class)
    void shouldHoldFooBarForTheBackendTimeItIsGiven(Clients c) throws Exception {
        HttpClient client = c.client(slow);
        long started = System.nanoTime();
        HttpResponse<String> response = c.send(
                client,
                HttpRequest.newBuilder(c.base(slow).resolve("/foo/2/bar/3")).build());
        long elapsedMs = (System.nanoTime() - started) / 1_000_000;
        assertEquals(200, response.statusCode());
        assertTrue(elapsedMs >= 150, "answered after " + elapsedMs + " ms");
    }

    @ParameterizedTest
    @EnumSource(Clients.class)
    void shouldAnswerPayloadOfKbAfterLatency(Clients c) throws Exception {
        long started = System.nanoTime();
        HttpResponse<String> response = get(c, "/payload?kb=3&latencyMs=200");
        long elapsedMs = (System.nanoTime() - started) / 1_000_000;
        assertEquals(200, response.statusCode());
        assertEquals(3 * 1024, response.body().length());
        assertTrue(elapsedMs >= 200, "answered after " + elapsedMs + " ms");
        JSON.readTree(response.body());
    }

    @ParameterizedTest
    @EnumSource(Clients.class)
    void shouldForwardThroughGatewayAndReportItsOwnAndTheUpstreamsTime(Clients c) throws Exception {
        HttpResponse<String> response = get(c, "/gateway/payload?kb=100&latencyMs=150");
        assertEquals(200, response.statusCode());
        assertEquals(100 * 1024, response.body().length());
        String timing = response.headers().firstValue("server-timing").orElseThrow();
        double gatewayMs = GatewayTimingTest.duration(timing, "gateway");
        double upstreamMs = GatewayTimingTest.duration(timing, "upstream");
        assertTrue(upstreamMs >= 150, timing);
        assertTrue(gatewayMs >= upstreamMs, timing);
    }

    /**
     * Over HTTP/2 all on one connection: answers written while a read is parsed leave together
     * ({@link ReadBatchingEndPoint}), and the delayed ones, written later from other threads, are not held.
     */
    @ParameterizedTest
    @EnumSource(Clients.class)
    void shouldAnswerEachOfManyRequestsInFlightAtOnce(Clients c) throws Exception {
        List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
        for (int i = 0; i < 100; i++) { // within the 128 streams Jetty allows one connection at once
            String path = i % 10 == 0 ? "/payload?kb=1&latencyMs=50" : "/foo/" + i + "/bar/1";
            answers.add(clients.get(c)
                    .sendAsync(
                            HttpRequest.newBuilder(c.base(server).resolve(path)).build(),
                            HttpResponse.BodyHandlers.ofString()));
        }
        for (int i = 0; i < answers.size(); i++) {
            HttpResponse<String> response = answers.get(i).get(10, TimeUnit.SECONDS);
            assertEquals(200, response.statusCode(), "request " + i);
            if (i % 10 == 0) {
                assertEquals(1024, response.body().length(), "request " + i);
            } else {
                assertEquals(FixtureEndpoints.fooBarJson(String.valueOf(i), "1"), response.body());
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Clients.class)
    void shouldCountEachRequestUnderTheProtocolSpokenAndNoOther(Clients c) throws Exception {
        Map<ServerMetrics.Protocol, Long> before = counts();
        int sent = 25;
        for (int i = 0; i < sent; i++) {
            get(c, "/foo/" + i + "/bar/1");
        }
        get(c, "/metrics"); // watching is not counted
        Map<ServerMetrics.Protocol, Long> after = counts();
        for (ServerMetrics.Protocol p : ServerMetrics.Protocol.values()) {
            assertEquals(p == c.protocol ? sent : 0, after.get(p) - before.get(p), p.label);
        }
        JsonNode metrics = JSON.readTree(get(c, "/metrics").body());
        assertEquals(
                after.get(c.protocol).longValue(),
                metrics.path("requests").path(c.protocol.label).asLong());
    }

    @ParameterizedTest
    @EnumSource(Clients.class)
    void shouldReportHealthAndServerSideLoad(Clients c) throws Exception {
        assertEquals("{\"status\":\"UP\"}", get(c, "/health").body());
        JsonNode metrics = JSON.readTree(get(c, "/metrics").body());
        assertTrue(metrics.path("connections").path("open").asLong() >= 1, metrics.toString());
        assertTrue(metrics.path("cpu").path("processCpuNanos").asLong() > 0, metrics.toString());
        assertTrue(metrics.path("heap").path("usedBytes").asLong() > 0, metrics.toString());
        assertTrue(
                metrics.path("memory").path("residentBytes").asLong()
                        > metrics.path("heap").path("usedBytes").asLong(),
                metrics.toString());
        assertTrue(metrics.path("startupMs").asLong() > 0, metrics.toString());
    }

    private static Map<ServerMetrics.Protocol, Long> counts() {
        Map<ServerMetrics.Protocol, Long> counts = new EnumMap<>(ServerMetrics.Protocol.class);
        for (ServerMetrics.Protocol p : ServerMetrics.Protocol.values()) {
            counts.put(p, server.metrics().requests(p));
        }
        return counts;
    }
}
