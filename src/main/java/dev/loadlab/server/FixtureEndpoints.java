package dev.loadlab.server;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/** The read-only shapes of the API-gateway and ApacheBench studies, plus health and metrics. */
final class FixtureEndpoints {
    /** The ab study's route behind its REST API ... */
    static final String FOO_PREFIX = "/foo/";
    /** ... and behind its HTTP API: the same answer with that API's headers. */
    static final String HTTP_API_FOO_PREFIX = "/http-api/foo/";

    private static final String BAR = "/bar/";
    private static final char[] HEX = "0123456789abcdef".toCharArray();
    private static final char[] ID_CHARS =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".toCharArray();
    /** About 2.2 KB, like the API-gateway study's user list. */
    static final int USER_COUNT = 18;

    private final Replies replies;
    private final ServerMetrics metrics;
    /** Built once; every response writes a read-only view of it, so the hot path allocates no body. */
    private final ByteBuffer users = Replies.constant(usersJson().getBytes(StandardCharsets.UTF_8));

    private final ByteBuffer health = Replies.constant("{\"status\":\"UP\"}".getBytes(StandardCharsets.UTF_8));

    private final int fooDelayMs;
    private final Workers usersWorkers;

    FixtureEndpoints(Replies replies, ServerMetrics metrics, int fooDelayMs, Workers usersWorkers) {
        this.replies = replies;
        this.metrics = metrics;
        this.fooDelayMs = fooDelayMs;
        this.usersWorkers = usersWorkers;
    }

    /** The API-gateway study's user list, served by the route's workers (server.usersWorkers). */
    void users(Request request, Response response, Callback callback) {
        usersWorkers.serve(request, () -> replies.send(response, callback, 200, Replies.JSON, users.slice()));
    }

    /**
     * {@code /foo/{fooId}/bar/{barId}} answered as the ab study's router does: its path parameters echoed as JSON
     * strings, in Python's json.dumps layout (a space after each colon and comma), so /foo/2/bar/3 is the study's
     * 60-byte document. The answer leaves server.fooDelayMs (the study's backend time) after the request arrived,
     * holding no thread. Ids are letters, digits, '-' or '_'; any other shape under /foo/ is a 404. It carries the
     * headers API Gateway's REST API adds (a request id, the gateway's id, a trace id): 327 bytes with the body, 346
     * with the {@code Connection: close} Jetty adds where the client asked for it, the study's ab counted 346;
     * {@link #httpApiFooBar} with those of its HTTP API (203 and 222 bytes; the study: 231).
     */
    void restApiFooBar(Request request, Response response, Callback callback) {
        HttpFields.Mutable headers = response.getHeaders();
        headers.put(
                "x-amzn-RequestId",
                randomHex(8) + '-' + randomHex(4) + '-' + randomHex(4) + '-' + randomHex(4) + '-' + randomHex(12));
        headers.put("x-amz-apigw-id", randomId(15) + '=');
        headers.put("X-Amzn-Trace-Id", "Root=1-" + randomHex(8) + '-' + randomHex(24) + ";Sampled=0");
        fooBar(FOO_PREFIX, request, response, callback);
    }

    void httpApiFooBar(Request request, Response response, Callback callback) {
        response.getHeaders().put("Apigw-Requestid", randomId(15) + '=');
        fooBar(HTTP_API_FOO_PREFIX, request, response, callback);
    }

    private void fooBar(String prefix, Request request, Response response, Callback callback) {
        String path = Request.getPathInContext(request);
        int bar = path.indexOf(BAR, prefix.length());
        String fooId = bar < 0 ? "" : path.substring(prefix.length(), bar);
        String barId = bar < 0 ? "" : path.substring(bar + BAR.length());
        if (!isPathId(fooId) || !isPathId(barId)) {
            throw HttpFailure.notFound(
                    path + " (expected " + prefix + "{fooId}/bar/{barId}, ids of letters, digits, - or _)");
        }
        String body = fooBarJson(fooId, barId);
        Holds.answerAfter(request, fooDelayMs, () -> replies.json(response, callback, 200, body));
    }

    /** Ids of the gateways' shapes; random enough to be unlike each other, cheap enough for the hot path. */
    private static String randomHex(int length) {
        return random(HEX, length);
    }

    private static String randomId(int length) {
        return random(ID_CHARS, length);
    }

    private static String random(char[] alphabet, int length) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        char[] out = new char[length];
        for (int i = 0; i < length; i++) {
            out[i] = alphabet[random.nextInt(alphabet.length)];
        }
        return new String(out);
    }

    /** The study's body, byte for byte what its Python router sends. */
    static String fooBarJson(String fooId, String barId) {
        return "{\"foo_id\": \"" + fooId + "\", \"bar_id\": \"" + barId + "\", \"message\": \"all bars by foo\"}";
    }

    void health(Request request, Response response, Callback callback) {
        replies.send(response, callback, 200, Replies.JSON, health.slice());
    }

    void metrics(Request request, Response response, Callback callback) {
        replies.json(response, callback, 200, metrics.toJson());
    }

    /** Safe to echo inside a JSON string without escaping, and short. */
    private static boolean isPathId(String s) {
        if (s.isEmpty() || s.length() > 64) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean ok =
                    (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' || c == '_';
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    static String usersJson() {
        String[] roles = {"admin", "editor", "viewer"};
        StringBuilder json = new StringBuilder("[");
        for (int i = 1; i <= USER_COUNT; i++) {
            json.append(i == 1 ? "" : ",")
                    .append("{\"id\":")
                    .append(i)
                    .append(",\"name\":\"User ")
                    .append(i)
                    .append('"')
                    .append(",\"email\":\"user")
                    .append(i)
                    .append("@example.com\"")
                    .append(",\"role\":\"")
                    .append(roles[i % roles.length])
                    .append('"')
                    .append(",\"active\":")
                    .append(i % 4 != 0)
                    .append(",\"createdAt\":\"2024-01-")
                    .append(String.format("%02d", i))
                    .append("T08:00:00Z\"}");
        }
        return json.append(']').toString();
    }
}
