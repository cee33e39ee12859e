package dev.loadlab.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The gateway route's capacity knob and its own timing: a call that waits for a connection is the gateway's time. */
class GatewayTimingTest {
    private static ReferenceServer server;

    @BeforeAll
    static void start() throws Exception {
        server = ReferenceServer.start(ServerSettings.of(
                Map.of("server.httpPort", "0", "server.tlsPort", "0", "server.gatewayConnections", "1")));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** {@code name;dur=<ms>} out of a Server-Timing header. */
    static double duration(String serverTiming, String name) {
        Matcher m = Pattern.compile("(?:^|,\\s*)" + name + ";dur=([0-9.]+)").matcher(serverTiming);
        assertTrue(m.find(), name + " missing in " + serverTiming);
        return Double.parseDouble(m.group(1));
    }

    @Test
    void shouldCountTheWaitForTheOnlyUpstreamConnectionAsGatewayTimeNotUpstreamTime() throws Exception {
        HttpClient client =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpRequest request = HttpRequest.newBuilder(server.httpUri().resolve("/gateway/payload?kb=1&latencyMs=300"))
                .build();
        List<CompletableFuture<HttpResponse<String>>> both = List.of(
                client.sendAsync(request, HttpResponse.BodyHandlers.ofString()),
                client.sendAsync(request, HttpResponse.BodyHandlers.ofString()));
        double mostInGateway = 0;
        double longestQueue = 0;
        for (CompletableFuture<HttpResponse<String>> answer : both) {
            HttpResponse<String> response = answer.get();
            assertEquals(200, response.statusCode());
            String timing = response.headers().firstValue("server-timing").orElseThrow();
            double gatewayMs = duration(timing, "gateway");
            double upstreamMs = duration(timing, "upstream");
            assertTrue(upstreamMs >= 300, timing);
            mostInGateway = Math.max(mostInGateway, gatewayMs - upstreamMs);
            longestQueue = Math.max(longestQueue, duration(timing, "queue"));
        }
        // one connection: the second call waited for the first one's 300 ms before its own upstream time began
        assertTrue(mostInGateway >= 250, "most time in the gateway " + mostInGateway + " ms");
        assertTrue(longestQueue >= 250, "longest wait for the connection " + longestQueue + " ms");
    }

    @Test
    void shouldLeaveOutTheUpstreamWhenTheCallNeverStarted() {
        assertEquals("gateway;dur=2.5", PayloadEndpoints.serverTiming(1_000_000, 0, 3_500_000, 3_500_000));
        assertEquals(
                "gateway;dur=2.5, upstream;dur=1.5, queue;dur=1.0",
                PayloadEndpoints.serverTiming(1_000_000, 2_000_000, 3_500_000, 3_500_000));
    }

    @Test
    void shouldEndTheUpstreamTimeAtItsAnswerAndTheGatewayTimeAtTheReplyAfterTheWork() {
        assertEquals(
                "gateway;dur=9.0, upstream;dur=1.5, queue;dur=1.0",
                PayloadEndpoints.serverTiming(1_000_000, 2_000_000, 3_500_000, 10_000_000));
    }
}
