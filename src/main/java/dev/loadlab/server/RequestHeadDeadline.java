package dev.loadlab.server;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpParser;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.server.internal.HttpConnection;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.component.AbstractLifeCycle;

/**
 * Answers 408 and closes an HTTP/1.1 connection whose request head has been arriving for longer than
 * server.headerTimeoutMs. Jetty's idle timeout cannot catch a slowloris client: each trickled byte resets it, and
 * Jetty 12 does not enforce HttpConfiguration's minimum data rates. One sweep every quarter of the deadline looks
 * at every open connection's parser, so a head is cut between one and one and a quarter deadlines after it began.
 */
final class RequestHeadDeadline extends AbstractLifeCycle implements Connection.Listener {
    private static final byte[] REQUEST_TIMEOUT = ("HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n"
                    + "Content-Type: text/plain\r\nContent-Length: 47\r\n\r\n"
                    + "request head too slow (server.headerTimeoutMs)\n")
            .getBytes(StandardCharsets.US_ASCII);

    /** The request a connection was seen reading a head of, and since when; one per open HTTP/1.1 connection. */
    private static final class Watch {
        long messagesIn = -1;
        long headSeenNanos;
    }

    private final long deadlineNanos;
    private final ServerMetrics metrics;
    private final Map<HttpConnection, Watch> open = new ConcurrentHashMap<>();
    private ScheduledExecutorService sweeper;

    RequestHeadDeadline(long deadlineMs, ServerMetrics metrics) {
        this.deadlineNanos = TimeUnit.MILLISECONDS.toNanos(deadlineMs);
        this.metrics = metrics;
    }

    @Override
    protected void doStart() {
        sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "loadlab-head-deadline");
            t.setDaemon(true);
            return t;
        });
        long period = Math.max(1, deadlineNanos / 4);
        sweeper.scheduleAtFixedRate(this::sweep, period, period, TimeUnit.NANOSECONDS);
    }

    @Override
    protected void doStop() {
        sweeper.shutdownNow();
        open.clear();
    }

    @Override
    public void onOpened(Connection connection) {
        if (connection instanceof HttpConnection http) {
            open.put(http, new Watch());
        }
    }

    @Override
    public void onClosed(Connection connection) {
        open.remove(connection);
    }

    private void sweep() {
        long now = System.nanoTime();
        open.forEach((connection, watch) -> {
            HttpParser parser = connection.getParser();
            boolean readingHead = parser.inHeaderState() && !parser.isStart();
            long messagesIn = connection.getMessagesIn();
            if (!readingHead) {
                watch.messagesIn = -1;
            } else if (watch.messagesIn != messagesIn) {
                watch.messagesIn = messagesIn; // a new head: its clock starts at this sweep
                watch.headSeenNanos = now;
            } else if (now - watch.headSeenNanos >= deadlineNanos) {
                open.remove(connection);
                refuse(connection);
            }
        });
    }

    /** No response is under way while the head is still arriving, so the 408 can go straight onto the socket. */
    private void refuse(HttpConnection connection) {
        metrics.response(408);
        try {
            connection
                    .getEndPoint()
                    .write(
                            Callback.from(connection::close, failed -> connection.close()),
                            ByteBuffer.wrap(REQUEST_TIMEOUT));
        } catch (RuntimeException writePending) {
            connection.close();
        }
    }
}
