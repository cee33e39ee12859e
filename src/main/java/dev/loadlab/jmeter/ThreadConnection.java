package dev.loadlab.jmeter;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.eclipse.jetty.client.Connection;
import org.eclipse.jetty.client.Request;

/**
 * The connection of one JMeter thread: opened on its first sample, reused by every later one (as a browser
 * keeps its connection), opened again only when the server or an error closed it, closed when the thread
 * ends. A thread sends one request at a time, so the byte counters of its connection, read around a sample,
 * are what that sample cost on the wire (HTTP/2 frames and HPACK-compressed headers included, TLS excluded).
 */
final class ThreadConnection {
    final Protocol protocol;
    final String trustedCertificate;
    private final SharedClients.Shared client;
    private Connection connection;
    private org.eclipse.jetty.io.Connection counted;

    ThreadConnection(Protocol protocol, String trustedCertificate) {
        this.protocol = protocol;
        this.trustedCertificate = trustedCertificate;
        this.client = SharedClients.of(protocol, trustedCertificate);
    }

    Request newRequest(java.net.URI uri) {
        return client.http().newRequest(uri);
    }

    /**
     * The thread's open connection to the request's origin, opened now when there is none.
     *
     * @return true when a new connection was opened (its time is the sample's connect time)
     */
    boolean ensureOpen(Request request, long timeoutMs) throws InterruptedException, ExecutionException,
            TimeoutException {
        if (connection != null && !connection.isClosed()) {
            return false;
        }
        close();
        connection = client.http().resolveDestination(request).newConnection().get(timeoutMs, TimeUnit.MILLISECONDS);
        counted = client.connections().get(connection.getLocalSocketAddress());
        return true;
    }

    Connection connection() {
        return connection;
    }

    long bytesIn() {
        return counted == null ? 0 : Math.max(0, counted.getBytesIn());
    }

    long bytesOut() {
        return counted == null ? 0 : Math.max(0, counted.getBytesOut());
    }

    void close() {
        if (connection != null) {
            connection.close();
        }
        connection = null;
        counted = null;
    }
}
