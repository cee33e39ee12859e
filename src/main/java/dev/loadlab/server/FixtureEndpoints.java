package dev.loadlab.server;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/** The read-only shapes of the API-gateway and ApacheBench studies, plus health and metrics. */
final class FixtureEndpoints {
    static final String FOO_PREFIX = "/foo/";
    private static final String BAR = "/bar/";
    /** About 2.2 KB, like the API-gateway study's user list. */
    static final int USER_COUNT = 18;

    private final Replies replies;
    private final ServerMetrics metrics;
    /** Built once; every response writes a read-only view of it, so the hot path allocates no body. */
    private final ByteBuffer users =
            ByteBuffer.wrap(usersJson().getBytes(StandardCharsets.UTF_8)).asReadOnlyBuffer();

    private final ByteBuffer health = ByteBuffer.wrap("{\"status\":\"UP\"}".getBytes(StandardCharsets.UTF_8))
            .asReadOnlyBuffer();

    FixtureEndpoints(Replies replies, ServerMetrics metrics) {
        this.replies = replies;
        this.metrics = metrics;
    }

    void users(Request request, Response response, Callback callback) {
        replies.send(response, callback, 200, Replies.JSON, users.slice());
    }

    /** {@code /foo/{fooId}/bar/{barId}} with whole-number ids; any other shape under /foo/ is a 404. */
    void fooBar(Request request, Response response, Callback callback) {
        String path = Request.getPathInContext(request);
        int bar = path.indexOf(BAR, FOO_PREFIX.length());
        String fooId = bar < 0 ? "" : path.substring(FOO_PREFIX.length(), bar);
        String barId = bar < 0 ? "" : path.substring(bar + BAR.length());
        if (!isWholeNumber(fooId) || !isWholeNumber(barId)) {
            throw HttpFailure.notFound(path + " (expected /foo/{fooId}/bar/{barId} with whole-number ids)");
        }
        replies.json(
                response,
                callback,
                200,
                // the ab study's router, byte for byte: string ids, 60 bytes for /foo/2/bar/3
                "{\"foo_id\": \"" + fooId + "\", \"bar_id\": \"" + barId + "\", \"message\": \"all bars by foo\"}");
    }

    void health(Request request, Response response, Callback callback) {
        replies.send(response, callback, 200, Replies.JSON, health.slice());
    }

    void metrics(Request request, Response response, Callback callback) {
        replies.json(response, callback, 200, metrics.toJson());
    }

    private static boolean isWholeNumber(String s) {
        if (s.isEmpty() || s.length() > 18) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
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
