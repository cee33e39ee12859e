package dev.loadlab.server;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.PreEncodedHttpField;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/** Every response leaves through here, so status classes are counted once and headers are pre-encoded. */
final class Replies {
    static final HttpField JSON = new PreEncodedHttpField(HttpHeader.CONTENT_TYPE, "application/json");
    static final HttpField TEXT = new PreEncodedHttpField(HttpHeader.CONTENT_TYPE, "text/plain;charset=utf-8");
    static final HttpField RETRY_AFTER = new PreEncodedHttpField(HttpHeader.RETRY_AFTER, "1");

    private final ServerMetrics metrics;

    Replies(ServerMetrics metrics) {
        this.metrics = metrics;
    }

    /** Writes a complete response; {@code body} is consumed, so pass a slice of a shared buffer. */
    void send(Response response, Callback callback, int status, HttpField contentType, ByteBuffer body) {
        metrics.response(status);
        response.setStatus(status);
        HttpFields.Mutable headers = response.getHeaders();
        headers.put(contentType);
        headers.put(HttpHeader.CONTENT_LENGTH, body.remaining());
        response.write(true, body, callback);
    }

    /** Sheds a request the server has no room for: 503 with Retry-After, counted as rejected in /metrics. */
    void shed(Response response, Callback callback, String why) {
        metrics.rejected();
        response.getHeaders().put(RETRY_AFTER);
        error(response, callback, 503, "server busy: " + why + "; retry later");
    }

    /**
     * A body sent again and again: built once, read-only, each answer writing a slice of its own. A heap buffer: direct
     * ones spared the JDK's copy on each socket write but gained no throughput (docs/benchmarks.md).
     */
    static ByteBuffer constant(byte[] body) {
        return ByteBuffer.wrap(body).asReadOnlyBuffer();
    }

    void json(Response response, Callback callback, int status, String json) {
        send(response, callback, status, JSON, ByteBuffer.wrap(json.getBytes(StandardCharsets.UTF_8)));
    }

    /** {@code {"error":{"code":"404","message":"..."}}}, the OData error shape, for every failure. */
    void error(Response response, Callback callback, int status, String message) {
        json(response, callback, status, errorJson(status, message));
    }

    static String errorJson(int status, String message) {
        return "{\"error\":{\"code\":\"" + status + "\",\"message\":\""
                + new String(JsonStringEncoder.getInstance().quoteAsString(message)) + "\"}}";
    }
}
