package dev.loadlab.jmeter;

import org.eclipse.jetty.client.Response;

/**
 * The two moments JMeter reports besides the total: when the thread had its connection (connect time: TCP,
 * TLS and the HTTP/2 preface when a new connection was opened, zero for a reused one) and when the response
 * head arrived (latency, time to first byte). The response moment is written on Jetty's thread and read by the
 * sampler thread after the response future completed, which orders the write before the read.
 */
final class ExchangeTimes implements Response.BeginListener {
    private final long startNanos = System.nanoTime();
    private long connectedNanos;
    private volatile long firstByteNanos;

    /** The sampler thread has a connection; call only when it had to open one. */
    void connected() {
        connectedNanos = System.nanoTime();
    }

    @Override
    public void onBegin(Response response) {
        firstByteNanos = System.nanoTime();
    }

    /** Milliseconds from the start to the new connection, 0 for a reused one. */
    long connectMillis() {
        return connectedNanos == 0 ? 0 : millisSinceStart(connectedNanos);
    }

    /** Milliseconds from the start to the response head, or 0 when none arrived. */
    long latencyMillis() {
        return firstByteNanos == 0 ? 0 : millisSinceStart(firstByteNanos);
    }

    /** What is left of a whole-exchange timeout (connect included), at least 1 ms. */
    long remainingMillis(long timeoutMs) {
        return Math.max(1, timeoutMs - (System.nanoTime() - startNanos) / 1_000_000);
    }

    private long millisSinceStart(long nanos) {
        return Math.round((nanos - startNanos) / 1_000_000.0);
    }
}
