package dev.loadlab.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loadlab.settings.OwnKnobs;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The calibration route: a known hold, counted by tag on the server's side, bounded in what it keeps. */
class CalibrationEndpointTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    static final RunningServer SERVER = new RunningServer();

    private static HttpResponse<String> get(String pathAndQuery) throws Exception {
        return SERVER.send(HttpRequest.newBuilder(SERVER.http(pathAndQuery)).build());
    }

    private static JsonNode counts() throws Exception {
        return JSON.readTree(get(CalibrationEndpoint.COUNTS_PATH).body());
    }

    /**
     * The counts once {@code settled} holds, or as they are after 2 s: the server counts a request when its answer is
     * written, and a client can read that answer and ask for the counts a moment before.
     */
    private static JsonNode countsWhen(java.util.function.Predicate<JsonNode> settled) throws Exception {
        long deadline = System.nanoTime() + 2_000_000_000L;
        JsonNode counts = counts();
        while (!settled.test(counts) && System.nanoTime() < deadline) {
            Thread.sleep(10);
            counts = counts();
        }
        return counts;
    }

    private static long count(JsonNode counts, String tag) {
        return counts.path(tag).path("count").asLong(0);
    }

    // No bound above: how much later than asked the server answers is the measured part's (the gate's "server's hold
    // p50", with the stalls of the server's JVM accounted), not a unit test's, which a busy machine would break.
    @Test
    void shouldHoldEachAnswerTheAskedLatencyAndCountItsTag() throws Exception {
        long began = System.nanoTime();
        for (int i = 0; i < 5; i++) {
            HttpResponse<String> answer = get("/calibrate?tag=held-test&latencyMs=40");
            assertEquals(200, answer.statusCode(), answer.body());
        }
        long elapsedMs = (System.nanoTime() - began) / 1_000_000;
        assertTrue(elapsedMs >= 5 * 40, "5 answers held 40 ms each came back in " + elapsedMs + " ms");
        JsonNode tag = countsWhen(c -> count(c, "held-test") >= 5).get("held-test");
        assertEquals(5, tag.get("count").asLong());
        assertTrue(tag.get("holdP50Ms").asDouble() >= 40, "server hold p50 " + tag.get("holdP50Ms"));
        assertTrue(
                tag.get("lastAnswerMs").asLong() - tag.get("firstArrivalMs").asLong() >= 5 * 40,
                "the server's window spans the five holds: " + tag);
    }

    @Test
    void shouldKeepEachTagApartAndLeaveUntaggedRequestsUncounted() throws Exception {
        get("/calibrate?tag=a-1");
        get("/calibrate?tag=a-1");
        get("/calibrate?tag=b-1");
        get("/calibrate");
        JsonNode counts = countsWhen(c -> count(c, "a-1") >= 2 && count(c, "b-1") >= 1);
        assertEquals(2, counts.get("a-1").get("count").asLong());
        assertEquals(1, counts.get("b-1").get("count").asLong());
        assertFalse(counts.has(""), counts.toString());
    }

    @Test
    void shouldCountARequestOfAnyRouteUnderTheTagItsHeaderNamesWhateverItsStatus() throws Exception {
        for (String path : List.of("/demo/", "/demo/continue", "/no/such/route", "/demo/")) {
            HttpResponse<String> answer = SERVER.send(HttpRequest.newBuilder(SERVER.http(path))
                    .header(OwnKnobs.TAG_HEADER, "jmeter-h2c-shop." + OwnKnobs.slug(path))
                    .build());
            assertTrue(answer.statusCode() > 0);
        }
        SERVER.send(HttpRequest.newBuilder(SERVER.http("/demo/"))
                .header(OwnKnobs.TAG_HEADER, "a tag of another shape")
                .build());
        JsonNode counts = countsWhen(c -> count(c, "jmeter-h2c-shop.demo") >= 2
                && count(c, "jmeter-h2c-shop.demo-continue") >= 1
                && count(c, "jmeter-h2c-shop.no-such-route") >= 1);
        assertEquals(2, counts.get("jmeter-h2c-shop.demo").get("count").asLong(), counts.toString());
        assertEquals(1, counts.get("jmeter-h2c-shop.demo-continue").get("count").asLong());
        assertEquals(1, counts.get("jmeter-h2c-shop.no-such-route").get("count").asLong(), "a 404 is counted too");
        assertFalse(counts.has("a tag of another shape"), "a refused tag is not counted, and the request goes on");
    }

    @Test
    void shouldServeTheDemoPageThatCallsAGetWithAQueryAPostOfJsonAndARedirect() throws Exception {
        HttpResponse<String> page = get("/demo/");
        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains("/demo/demo.js"), page.body());
        String script = get("/demo/demo.js").body();
        for (String call : List.of("/payload?kb=2", "/demo/cart", "/demo/continue")) {
            assertTrue(script.contains(call), call + " in " + script);
        }
        HttpResponse<String> redirect = get("/demo/continue");
        assertEquals(302, redirect.statusCode());
        assertEquals(
                "/users/getAllUsers", redirect.headers().firstValue("Location").orElse(""));
        HttpResponse<String> cart = SERVER.send(HttpRequest.newBuilder(SERVER.http("/demo/cart"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"items\":[{\"sku\":\"a\"},{\"sku\":\"b\"}]}"))
                .build());
        assertEquals(201, cart.statusCode(), cart.body());
        assertEquals("{\"items\":2}", cart.body());
        HttpResponse<String> notACart = SERVER.send(HttpRequest.newBuilder(SERVER.http("/demo/cart"))
                .POST(HttpRequest.BodyPublishers.ofString("[1,2]"))
                .build());
        assertEquals(400, notACart.statusCode());
        assertTrue(notACart.body().contains("expected {\\\"items\\\":[...]}"), notACart.body());
    }

    @Test
    void shouldRefuseATagOfAnotherShapeNamingWhatIsAllowed() throws Exception {
        HttpResponse<String> answer = get("/calibrate?tag=a%20b");
        assertEquals(400, answer.statusCode());
        assertTrue(answer.body().contains("letters, digits"), answer.body());
        assertFalse(counts().has("a b"));
    }

    @Test
    void shouldNotCountTheCountsThemselves() throws Exception {
        long before = SERVER.get().metrics().requests(ServerMetrics.Protocol.HTTP_1_1);
        counts();
        counts();
        assertEquals(before, SERVER.get().metrics().requests(ServerMetrics.Protocol.HTTP_1_1));
    }
}
