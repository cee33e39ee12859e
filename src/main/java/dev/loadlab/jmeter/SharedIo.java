package dev.loadlab.jmeter;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.eclipse.jetty.io.ArrayByteBufferPool;
import org.eclipse.jetty.io.ByteBufferPool;
import org.eclipse.jetty.io.ClientConnector;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.ScheduledExecutorScheduler;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * What every sampler thread's HttpClient shares: one thread pool, one scheduler, one buffer pool and one
 * started {@link ClientConnector} (its selector) per TLS trust setting. A JMeter thread owns its own client,
 * hence its own connections; sharing the selector keeps 500 virtual users from costing 500 selector threads
 * on a 2-core injector. Already-started beans are left unmanaged by the clients, so stopping one thread's
 * client never stops what the others use. All threads are daemons: JMeter's JVM exits without waiting.
 */
final class SharedIo {
    /** Enough workers to run callbacks for every selector; the JMeter threads themselves block on futures. */
    private static final int MAX_POOL_THREADS = 64;
    private static final String NO_CERTIFICATE = "";

    private static final QueuedThreadPool EXECUTOR = daemonPool();
    private static final Scheduler SCHEDULER = new ScheduledExecutorScheduler("loadlab-http-scheduler", true);
    private static final ByteBufferPool BUFFERS = new ArrayByteBufferPool();
    private static final Map<String, ClientConnector> CONNECTORS = new ConcurrentHashMap<>();

    private SharedIo() {
    }

    static QueuedThreadPool executor() {
        return EXECUTOR;
    }

    static Scheduler scheduler() {
        start(SCHEDULER);
        return SCHEDULER;
    }

    static ByteBufferPool buffers() {
        return BUFFERS;
    }

    /**
     * The started connector for one trust setting: an empty path trusts the JVM's default trust store, a path
     * trusts exactly the PEM certificate(s) in it (the reference server's self-signed certificate).
     *
     * @throws IllegalArgumentException naming {@code trustedCertificate} when the file cannot be used
     */
    static ClientConnector connector(String trustedCertificatePem) {
        String key = trustedCertificatePem == null ? NO_CERTIFICATE : trustedCertificatePem.trim();
        return CONNECTORS.computeIfAbsent(key, SharedIo::newConnector);
    }

    private static ClientConnector newConnector(String trustedCertificatePem) {
        SslContextFactory.Client tls = new SslContextFactory.Client();
        if (!trustedCertificatePem.isEmpty()) {
            tls.setTrustStore(trustStore(Path.of(trustedCertificatePem)));
        }
        ClientConnector connector = new ClientConnector();
        connector.setExecutor(EXECUTOR);
        connector.setScheduler(scheduler());
        connector.setByteBufferPool(BUFFERS);
        connector.setSslContextFactory(tls);
        // One selector per core is what Jetty's server does; the injector shares its cores with JMeter threads.
        connector.setSelectors(Math.max(1, Runtime.getRuntime().availableProcessors() / 2));
        start(connector);
        return connector;
    }

    static KeyStore trustStore(Path pem) {
        if (!Files.isRegularFile(pem)) {
            throw new IllegalArgumentException("trustedCertificate=" + pem + " is not a file: give the target's PEM "
                    + "certificate, or leave it empty to trust the JVM's default trust store");
        }
        try (InputStream in = Files.newInputStream(pem)) {
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            int index = 0;
            for (Certificate certificate : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                store.setCertificateEntry("trusted-" + index++, certificate);
            }
            if (index == 0) {
                throw new IllegalArgumentException("trustedCertificate=" + pem + " holds no PEM certificate");
            }
            return store;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("trustedCertificate=" + pem + " is not a readable PEM certificate: "
                    + e.getMessage(), e);
        }
    }

    private static QueuedThreadPool daemonPool() {
        QueuedThreadPool pool = new QueuedThreadPool(MAX_POOL_THREADS, 2);
        pool.setName("loadlab-http");
        pool.setDaemon(true);
        start(pool);
        return pool;
    }

    private static void start(org.eclipse.jetty.util.component.LifeCycle lifeCycle) {
        if (lifeCycle.isStarted()) {
            return;
        }
        synchronized (SharedIo.class) {
            try {
                if (!lifeCycle.isStarted()) {
                    lifeCycle.start();
                }
            } catch (Exception e) {
                throw new IllegalStateException("cannot start the HTTP client's " + lifeCycle, e);
            }
        }
    }
}
