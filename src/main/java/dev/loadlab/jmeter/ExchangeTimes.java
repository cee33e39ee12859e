package dev.loadlab.jmeter;

import org.apache.jmeter.samplers.SampleResult;

/**
 * The two moments JMeter reports besides the total, taken on the sample's own clock so that connect time <=
 * latency <= elapsed always holds: when the thread had its connection (TCP, TLS and the HTTP/2 preface when
 * a new connection was opened; a reused one reports 0) and when the response head arrived (latency, time to
 * first byte). The response moment is taken on Jetty's thread before the response future completes, which
 * orders it before the sampler thread reads the result; a late callback (after a timeout) is ignored.
 */
final class ExchangeTimes {
    private final SampleResult result;
    private final long startNanos = System.nanoTime();
    private volatile boolean finished;

    ExchangeTimes(SampleResult result) {
        this.result = result;
    }

    /** The sampler thread opened a new connection for this sample. */
    void connected() {
        result.connectEnd();
    }

    /** The response head (status and headers) arrived. */
    void responseBegan() {
        if (!finished) {
            result.latencyEnd();
        }
    }

    /** The sample is over: later callbacks must not touch its result. */
    void finish() {
        finished = true;
    }

    /** What is left of a whole-exchange timeout (connect included), at least 1 ms. */
    long remainingMillis(long timeoutMs) {
        return Math.max(1, timeoutMs - (System.nanoTime() - startNanos) / 1_000_000);
    }
}
