package dev.loadlab.steps.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.loadlab.settings.Settings;
import dev.loadlab.studies.latency.LatencyKnobs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Against a target that is not ours: the JDK's own HTTP server, serving only the API-gateway and latency studies'
 * paths, and a GraphQL-like route that answers only a POST with a document and a CSRF-preventing header, as Apollo's.
 */
class ContractCheckTest {
    /** The ab study's router, byte for byte: string ids, 60 bytes. */
    private static final String STUDY_FOO = "{\"foo_id\": \"2\", \"bar_id\": \"3\", \"message\": \"all bars by foo\"}";

    private static HttpServer target;
    private static String url;
    private static volatile String lastAuthorization;
    /** Every path the target was asked, in order. */
    private static final List<String> asked = new CopyOnWriteArrayList<>();
    /** What the GraphQL route was last sent: method, path and query, CSRF header and body. */
    private static volatile String graphqlSent;

    @BeforeAll
    static void start() throws IOException {
        target = JdkTargets.onLoopback();
        target.createContext("/graphql", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            String preflight = exchange.getRequestHeaders().getFirst("apollo-require-preflight");
            graphqlSent = exchange.getRequestMethod() + " " + exchange.getRequestURI() + " " + preflight + " " + body;
            boolean answered = exchange.getRequestMethod().equals("POST") && preflight != null && body.contains("{");
            JdkTargets.answer(
                    exchange, answered ? 200 : 400, answered ? "{\"data\":{}}" : "blocked as a potential CSRF");
        });
        target.createContext("/", exchange -> {
            lastAuthorization = exchange.getRequestHeaders().getFirst("Authorization");
            String path = exchange.getRequestURI().getPath();
            asked.add(path);
            String body = switch (path) {
                case "/users/getAllUsers" -> "[{\"id\":1}]";
                case "/foo/2/bar/3" -> STUDY_FOO;
                default -> null;
            };
            JdkTargets.answer(exchange, body == null ? 404 : 200, body == null ? "not here" : body);
        });
        target.start();
        url = JdkTargets.url(target);
    }

    @AfterAll
    static void stop() {
        target.stop(0);
    }

    @Test
    void shouldPassTheExperimentsWhosePathsTheTargetServesWithTheStudysStringIds() throws Exception {
        assertEquals(Optional.empty(), check(Map.of("experiments", "api-gateway,latency")));
    }

    @Test
    void shouldStopOnAPathThatAnswers404NamingTheExperimentThePathAndTheAnswer() throws Exception {
        String line = check(Map.of("experiments", "api-gateway,odata-write")).orElseThrow();

        assertTrue(
                line.startsWith("experiment odata-write: GET " + url + "/odata/v4/load/")
                        && line.contains("/$count answered 404"),
                line);
        assertTrue(line.contains("'not here'") && line.contains("-Dexperiments="), line);
        assertEquals(1, line.lines().count());
    }

    @Test
    void shouldStopWhenTheIdsAreNotOfTheTypeTheSettingNames() throws Exception {
        String line = check(Map.of("experiments", "latency", "latency.idType", "number"))
                .orElseThrow();

        assertTrue(
                line.contains("wrong answer: foo_id is not the JSON number 2 (-Dlatency.idType=number; allowed"), line);
        assertEquals(Optional.empty(), check(Map.of("experiments", "latency", "latency.idType", "none")));
    }

    @Test
    void shouldNotAskTheLatencyPathWhenTheColdRunWillLoadThisTargetFirst() throws Exception {
        asked.clear();
        Settings s = Settings.of(Map.of("experiments", "api-gateway,latency", "latency.idType", "number"));

        // the ids would not pass as numbers: had the path been asked, this would be a problem
        assertEquals(Optional.empty(), ContractCheck.firstProblem(s, url, Set.of("latency")));
        assertFalse(asked.contains("/foo/2/bar/3"), asked.toString());
        assertTrue(asked.contains("/users/getAllUsers"), "the other experiments are still checked: " + asked);
        List<String> lines = ContractCheck.notAsked(s, Map.of("latency", "latency.coldRun"));
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(
                lines.get(0).contains("/foo/2/bar/3 not asked") && lines.get(0).contains("latency.coldRun"),
                lines.get(0));
    }

    @Test
    void shouldAskTheLatencyPathWhereTheColdRunGoesElsewhere() throws Exception {
        asked.clear();
        Settings s = Settings.of(Map.of("experiments", "latency"));

        assertEquals(Optional.empty(), ContractCheck.firstProblem(s, url, Set.of()));
        assertEquals(List.of("/foo/2/bar/3"), asked);
        assertEquals(List.of(), ContractCheck.notAsked(s, Map.of()));
    }

    @Test
    void shouldFillTheLatencyRouteTemplateFromTheIds() {
        Settings s = Settings.of(Map.of("latency.path", "/v1/foo/{fooId}/bars/{barId}", "latency.fooId", "7"));

        assertEquals("/v1/foo/7/bars/3", LatencyKnobs.latencyPath(s));
    }

    @Test
    void shouldSendTheTargetsAuthorizationFromTheEnvironment() throws Exception {
        Settings s = Settings.of(
                Map.of("experiments", "api-gateway", "target.auth", "bearer"), Map.of("LOADLAB_TARGET_TOKEN", "t0k"));

        assertEquals(Optional.empty(), ContractCheck.firstProblem(s, url, Set.of()));
        assertEquals("Bearer t0k", lastAuthorization);
    }

    @Test
    void shouldSendTheGatewaysMethodBodyAndHeadersAsItsLoadWillAtTheSmallestAnswerAndNoLatency() throws Exception {
        Map<String, String> graphql = Map.of(
                "experiments", "gateway-capacity",
                "gateway.path", "/graphql",
                "gateway.sizeParam", "none",
                "gateway.latencyParam", "none",
                "gateway.method", "POST",
                "gateway.body", "{\"variables\":{\"kb\":{payloadKb},\"ms\":{latencyMs}}}",
                "gateway.headers", "apollo-require-preflight: true");

        assertEquals(Optional.empty(), check(graphql));
        assertEquals("POST /graphql true {\"variables\":{\"kb\":1,\"ms\":0}}", graphqlSent);
    }

    @Test
    void shouldNameTheMethodOfAGatewayRequestTheTargetRefuses() throws Exception {
        String line = check(Map.of("experiments", "gateway-capacity", "gateway.path", "/graphql"))
                .orElseThrow();

        assertTrue(
                line.startsWith("experiment gateway-capacity: GET " + url + "/graphql?kb=1&latencyMs=0 answered 400"),
                line);
    }

    private static Optional<String> check(Map<String, String> values) throws InterruptedException {
        return ContractCheck.firstProblem(Settings.of(new HashMap<>(values)), url, Set.of());
    }
}
