package dev.loadlab.jmeter;

import dev.loadlab.settings.Protocol;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.http2.ErrorCode;
import org.eclipse.jetty.http2.HTTP2Session;
import org.eclipse.jetty.http2.api.Session;
import org.eclipse.jetty.http2.frames.HeadersFrame;
import org.eclipse.jetty.util.Callback;

/**
 * A JMeter thread's HTTP/2 session (protocol http2) on Jetty's low-level HTTP2Client: h2 through ALPN on
 * https://, h2c with prior knowledge on http://. A sample is one stream: a HEADERS frame (and DATA for a
 * body) out, the response's frames in, with no per-request client machinery between the thread and the
 * session, which keeps the sampler's cost per request near that of JMeter's own HTTP/1.1 sampler.
 */
final class Http2Connection extends ThreadConnection {
    /** The sampler does not react to the server's session events: its streams learn of a closed session. */
    private static final Session.Listener IGNORE_SESSION_EVENTS = new Session.Listener() {};

    private Session session;
    private String sessionOrigin;
    private volatile StreamExchange inFlight;

    Http2Connection(SharedClients.Shared client, String trustedCertificate) {
        super(Protocol.HTTP2, client, trustedCertificate);
    }

    @Override
    boolean ensureOpen(RequestSpec spec, long timeoutMs)
            throws InterruptedException, ExecutionException, TimeoutException {
        if (session != null && !session.isClosed() && spec.origin.equals(sessionOrigin)) {
            return false;
        }
        close();
        InetSocketAddress address = new InetSocketAddress(spec.uri.getHost(), spec.port);
        CompletableFuture<Session> connecting = spec.secure
                ? client.http2().connect(client.tls(), address, IGNORE_SESSION_EVENTS)
                : client.http2().connect(address, IGNORE_SESSION_EVENTS);
        try {
            session = connecting.get(timeoutMs, TimeUnit.MILLISECONDS);
        } catch (TimeoutException | InterruptedException e) {
            connecting.thenAccept(late -> late.close(ErrorCode.CANCEL_STREAM_ERROR.code, "gave up", Callback.NOOP));
            throw e;
        }
        sessionOrigin = spec.origin;
        // Over TLS the session's end point is the decrypted one: its connection counts HTTP/2 bytes, not TLS's.
        counted = ((HTTP2Session) session).getEndPoint().getConnection();
        return true;
    }

    @Override
    CompletableFuture<ReceivedResponse> send(RequestSpec spec, ExchangeTimes times) {
        StreamExchange exchange = new StreamExchange(times, spec.body, MAX_RESPONSE_BYTES);
        inFlight = exchange;
        session.newStream(new HeadersFrame(spec.http2Request(), null, spec.body.length == 0), exchange, exchange);
        return exchange.response();
    }

    @Override
    boolean abort(Throwable reason) {
        StreamExchange exchange = inFlight;
        return exchange != null && exchange.abort(reason);
    }

    @Override
    void close() {
        if (session != null) {
            session.close(ErrorCode.NO_ERROR.code, "JMeter thread done", Callback.NOOP);
        }
        session = null;
        sessionOrigin = null;
        counted = null;
        inFlight = null;
    }
}
