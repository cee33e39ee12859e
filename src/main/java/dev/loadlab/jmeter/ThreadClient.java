package dev.loadlab.jmeter;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.HttpClientTransport;
import org.eclipse.jetty.client.transport.HttpClientTransportOverHTTP;
import org.eclipse.jetty.http2.client.HTTP2Client;
import org.eclipse.jetty.http2.client.transport.HttpClientTransportOverHTTP2;
import org.eclipse.jetty.io.ClientConnector;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.ssl.SslConnection;

/**
 * The HTTP client of one JMeter thread: its own connection pool, so a virtual user keeps its connection
 * across iterations as a browser would, on the shared selector and threads of {@link SharedIo}.
 *
 * <p>It also counts the bytes its HTTP connections read and write. A thread sends one request at a time, so
 * the difference of the totals around a sample is what that sample cost on the connection (TLS records
 * excluded, as JMeter's own HTTP sampler counts them), HTTP/2 frames and HPACK-compressed headers included.
 */
final class ThreadClient implements Connection.Listener {
    /** Idle connections are kept this long between iterations (think times, slow ramp-ups). */
    private static final long IDLE_TIMEOUT_MS = 60_000;

    final Protocol protocol;
    final String trustedCertificate;
    private final HttpClient client;
    private final Set<Connection> open = ConcurrentHashMap.newKeySet();
    private final AtomicLong closedBytesIn = new AtomicLong();
    private final AtomicLong closedBytesOut = new AtomicLong();

    ThreadClient(Protocol protocol, String trustedCertificate) {
        this.protocol = protocol;
        this.trustedCertificate = trustedCertificate;
        ClientConnector connector = SharedIo.connector(trustedCertificate);
        client = new HttpClient(transport(protocol, connector));
        client.setExecutor(SharedIo.executor());
        client.setScheduler(SharedIo.scheduler());
        client.setByteBufferPool(SharedIo.buffers());
        client.setFollowRedirects(false);
        client.setIdleTimeout(IDLE_TIMEOUT_MS);
        // Like JMeter's own sampler: no Accept-Encoding unless the plan sets it, bytes counted as sent.
        client.getContentDecoderFactories().clear();
        client.addBean(this);
        try {
            client.start();
        } catch (Exception e) {
            throw new IllegalStateException("cannot start the HTTP client: " + e.getMessage(), e);
        }
    }

    private static HttpClientTransport transport(Protocol protocol, ClientConnector connector) {
        if (protocol == Protocol.HTTP_2) {
            // Cleartext: h2c with prior knowledge; TLS: h2 through ALPN.
            return new HttpClientTransportOverHTTP2(new HTTP2Client(connector));
        }
        return new HttpClientTransportOverHTTP(connector);
    }

    HttpClient http() {
        return client;
    }

    long bytesIn() {
        long total = closedBytesIn.get();
        for (Connection connection : open) {
            total += Math.max(0, connection.getBytesIn());
        }
        return total;
    }

    long bytesOut() {
        long total = closedBytesOut.get();
        for (Connection connection : open) {
            total += Math.max(0, connection.getBytesOut());
        }
        return total;
    }

    @Override
    public void onOpened(Connection connection) {
        if (!(connection instanceof SslConnection)) {
            open.add(connection);
        }
    }

    @Override
    public void onClosed(Connection connection) {
        if (open.remove(connection)) {
            closedBytesIn.addAndGet(Math.max(0, connection.getBytesIn()));
            closedBytesOut.addAndGet(Math.max(0, connection.getBytesOut()));
        }
    }

    void stop() {
        try {
            client.stop();
        } catch (Exception e) {
            // Closing connections at thread end: nothing left to measure, nothing to report.
        }
    }
}
