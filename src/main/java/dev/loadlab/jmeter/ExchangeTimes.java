package dev.loadlab.jmeter;

import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.client.Response;

/**
 * The two moments JMeter reports besides the total: when the request got its connection (connect time:
 * TCP, TLS and the HTTP/2 preface for a new connection, about zero for a reused one) and when the response
 * head arrived (latency, time to first byte). Written on Jetty's threads, read by the sampler thread after
 * the response future completed (which orders the writes before the reads).
 */
final class ExchangeTimes implements Request.BeginListener, Response.BeginListener {
    private final long startNanos = System.nanoTime();
    private volatile long connectedNanos;
    private volatile long firstByteNanos;

    static ExchangeTimes attachTo(Request request) {
        ExchangeTimes times = new ExchangeTimes();
        request.onRequestBegin(times).onResponseBegin(times);
        return times;
    }

    @Override
    public void onBegin(Request request) {
        connectedNanos = System.nanoTime();
    }

    @Override
    public void onBegin(Response response) {
        firstByteNanos = System.nanoTime();
    }

    /** Milliseconds from the start to the connection, or -1 when the request never got one. */
    long connectMillis() {
        return millisSinceStart(connectedNanos);
    }

    /** Milliseconds from the start to the response head, or -1 when none arrived. */
    long latencyMillis() {
        return millisSinceStart(firstByteNanos);
    }

    private long millisSinceStart(long nanos) {
        return nanos == 0 ? -1 : Math.round((nanos - startNanos) / 1_000_000.0);
    }
}
