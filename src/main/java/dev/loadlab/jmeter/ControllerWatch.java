package dev.loadlab.jmeter;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Proxy;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.rmi.server.RemoteObject;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.samplers.RemoteTestListenerWrapper;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.SearchByClass;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * On a remote engine: stops the running test within seconds once its controller is gone. JMeter has no such thing: an
 * engine whose controller was killed (kill -9 of the build, a cancelled CI job) runs its plan to the end, loading the
 * target for nobody, and drops the samples it cannot deliver. Started once per engine by
 * {@code bin/loadlab-engine-init.groovy} (JMeter's {@code jsr223.init.file}, which runs in server mode too).
 *
 * <p>Every second, while a test runs: the controller's address is the one its test listener's RMI stub calls back on
 * (the {@code ListenToTest} listener every non-GUI controller puts in the tree it sends); a TCP connection to it is
 * tried, and after {@link #MISSES} failures in a row the test is stopped at once, as JMeter's own "stop now" does. The
 * engine itself stays up for the next test. JMeter gives no public access to the running tree or the stub, so both
 * are read by reflection; when either cannot be read, the engine logs it once and runs as JMeter alone would.
 */
public final class ControllerWatch implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(ControllerWatch.class);
    static final long POLL_MS = 1_000;
    static final int CONNECT_TIMEOUT_MS = 1_000;
    /** Failures in a row that mean the controller is gone: one lost connection is not enough. */
    static final int MISSES = 2;
    /** How the JDK writes an RMI stub's endpoint: {@code endpoint:[10.1.2.3:40123,...](remote)}. */
    private static final Pattern ENDPOINT = Pattern.compile("endpoint:\\[([^,\\]]+):(\\d+)[,\\]]");

    private static Thread started;

    private ControllerWatch() {}

    /** Starts the one watcher of this JVM; a second call does nothing. */
    public static synchronized void start() {
        if (started == null) {
            started = new Thread(new ControllerWatch(), "loadlab-controller-watch");
            started.setDaemon(true);
            started.start();
            LOG.info("loadlab: a test whose controller is gone is stopped within seconds");
        }
    }

    @Override
    public void run() {
        long test = 0;
        Optional<InetSocketAddress> controller = Optional.empty();
        int misses = 0;
        while (!Thread.currentThread().isInterrupted()) {
            try {
                TimeUnit.MILLISECONDS.sleep(POLL_MS);
            } catch (InterruptedException e) {
                return;
            }
            long running = JMeterContextService.getTestStartTime();
            if (running == 0) {
                test = 0;
                continue;
            }
            if (running != test) {
                test = running;
                misses = 0;
                controller = controller();
                controller.ifPresentOrElse(
                        c -> LOG.info("loadlab: watching the controller at {}", c),
                        () -> LOG.warn("loadlab: the controller's address was not found; this test runs to its end"
                                + " even if the controller is gone"));
            }
            if (controller.isEmpty()) {
                continue;
            }
            misses = reachable(controller.get()) ? 0 : misses + 1;
            if (misses == MISSES) {
                LOG.warn("loadlab: the controller at {} is gone; stopping the test now", controller.get());
                StandardJMeterEngine.stopEngineNow();
                controller = Optional.empty();
            }
        }
    }

    private static boolean reachable(InetSocketAddress controller) {
        try (Socket s = new Socket()) {
            s.connect(controller, CONNECT_TIMEOUT_MS);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The address the running test's listener stub calls back on, if JMeter's fields are where 5.6.3 has them. */
    static Optional<InetSocketAddress> controller() {
        try {
            Object engine = field(StandardJMeterEngine.class, "engine").get(null);
            HashTree tree = (HashTree) field(StandardJMeterEngine.class, "test").get(engine);
            if (tree == null) {
                return Optional.empty();
            }
            SearchByClass<RemoteTestListenerWrapper> search = new SearchByClass<>(RemoteTestListenerWrapper.class);
            tree.traverse(search);
            for (RemoteTestListenerWrapper wrapper : search.getSearchResults()) {
                Object stub = field(RemoteTestListenerWrapper.class, "listener").get(wrapper);
                if (stub != null
                        && Proxy.isProxyClass(stub.getClass())
                        && Proxy.getInvocationHandler(stub) instanceof RemoteObject remote) {
                    Optional<InetSocketAddress> address =
                            endpoint(remote.getRef().remoteToString());
                    if (address.isPresent()) {
                        return address;
                    }
                }
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.warn("loadlab: cannot read the running test's controller: {}", e.toString());
        }
        return Optional.empty();
    }

    /** The host and port of an RMI reference as the JDK writes it ({@code RemoteRef.remoteToString()}). */
    static Optional<InetSocketAddress> endpoint(String remoteRef) {
        Matcher m = ENDPOINT.matcher(remoteRef);
        return m.find()
                ? Optional.of(new InetSocketAddress(m.group(1), Integer.parseInt(m.group(2))))
                : Optional.empty();
    }

    private static Field field(Class<?> owner, String name) throws NoSuchFieldException {
        Field f = owner.getDeclaredField(name);
        f.setAccessible(true);
        return f;
    }
}
