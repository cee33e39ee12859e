package dev.loadlab.server;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.eclipse.jetty.client.BufferingResponseListener;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Result;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;

/**
 * The GraphQL-gateway study's shapes: an upstream that answers N KB after M ms, and a gateway route
 * that forwards to it through a real HTTP client and reports the upstream's share of the time.
 * Neither holds a thread while it waits: the delay is a scheduler task, the forward is asynchronous. The gateway's
 * own CPU per request ({@link GatewayWork}) runs on the server's thread pool.
 */
final class PayloadEndpoints {
    static final int MAX_KB = 10 * 1024;
    static final int MAX_LATENCY_MS = 60_000;
    /** Distinct payload sizes kept ready; a study uses a handful, anything beyond is built per request. */
    private static final int CACHED_SIZES = 64;

    private static final String PREFIX = "{\"data\":\"";
    private static final String SUFFIX = "\"}";

    private final Replies replies;
    private final HttpClient upstreamClient;
    private final Supplier<String> upstreamBase;
    private final long upstreamTimeoutMs;
    private final GatewayWork work;
    private final Map<Integer, ByteBuffer> bodies = new ConcurrentHashMap<>();

    PayloadEndpoints(
            Replies replies,
            HttpClient upstreamClient,
            Supplier<String> upstreamBase,
            long timeoutMs,
            GatewayWork work) {
        this.replies = replies;
        this.upstreamClient = upstreamClient;
        this.upstreamBase = upstreamBase;
        this.upstreamTimeoutMs = timeoutMs;
        this.work = work;
    }

    /** {@code GET /payload?kb=N&latencyMs=M}: a JSON body of exactly N KiB (N >= 1), M ms after the request arrived. */
    void payload(Request request, Response response, Callback callback) {
        Fields query = Request.extractQueryParameters(request);
        int kb = parameter(query, "kb", 1, 0, MAX_KB);
        int latencyMs = parameter(query, "latencyMs", 0, 0, MAX_LATENCY_MS);
        ByteBuffer body = body(kb);
        Holds.answerAfter(request, latencyMs, () -> replies.send(response, callback, 200, Replies.JSON, body));
    }

    /**
     * {@code GET /gateway/payload?...}: forwards the query to the upstream's /payload and says where the time went,
     * in {@code Server-Timing: gateway;dur=<ms>, upstream;dur=<ms>, queue;dur=<ms>}. gateway: from this handler's
     * start to its reply (what the study's supergraph timed); upstream: from the upstream request's first byte on a
     * connection to its answer. Their difference is the time in the gateway: the queue, its wait for one of the
     * client's server.gatewayConnections, and the server.gatewayWork passes over a 200 answer (with their wait for a
     * thread); upstream and queue are left out when the call never got a connection.
     */
    void gateway(Request request, Response response, Callback callback) {
        long arrived = System.nanoTime();
        Fields query = Request.extractQueryParameters(request);
        parameter(query, "kb", 1, 0, MAX_KB); // refuse bad input here, not after a round trip
        parameter(query, "latencyMs", 0, 0, MAX_LATENCY_MS);
        String rawQuery = request.getHttpURI().getQuery();
        String uri = upstreamBase.get() + "/payload" + (rawQuery == null ? "" : "?" + rawQuery);
        AtomicLong upstreamBegan = new AtomicLong();
        upstreamClient
                .newRequest(uri)
                .timeout(upstreamTimeoutMs, TimeUnit.MILLISECONDS)
                .onRequestBegin(r -> upstreamBegan.set(System.nanoTime()))
                .send(new BufferingResponseListener(MAX_KB * 1024 + 64) {
                    @Override
                    public void onComplete(Result result) {
                        long upstreamDone = System.nanoTime();
                        if (result.isFailed()) {
                            response.getHeaders()
                                    .put(
                                            "Server-Timing",
                                            serverTiming(arrived, upstreamBegan.get(), upstreamDone, upstreamDone));
                            Throwable why = result.getFailure();
                            boolean timedOut = why instanceof TimeoutException;
                            replies.error(
                                    response,
                                    callback,
                                    timedOut ? 504 : 502,
                                    "upstream " + uri
                                            + (timedOut
                                                    ? " timed out after " + upstreamTimeoutMs + " ms"
                                                    : " failed: " + why));
                            return;
                        }
                        int status = result.getResponse().getStatus();
                        HttpField type = result.getResponse().getHeaders().getField(HttpHeader.CONTENT_TYPE);
                        Forward forward = new Forward(
                                response,
                                callback,
                                uri,
                                status,
                                type == null ? Replies.JSON : type,
                                arrived,
                                upstreamBegan.get(),
                                upstreamDone);
                        byte[] content = getContent();
                        if (work.isNone() || status != 200) {
                            reply(forward, content);
                        } else {
                            // This callback runs on the client's thread, which also reads other upstream answers:
                            // the passes run on the server's thread pool, where CPU work queues like any handler's.
                            request.getComponents().getExecutor().execute(() -> workThenReply(forward, content));
                        }
                    }
                });
    }

    /** An upstream answer on its way back to the gateway's client, with the times its Server-Timing reports. */
    private record Forward(
            Response response,
            Callback callback,
            String uri,
            int status,
            HttpField type,
            long arrived,
            long upstreamBegan,
            long upstreamDone) {}

    private void workThenReply(Forward f, byte[] upstreamAnswer) {
        byte[] worked;
        try {
            worked = work.apply(upstreamAnswer);
        } catch (IOException | RuntimeException e) {
            timeTo(f, System.nanoTime());
            replies.error(f.response(), f.callback(), 502, "upstream " + f.uri() + " answered 200 with no JSON: " + e);
            return;
        }
        reply(f, worked);
    }

    private void reply(Forward f, byte[] body) {
        timeTo(f, System.nanoTime());
        replies.send(f.response(), f.callback(), f.status(), f.type(), ByteBuffer.wrap(body));
    }

    private static void timeTo(Forward f, long doneNanos) {
        f.response()
                .getHeaders()
                .put("Server-Timing", serverTiming(f.arrived(), f.upstreamBegan(), f.upstreamDone(), doneNanos));
    }

    /**
     * Times in ms with one decimal: the gateway's up to its reply, the upstream's up to its answer (before the work),
     * and the queue's, from the gateway's start to the upstream call's start on a connection (the wait for one of
     * server.gatewayConnections); {@code upstreamBegan} 0: the upstream call never started, only the gateway's.
     */
    static String serverTiming(long arrivedNanos, long upstreamBeganNanos, long upstreamDoneNanos, long doneNanos) {
        String gateway = String.format(Locale.ROOT, "gateway;dur=%.1f", (doneNanos - arrivedNanos) / 1e6);
        return upstreamBeganNanos == 0
                ? gateway
                : gateway
                        + String.format(
                                Locale.ROOT,
                                ", upstream;dur=%.1f, queue;dur=%.1f",
                                (upstreamDoneNanos - upstreamBeganNanos) / 1e6,
                                (upstreamBeganNanos - arrivedNanos) / 1e6);
    }

    private ByteBuffer body(int kb) {
        ByteBuffer cached = bodies.get(kb);
        if (cached == null) {
            cached = build(kb);
            if (bodies.size() < CACHED_SIZES) {
                bodies.putIfAbsent(kb, cached);
            }
        }
        return cached.slice();
    }

    private static ByteBuffer build(int kb) {
        int size = Math.max(kb * 1024, PREFIX.length() + SUFFIX.length());
        byte[] bytes = new byte[size];
        Arrays.fill(bytes, (byte) 'x');
        System.arraycopy(PREFIX.getBytes(StandardCharsets.US_ASCII), 0, bytes, 0, PREFIX.length());
        System.arraycopy(SUFFIX.getBytes(StandardCharsets.US_ASCII), 0, bytes, size - SUFFIX.length(), SUFFIX.length());
        return Replies.constant(bytes);
    }

    static int parameter(Fields query, String name, int fallback, int min, int max) {
        String raw = query.getValue(name);
        if (raw == null) {
            return fallback;
        }
        try {
            int value = Integer.parseInt(raw);
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // answered below with the allowed range
        }
        throw HttpFailure.badRequest(
                "query parameter " + name + "='" + raw + "' is out of range; allowed: " + min + ".." + max);
    }
}
