package dev.loadlab.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import graphql.ExecutionInput;
import graphql.ExecutionResult;
import graphql.GraphQL;
import graphql.schema.idl.RuntimeWiring;
import graphql.schema.idl.SchemaGenerator;
import graphql.schema.idl.SchemaParser;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * The gateway study's subgraph, for a real gateway in front of it (Apollo Gateway: scripts/apollo-gateway.mjs).
 * {@code POST /graphql}, answered by a GraphQL engine (graphql-java): federation's {@code _service { sdl }}, from which
 * the gateway composes its supergraph, and the query of scripts/graphql-target.mjs, {@code payload(kb, latencyMs)}:
 * kb items of about 1 KB each, answered latencyMs after the request arrived without holding a thread. It times each
 * payload answer itself ({@link AnswerTimes}): the study's subgraph P95, where no Server-Timing carries it.
 */
final class SubgraphEndpoint {
    static final String PATH = "/graphql";

    /** The subgraph as it reports itself to the gateway (a federation 1 subgraph: no link to a federation spec). */
    static final String SDL = """
            type Item { id: Int!, text: String! }
            type Query {
              "kb items of about 1 KB each, after latencyMs: the study's 100 KB answer and synthetic upstream latency"
              payload(kb: Int!, latencyMs: Int!): [Item!]!
            }
            """;

    private static final String SERVICE = "type _Service { sdl: String }\nextend type Query { _service: _Service! }\n";
    private static final String TEXT = "x".repeat(1000); // with its id and JSON punctuation an item is about 1 KB

    private final ObjectMapper json = new ObjectMapper();
    private final Replies replies;
    private final JsonBodies bodies;
    private final AnswerTimes times = new AnswerTimes();
    private final Map<Integer, List<Map<String, Object>>> items = new ConcurrentHashMap<>();
    /** Built at the first request, not at the server's start: few runs ask it, and the engine takes its time to load. */
    private volatile GraphQL graphql;

    SubgraphEndpoint(Replies replies, ServerSettings settings) {
        this.replies = replies;
        this.bodies =
                new JsonBodies(json, settings.maxBodyBytes(), settings.limits().minBodyBytesPerSecond());
    }

    /** The engine, built once: a lock only until it is, not on every request. */
    private GraphQL engine() {
        GraphQL built = graphql;
        if (built != null) {
            return built;
        }
        synchronized (this) {
            if (graphql == null) {
                graphql = build();
            }
            return graphql;
        }
    }

    private GraphQL build() {
        RuntimeWiring wiring = RuntimeWiring.newRuntimeWiring()
                .type(
                        "Query",
                        q -> q.dataFetcher("payload", this::payload).dataFetcher("_service", env -> Map.of("sdl", SDL)))
                .build();
        return GraphQL.newGraphQL(
                        new SchemaGenerator().makeExecutableSchema(new SchemaParser().parse(SDL + SERVICE), wiring))
                .build();
    }

    /** {@code POST /graphql}: {@code {"query": ..., "variables": {...}, "operationName": ...}} as GraphQL over HTTP. */
    void handle(Request request, Response response, Callback callback) {
        JsonNode body = bodies.read(request);
        if (!body.path("query").isTextual()) {
            throw HttpFailure.badRequest("a GraphQL request is a JSON object with a query");
        }
        ExecutionInput input = ExecutionInput.newExecutionInput(
                        body.get("query").asText())
                .operationName(
                        body.path("operationName").isTextual()
                                ? body.get("operationName").asText()
                                : null)
                .variables(
                        body.path("variables").isObject()
                                ? json.convertValue(body.get("variables"), Map.class)
                                : Map.of())
                .graphQLContext(Map.of(Request.class, request))
                .build();
        engine().executeAsync(input)
                .whenComplete((result, failure) -> answer(request, response, callback, result, failure));
    }

    /** {@code GET /loadlab/answers}: the payload answers' own times. */
    void answers(Request request, Response response, Callback callback) {
        replies.send(
                response,
                callback,
                200,
                Replies.TEXT,
                ByteBuffer.wrap(times.csv().getBytes(StandardCharsets.UTF_8)));
    }

    private void answer(
            Request request, Response response, Callback callback, ExecutionResult result, Throwable failure) {
        byte[] body;
        try {
            if (failure != null) {
                throw failure;
            }
            body = json.writeValueAsBytes(result.toSpecification());
        } catch (Throwable t) {
            replies.error(response, callback, 500, "the subgraph could not answer: " + t);
            return;
        }
        boolean timed = result.getData() instanceof Map<?, ?> data && data.containsKey("payload");
        Callback done = !timed
                ? callback
                : Callback.from(
                        callback,
                        () -> times.add(System.currentTimeMillis(), System.nanoTime() - request.getBeginNanoTime()));
        replies.send(response, done, 200, Replies.JSON, ByteBuffer.wrap(body));
    }

    private CompletableFuture<List<Map<String, Object>>> payload(graphql.schema.DataFetchingEnvironment env) {
        int kb = env.<Integer>getArgument("kb");
        int latencyMs = env.<Integer>getArgument("latencyMs");
        if (kb < 0 || kb > PayloadEndpoints.MAX_KB || latencyMs < 0 || latencyMs > PayloadEndpoints.MAX_LATENCY_MS) {
            throw new IllegalArgumentException(
                    "kb is 0 to " + PayloadEndpoints.MAX_KB + " and latencyMs 0 to " + PayloadEndpoints.MAX_LATENCY_MS);
        }
        CompletableFuture<List<Map<String, Object>>> answer = new CompletableFuture<>();
        Request request = env.getGraphQlContext().get(Request.class);
        Holds.answerAfter(request, latencyMs, () -> answer.complete(items(kb)));
        return answer;
    }

    /** The answer's items; a study asks a handful of sizes, which are kept, anything beyond is built per request. */
    private List<Map<String, Object>> items(int kb) {
        List<Map<String, Object>> kept = items.get(kb);
        if (kept != null) {
            return kept;
        }
        List<Map<String, Object>> out = new ArrayList<>(kb);
        for (int id = 0; id < kb; id++) {
            out.add(Map.of("id", id, "text", TEXT));
        }
        List<Map<String, Object>> built = List.copyOf(out);
        if (items.size() < 16) {
            items.put(kb, built);
        }
        return built;
    }
}
