package dev.loadlab.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The gateway study's subgraph as a gateway meets it: federation's _service for composing, the payload query with
 * its variables, a wrong field refused by the engine, and its own time of each payload answer.
 */
class SubgraphEndpointTest {
    @RegisterExtension
    static final RunningServer SERVER = new RunningServer();

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PAYLOAD =
            "query P($kb: Int!, $ms: Int!) { payload(kb: $kb, latencyMs: $ms) { id text } }";

    private static HttpResponse<String> graphql(String query, String variables) throws Exception {
        String body = JSON.writeValueAsString(
                JSON.createObjectNode().put("query", query).set("variables", JSON.readTree(variables)));
        return SERVER.send(HttpRequest.newBuilder(SERVER.http(SubgraphEndpoint.PATH))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build());
    }

    @Test
    void shouldGiveAGatewayItsSchemaThroughFederationsService() throws Exception {
        JsonNode answer = JSON.readTree(graphql("query __ApolloGetServiceDefinition__ { _service { sdl } }", "{}")
                .body());

        assertEquals(SubgraphEndpoint.SDL, answer.at("/data/_service/sdl").asText());
        assertFalse(answer.has("errors"), answer.toString());
    }

    @Test
    void shouldAnswerThePayloadAfterTheLatencyAndTimeTheAnswerItself() throws Exception {
        long sent = System.nanoTime();
        HttpResponse<String> response = graphql(PAYLOAD, "{\"kb\": 100, \"ms\": 150}");
        double tookMs = (System.nanoTime() - sent) / 1e6;

        assertEquals(200, response.statusCode());
        JsonNode items = JSON.readTree(response.body()).at("/data/payload");
        assertEquals(100, items.size());
        assertEquals(99, items.get(99).get("id").asInt());
        // the study's 100 KB: within a tenth of 102,400 bytes, as the gateway study's answer check wants it
        assertTrue(
                Math.abs(response.body().length() - 102_400) < 10_240,
                response.body().length() + " bytes");
        assertTrue(tookMs >= 150, tookMs + " ms");
        List<String> times = List.of(SERVER.send(
                        HttpRequest.newBuilder(SERVER.http(AnswerTimes.PATH)).build())
                .body()
                .split("\n"));
        String[] last = times.get(times.size() - 1).split(",");
        double ownMs = Double.parseDouble(last[1]);
        assertEquals("endEpochMs,ms", times.get(0));
        // the subgraph's clock stops when its write completes, which it may learn after the client has read the answer
        // (a build's run read 300.8 ms against the client's 300.2): a few ms of slack, not more
        assertTrue(
                ownMs >= 150 && ownMs <= tookMs + 5, "the subgraph's own " + ownMs + " ms of the client's " + tookMs);
        assertTrue(Math.abs(Long.parseLong(last[0]) - System.currentTimeMillis()) < 10_000, last[0]);
    }

    @Test
    void shouldRefuseAFieldTheSchemaDoesNotHaveAsAGraphqlErrorWithoutTimingIt() throws Exception {
        String before = SERVER.send(
                        HttpRequest.newBuilder(SERVER.http(AnswerTimes.PATH)).build())
                .body();
        JsonNode answer = JSON.readTree(
                graphql("{ payload(kb: 1, latencyMs: 0) { txt } }", "{}").body());

        assertTrue(answer.at("/errors/0/message").asText().contains("'txt'"), answer.toString());
        assertFalse(answer.has("data") && !answer.get("data").isNull(), answer.toString());
        assertEquals(
                before,
                SERVER.send(HttpRequest.newBuilder(SERVER.http(AnswerTimes.PATH))
                                .build())
                        .body());
    }

    @Test
    void shouldRefuseABodyThatIsNoGraphqlRequest() throws Exception {
        HttpResponse<String> response = SERVER.send(HttpRequest.newBuilder(SERVER.http(SubgraphEndpoint.PATH))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"q\": 1}"))
                .build());

        assertEquals(400, response.statusCode());
        assertTrue(response.body().contains("a GraphQL request is a JSON object with a query"), response.body());
    }
}
