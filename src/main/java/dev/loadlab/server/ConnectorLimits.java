package dev.loadlab.server;

import com.sun.management.UnixOperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import org.eclipse.jetty.http2.server.AbstractHTTP2ServerConnectionFactory;
import org.eclipse.jetty.server.ConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts the overload limits ({@link LimitSettings}) on the server's connectors: idle and head deadlines, the
 * connection cap with its accept queue, and HTTP/2's stream count and flow-control windows. The in-flight cap
 * (503) stays in {@link Router}, the body budget (503) in {@link BodyBudget}, the body rate (408) in
 * {@link JsonBodies}.
 */
final class ConnectorLimits {
    private static final Logger LOG = LoggerFactory.getLogger(ConnectorLimits.class);
    /** Descriptors the JVM needs besides connections: jars, the database's files and sockets, logs. */
    private static final long DESCRIPTORS_BESIDES_CONNECTIONS = 256;
    /** How long a stop waits for an idle connection: time enough for an answer on its way out, no more. */
    private static final long SHUTDOWN_IDLE_MS = 100;

    private ConnectorLimits() {}

    /**
     * Adds the ports to the server, each closing a kept-alive connection with nothing in flight at once when the server
     * stops: Jetty's default (1 s) held every stop, each build's and each test's, on a client's pooled connection (the
     * build's own count's, or a poll of the admin port's).
     */
    static void addQuicklyStopped(Server server, ServerConnector... ports) {
        for (ServerConnector port : ports) {
            port.setShutdownIdleTimeout(SHUTDOWN_IDLE_MS);
            server.addConnector(port);
        }
    }

    static void apply(Server server, LimitSettings limits, ServerMetrics metrics, ServerConnector... connectors) {
        RequestHeadDeadline heads = new RequestHeadDeadline(limits.headerTimeoutMs(), metrics);
        server.addBean(heads);
        for (ServerConnector connector : connectors) {
            connector.setIdleTimeout(limits.idleTimeoutMs());
            connector.setAcceptQueueSize(limits.acceptQueue());
            connector.addBean(heads);
            for (ConnectionFactory factory : connector.getConnectionFactories()) {
                if (factory instanceof AbstractHTTP2ServerConnectionFactory h2) {
                    limitHttp2(h2, limits);
                }
            }
        }
        // At the cap both ports stop accepting; the kernel queues newcomers (acceptQueue) instead of the heap.
        server.addBean(new NetworkConnectionLimit(limits.maxConnections(), connectors));
        warnAboveDescriptorLimit(limits.maxConnections());
    }

    /**
     * A client that opens streams and never reads their answers holds, per connection, at most this many streams,
     * each for at most the idle timeout; what it may send unread is capped by the receive windows.
     */
    private static void limitHttp2(AbstractHTTP2ServerConnectionFactory h2, LimitSettings limits) {
        h2.setMaxConcurrentStreams(limits.h2MaxStreams());
        h2.setInitialStreamRecvWindow(limits.h2StreamWindowKb() * 1024);
        h2.setInitialSessionRecvWindow(Math.max(limits.h2SessionWindowKb(), limits.h2StreamWindowKb()) * 1024);
        h2.setStreamIdleTimeout(limits.idleTimeoutMs());
    }

    /** Past `ulimit -n` accept() fails with EMFILE and Jetty retries in a loop: say so while it can still be fixed. */
    private static void warnAboveDescriptorLimit(int maxConnections) {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean os) {
            long limit = os.getMaxFileDescriptorCount();
            if (maxConnections + DESCRIPTORS_BESIDES_CONNECTIONS > limit) {
                LOG.warn(
                        "server.maxConnections={} is above what this process may open (ulimit -n {}): lower it, or"
                                + " raise the limit, or past about {} connections accepts fail instead of queueing",
                        maxConnections,
                        limit,
                        limit - DESCRIPTORS_BESIDES_CONNECTIONS);
            }
        }
    }
}
