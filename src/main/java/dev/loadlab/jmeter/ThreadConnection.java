package dev.loadlab.jmeter;

import dev.loadlab.settings.Protocol;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.jmeter.samplers.SampleResult;

/**
 * The connection of one JMeter thread: opened on its first sample, reused by every later one (as a browser
 * keeps its connection), opened again only when the server or an error closed it, closed when the thread
 * ends. A thread sends one request at a time, so the byte counters of its connection, read around a sample,
 * are what that sample cost on the wire (HTTP/2 frames and HPACK-compressed headers included, TLS excluded).
 * The sample's flow is here; {@link Http2Connection} and {@link Http1Connection} connect and exchange.
 */
abstract class ThreadConnection {
    /** A response body larger than this fails the sample instead of filling the injector's heap. */
    static final int MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

    final Protocol protocol;
    final String trustedCertificate;
    /** The Jetty clients this connection's protocol shares among threads. */
    final SharedClients.Shared client;
    /** The HTTP-level connection whose byte counters the samples read; null while none is open. */
    protected org.eclipse.jetty.io.Connection counted;

    ThreadConnection(Protocol protocol, SharedClients.Shared client, String trustedCertificate) {
        this.protocol = protocol;
        this.client = client;
        this.trustedCertificate = trustedCertificate;
    }

    /** @throws IllegalArgumentException naming {@code trustedCertificate} when the file cannot be used */
    static ThreadConnection of(Protocol protocol, String trustedCertificate) {
        SharedClients.Shared client = SharedClients.of(protocol, trustedCertificate);
        return protocol == Protocol.HTTP2
                ? new Http2Connection(client, trustedCertificate)
                : new Http1Connection(client, trustedCertificate);
    }

    /**
     * The thread's open connection to the request's origin, opened now when there is none.
     *
     * @return true when a new connection was opened (its time is the sample's connect time)
     */
    abstract boolean ensureOpen(RequestSpec spec, long timeoutMs)
            throws InterruptedException, ExecutionException, TimeoutException;

    /** Sends the request on the open connection; the future completes with the whole response. */
    abstract CompletableFuture<ReceivedResponse> send(RequestSpec spec, ExchangeTimes times);

    /** Gives up the request in flight, if any; true when there was one. */
    abstract boolean abort(Throwable reason);

    abstract void close();

    /** Sends one request and fills {@code result} (times, outcome, bytes); a failed connection is closed. */
    final void sample(RequestSpec spec, SampleResult result) {
        result.sampleStart();
        ExchangeTimes times = new ExchangeTimes(result);
        long bytesInBefore = 0;
        long bytesOutBefore = 0;
        boolean failed = true;
        try {
            if (ensureOpen(spec, spec.timeoutMs)) {
                times.connected(); // a new connection: its bytes (HTTP/2 preface, settings) count for this sample
            } else {
                bytesInBefore = bytesIn();
                bytesOutBefore = bytesOut();
            }
            ReceivedResponse response =
                    send(spec, times).get(times.remainingMillis(spec.timeoutMs), TimeUnit.MILLISECONDS);
            result.sampleEnd();
            SampleOutcome.response(result, response);
            failed = false;
        } catch (ExecutionException e) {
            result.sampleEnd();
            SampleOutcome.failure(result, e.getCause() == null ? e : e.getCause());
        } catch (TimeoutException e) {
            abort(e);
            result.sampleEnd();
            SampleOutcome.failure(result, e);
        } catch (InterruptedException e) {
            abort(e);
            result.sampleEnd();
            SampleOutcome.failure(result, e);
            Thread.currentThread().interrupt();
        } finally {
            times.finish();
        }
        result.setSentBytes(Math.max(0, bytesOut() - bytesOutBefore));
        result.setBytes(Math.max(0, bytesIn() - bytesInBefore));
        if (failed) {
            close();
        }
    }

    private long bytesIn() {
        return counted == null ? 0 : Math.max(0, counted.getBytesIn());
    }

    private long bytesOut() {
        return counted == null ? 0 : Math.max(0, counted.getBytesOut());
    }
}
