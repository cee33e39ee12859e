package dev.loadlab.server;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.Scheduler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The load ports going away for a while and coming back, as a target that dies and restarts: their connectors stop
 * (new connections are refused, open ones closed) and start again on the same ports. The admin port stays up.
 */
final class Outages {
    private static final Logger LOG = LoggerFactory.getLogger(Outages.class);

    private final Server server;
    private final List<ServerConnector> loadPorts;
    private final LongAdder begun = new LongAdder();
    private Scheduler.Task nextChange;
    /** Which planned change is current: one already handed to the pool when it was replaced must not run. */
    private long plan;

    private boolean down;
    /** How long begin() waits for a stopped port's listening socket to be gone. */
    private static final int CLOSE_WAIT_SECONDS = 2;

    Outages(Server server, List<ServerConnector> loadPorts) {
        this.server = server;
        this.loadPorts = List.copyOf(loadPorts);
    }

    long begun() {
        return begun.sum();
    }

    synchronized boolean down() {
        return down;
    }

    /** One outage of {@code seconds} beginning {@code afterSeconds} from now; replaces any planned one. 0 s: none. */
    synchronized void plan(int afterSeconds, int seconds) {
        cancelPlanned();
        if (seconds > 0) {
            nextChange = later(afterSeconds, () -> begin(seconds));
        }
    }

    /** Stops the load ports now, for {@code seconds}; returns once they no longer accept. During an outage, extends it. */
    synchronized void begin(int seconds) {
        cancelPlanned();
        if (!down && server.isRunning()) {
            for (ServerConnector port : loadPorts) {
                int bound = port.getLocalPort();
                try {
                    port.stop();
                } catch (Exception e) {
                    LOG.warn("stopping {} for an outage failed", port, e);
                }
                port.setPort(bound); // a port chosen as 0 must come back where the clients know it
                awaitClosed(port.getHost(), bound);
            }
            down = true;
            begun.increment();
            LOG.info("outage on purpose: the load ports stop listening for {} s", seconds);
        }
        nextChange = later(seconds, this::end);
    }

    /**
     * stop() can return while the port still listens: the JDK defers closing a listening socket until an acceptor
     * blocked in accept() has left it, and until then the kernel still completes handshakes. Done when a socket can
     * bind the port (with SO_REUSEADDR, which Linux refuses only while a listener holds it); it never listens.
     */
    private static void awaitClosed(String host, int port) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CLOSE_WAIT_SECONDS);
        while (System.nanoTime() < deadline) {
            try (Socket probe = new Socket()) {
                probe.setReuseAddress(true);
                probe.bind(new InetSocketAddress(host == null ? "0.0.0.0" : host, port));
                return;
            } catch (IOException stillListening) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
            }
        }
        LOG.warn("port {} still listened {} s into the outage", port, CLOSE_WAIT_SECONDS);
    }

    /** Brings the load ports back now (nothing to do when they are up); cancels a planned outage too. */
    synchronized void end() {
        cancelPlanned();
        if (!down || !server.isRunning()) {
            return;
        }
        for (ServerConnector port : loadPorts) {
            try {
                port.start();
            } catch (Exception e) {
                LOG.warn("port {} did not come back after the outage", port.getPort(), e);
            }
        }
        down = false;
        LOG.info("outage over: the load ports listen again");
    }

    private void cancelPlanned() {
        plan++;
        if (nextChange != null) {
            nextChange.cancel();
            nextChange = null;
        }
    }

    /** Connectors start and stop on the thread pool: the scheduler's one thread only hands over. */
    private Scheduler.Task later(int seconds, Runnable change) {
        long planned = plan;
        Runnable ifStillPlanned = () -> {
            synchronized (this) {
                if (plan == planned) {
                    change.run();
                }
            }
        };
        Executor pool = server.getThreadPool();
        return server.getScheduler().schedule(() -> pool.execute(ifStillPlanned), seconds, TimeUnit.SECONDS);
    }
}
