package dev.loadlab.server;

import dev.loadlab.settings.FaultKnobs;
import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.io.QuietException;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Faults on purpose, drawn per counted request: one random draw picks at most one of a reset connection, a stalled
 * answer or an error status, at the rates of the current {@link FaultSettings} (changed at run time by the admin
 * port). Each fault injected is counted by kind, so a client's count of each kind can be checked against the server's.
 */
final class Faults {
    private static final Logger LOG = LoggerFactory.getLogger(Faults.class);

    /** What the server counts, by kind; the statuses in the order of {@link FaultKnobs#STATUSES}. */
    record Counts(long status500, long status502, long status503, long resets, long stalls) {}

    private final Replies replies;
    private volatile FaultSettings settings;
    /** Statuses are given in turn, not drawn: over n status faults each status is given n/3 times, give or take 1. */
    private final AtomicLong turn = new AtomicLong();

    private final LongAdder[] statuses = {new LongAdder(), new LongAdder(), new LongAdder()};
    private final LongAdder resets = new LongAdder();
    private final LongAdder stalls = new LongAdder();
    /** The callbacks of requests stalled now: whichever comes first, the stall's end or the server's stop, ends one. */
    private final Map<Callback, EndPoint> stalled = new ConcurrentHashMap<>();

    Faults(FaultSettings initial, Replies replies) {
        this.settings = initial;
        this.replies = replies;
    }

    FaultSettings settings() {
        return settings;
    }

    void set(FaultSettings changed) {
        settings = changed;
    }

    /** False while no fault is drawn: the router then serves without a draw (and without a lambda to allocate). */
    boolean drawing() {
        return settings.drawsFaults();
    }

    Counts counts() {
        return new Counts(statuses[0].sum(), statuses[1].sum(), statuses[2].sum(), resets.sum(), stalls.sum());
    }

    /**
     * Draws this request's fault. True when a fault took the request (its answer, or the lack of one, is the fault's);
     * false when the caller serves it. A stalled request is served by {@code serve} once the stall is over.
     */
    boolean intercept(String path, Request request, Response response, Callback callback, Runnable serve) {
        FaultSettings f = settings;
        if (!f.drawsFaults() || !f.covers(path)) {
            return false;
        }
        double draw = ThreadLocalRandom.current().nextDouble();
        if (draw < f.resetRate()) {
            reset(request, callback);
        } else if (draw < f.resetRate() + f.stallRate()) {
            stall(request, callback, f.stallMs(), serve);
        } else if (draw < f.resetRate() + f.stallRate() + f.statusRate()) {
            status(f, response, callback);
        } else {
            return false;
        }
        return true;
    }

    /**
     * An abortive close: SO_LINGER 0 makes the close send RST at once, so the client reads "connection reset", not an
     * orderly end of stream. Under TLS and HTTP/2 the request's end point is a layer over the TCP one: unwrap it.
     */
    private void reset(Request request, Callback callback) {
        EndPoint network = network(request);
        if (network.getTransport() instanceof SocketChannel channel) {
            try {
                channel.setOption(StandardSocketOptions.SO_LINGER, 0);
            } catch (IOException closedAlready) {
                LOG.debug("SO_LINGER on a closed channel", closedAlready);
            }
        }
        resets.increment();
        network.close();
        // quiet: Jetty would log each one as a failed response with its stack
        callback.failed(
                new QuietException.Exception("connection reset on purpose (" + FaultKnobs.RESET_RATE.name() + ")"));
    }

    /** Held without a thread; Jetty's idle timeout (30 s) would otherwise end it with an answer of its own first. */
    private void stall(Request request, Callback callback, int stallMs, Runnable serve) {
        stalls.increment();
        stalled.put(callback, network(request));
        request.addIdleTimeoutListener(timeout -> false);
        Holds.answerAfter(request, stallMs, () -> {
            if (stalled.remove(callback) != null) {
                serve.run();
            }
        });
    }

    /**
     * Ends every stall now, as a server that goes away: the connection closes without an answer. A server that stops
     * must not wait for them (Jetty would, up to its stop timeout), nor stall a request that arrives meanwhile.
     */
    void endStalls() {
        settings = FaultSettings.OFF;
        for (Callback callback : stalled.keySet()) {
            EndPoint network = stalled.remove(callback);
            if (network != null) {
                network.close();
                callback.failed(new QuietException.Exception("the server stops"));
            }
        }
    }

    /** The TCP end point under the request's TLS and HTTP/2 layers, if any. */
    private static EndPoint network(Request request) {
        EndPoint network = request.getConnectionMetaData().getConnection().getEndPoint();
        while (network instanceof EndPoint.Wrapper layer) {
            network = layer.unwrap();
        }
        return network;
    }

    private void status(FaultSettings f, Response response, Callback callback) {
        int status = f.statuses().get((int)
                Math.floorMod(turn.getAndIncrement(), (long) f.statuses().size()));
        statuses[FaultKnobs.STATUSES.indexOf(Integer.toString(status))].increment();
        if (status == 503) {
            response.getHeaders().put(Replies.RETRY_AFTER);
        }
        replies.error(
                response,
                callback,
                status,
                "fault injected on purpose: " + status + " (" + FaultKnobs.STATUS_RATE.name() + ")");
    }
}
