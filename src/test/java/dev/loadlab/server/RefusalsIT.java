package dev.loadlab.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Bad input and overload: a JSON error at once, never a hang, and nothing stored. */
class RefusalsIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static ReferenceServer server;
    private static HttpClient client;

    @BeforeAll
    static void start() throws Exception {
        server = ReferenceServer.start(ServerSettings.of(Map.of(
                "server.httpPort", "0", "server.tlsPort", "0", "server.maxBodyKb", "4", "server.maxInFlight", "2")));
        client = Clients.HTTP_1_1.client(server);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpRequest.Builder to(String path) {
        return HttpRequest.newBuilder(server.httpUri().resolve(path));
    }

    private static void assertJsonError(int status, HttpResponse<String> response) throws Exception {
        assertEquals(status, response.statusCode(), response.body());
        JsonNode error = JSON.readTree(response.body()).path("error");
        assertEquals(Integer.toString(status), error.path("code").asText());
        assertTrue(!error.path("message").asText().isEmpty(), response.body());
    }

    @Test
    void shouldAnswer404ForAnUnknownPath() throws Exception {
        assertJsonError(404, send(to("/no/such/thing")));
    }

    @Test
    void shouldAnswer405WithAllowForAWrongMethod() throws Exception {
        HttpResponse<String> response = send(to("/users/getAllUsers").DELETE());
        assertJsonError(405, response);
        assertEquals("GET", response.headers().firstValue("allow").orElseThrow());
        assertJsonError(405, send(to("/rest/records/bulk")));
    }

    @Test
    void shouldAnswer400ForMalformedJson() throws Exception {
        assertJsonError(400, send(to("/rest/records/bulk").POST(HttpRequest.BodyPublishers.ofString("[{\"field\":"))));
        assertJsonError(
                400, send(to("/odata/v4/load/Records").POST(HttpRequest.BodyPublishers.ofString("{\"field\":\"x\"}"))));
        assertJsonError(
                400, send(to("/odata/v4/load/$batch").POST(HttpRequest.BodyPublishers.ofString("{\"requests\":5}"))));
    }

    @Test
    void shouldAnswer400ForOutOfRangeQueryParameters() throws Exception {
        assertJsonError(400, send(to("/payload?kb=-1")));
        assertJsonError(400, send(to("/gateway/payload?latencyMs=abc")));
    }

    @Test
    void shouldAnswer413ForABodyOverTheLimitWithOrWithoutContentLength() throws Exception {
        byte[] big = ("[" + "{\"field\":1.0},".repeat(400) + "{\"field\":1.0}]").getBytes();
        assertTrue(big.length > 4 * 1024);
        assertJsonError(413, send(to("/rest/records/bulk").POST(HttpRequest.BodyPublishers.ofByteArray(big))));
        // No Content-Length: the body arrives chunked and is capped as it streams in.
        assertJsonError(
                413,
                send(to("/rest/records/bulk")
                        .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big)))));
    }

    @Test
    void shouldAnswer503AtOnceWhenTheInFlightLimitIsReached() throws Exception {
        CompletableFuture<HttpResponse<String>> slow1 =
                client.sendAsync(to("/payload?latencyMs=3000").build(), HttpResponse.BodyHandlers.ofString());
        CompletableFuture<HttpResponse<String>> slow2 =
                client.sendAsync(to("/payload?latencyMs=3000").build(), HttpResponse.BodyHandlers.ofString());
        Thread.sleep(500); // both admitted and waiting
        long started = System.nanoTime();
        HttpResponse<String> shed = send(to("/users/getAllUsers"));
        long waitedMs = (System.nanoTime() - started) / 1_000_000;
        assertJsonError(503, shed);
        assertTrue(waitedMs < 1_000, "a shed request must not wait for a slot: " + waitedMs + " ms");
        assertEquals("1", shed.headers().firstValue("retry-after").orElseThrow());
        assertEquals(200, slow1.get().statusCode());
        assertEquals(200, slow2.get().statusCode());
        assertEquals(200, send(to("/users/getAllUsers")).statusCode(), "slots are given back");
        assertTrue(JSON.readTree(send(to("/metrics")).body()).path("rejected").asLong() >= 1);
    }
}
