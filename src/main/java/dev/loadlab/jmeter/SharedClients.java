package dev.loadlab.jmeter;

import dev.loadlab.settings.Protocol;
import dev.loadlab.shared.TrustStore;
import java.io.IOException;
import java.net.SocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.transport.HttpClientTransportOverHTTP;
import org.eclipse.jetty.http2.client.HTTP2Client;
import org.eclipse.jetty.io.ClientConnector;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.ssl.SslConnection;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.Invocable;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.ScheduledExecutorScheduler;

/**
 * One started Jetty client per protocol and TLS trust setting, shared by all JMeter threads of the JVM:
 * HTTP/2 on Jetty's low-level {@link HTTP2Client} (sessions and streams, none of HttpClient's request
 * machinery per sample), HTTP/1.1 on Jetty's {@link HttpClient}. Sharing matters on a small injector: one
 * selector serves every virtual user's connection (a selector per user cost about 40 % of the throughput in
 * bench/sampler-vs-core.sh). Each thread still owns its connection ({@link ThreadConnection}); the client
 * only connects, selects and parses. Threads are daemons, so JMeter's JVM exits without waiting for them.
 */
final class SharedClients {
    /** Workers for the selector and Jetty's callbacks; the JMeter threads do the waiting themselves. */
    private static final int MAX_POOL_THREADS = 200;
    /** Idle connections are kept this long between a thread's iterations (think times, slow ramp-ups). */
    private static final long IDLE_TIMEOUT_MS = 60_000;

    private static final Map<String, Shared> CLIENTS = new ConcurrentHashMap<>();

    private SharedClients() {}

    /**
     * A started client: {@code http2} for protocol http2 or {@code http1} for http1 (the other is null), its TLS
     * settings, and the HTTP/1.1 connections it opened, by local address, to count their bytes (an HTTP/2
     * session reaches its connection itself).
     */
    record Shared(
            HTTP2Client http2,
            HttpClient http1,
            SslContextFactory.Client tls,
            Map<SocketAddress, Connection> connections) {}

    static final String PEM_BEGIN = "-----BEGIN";

    /** @throws IllegalArgumentException naming {@code trustedCertificate} when the file cannot be used */
    static Shared of(Protocol protocol, String trustedCertificatePem) {
        String trust = trustedCertificatePem == null ? "" : trustedCertificatePem.trim();
        return CLIENTS.computeIfAbsent(protocol + " " + trust, key -> start(protocol, trust));
    }

    private static Shared start(Protocol protocol, String trustedCertificatePem) {
        SslContextFactory.Client tls = new SslContextFactory.Client();
        if (!trustedCertificatePem.isEmpty()) {
            tls.setTrustStore(
                    trustedCertificatePem.startsWith(PEM_BEGIN)
                            ? trustStoreOfText(trustedCertificatePem)
                            : trustStore(Path.of(trustedCertificatePem)));
        }
        QueuedThreadPool pool = new QueuedThreadPool(MAX_POOL_THREADS);
        pool.setName("loadlab-" + protocol.id);
        pool.setDaemon(true);
        // No reserved threads: with one at hand, Jetty's selector wakes it to go on selecting and runs the ready
        // connection's parsing itself, a thread hand-off for every response. Without, the selector parses in
        // place and completes the JMeter thread's future (the listeners never block): h2c 0.92 -> 1.21 of the
        // core sampler, h2 0.89 -> 1.17 (bench/sampler-vs-core.sh, medians of three paired rounds).
        pool.setReservedThreads(0);
        // Daemon threads only: a non-daemon scheduler would keep JMeter's JVM alive after the test.
        ScheduledExecutorScheduler scheduler = new ScheduledExecutorScheduler(pool.getName() + "-scheduler", true);
        ClientConnector connector = new ClientConnector();
        connector.setSslContextFactory(tls);
        connector.setExecutor(pool);
        connector.setScheduler(scheduler);
        try {
            if (protocol == Protocol.HTTP2) {
                HTTP2Client http2 = new HTTP2Client(connector);
                http2.setIdleTimeout(IDLE_TIMEOUT_MS);
                http2.start();
                return new Shared(http2, null, tls, Map.of());
            }
            HttpClientTransportOverHTTP transport = new HttpClientTransportOverHTTP(connector);
            // The sampler's listeners only record times and complete a future: they never block, so Jetty may
            // run them on the selector thread instead of handing every response to another pool thread.
            transport.setInvocationType(Invocable.InvocationType.NON_BLOCKING);
            HttpClient http1 = new HttpClient(transport);
            http1.setExecutor(pool);
            http1.setScheduler(scheduler);
            http1.setFollowRedirects(false);
            http1.setIdleTimeout(IDLE_TIMEOUT_MS);
            // Like JMeter's own sampler: no Accept-Encoding unless the plan sets one.
            http1.getContentDecoderFactories().clear();
            Map<SocketAddress, Connection> connections = new ConcurrentHashMap<>();
            // TLS records are not counted, as JMeter's sampler counts HTTP bytes: only the HTTP-level connection.
            http1.addBean(new Connection.Listener() {
                @Override
                public void onOpened(Connection connection) {
                    if (!(connection instanceof SslConnection)) {
                        connections.put(connection.getEndPoint().getLocalSocketAddress(), connection);
                    }
                }

                @Override
                public void onClosed(Connection connection) {
                    connections.values().remove(connection); // a closed end point may no longer know its address
                }
            });
            http1.start();
            return new Shared(null, http1, tls, connections);
        } catch (Exception e) {
            throw new IllegalStateException("cannot start the HTTP client: " + e.getMessage(), e);
        }
    }

    /**
     * A remote engine has no file of the controller's: there the build sends the certificate itself, its PEM text,
     * as the same property (dev.loadlab.steps.RemoteProperties).
     */
    static KeyStore trustStoreOfText(String pem) {
        try {
            return TrustStore.ofPem(
                    new java.io.ByteArrayInputStream(pem.getBytes(java.nio.charset.StandardCharsets.US_ASCII)),
                    "the PEM text");
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException(
                    "trustedCertificate (PEM text) is not a readable PEM certificate: " + e.getMessage(), e);
        }
    }

    static KeyStore trustStore(Path pem) {
        if (!Files.isRegularFile(pem)) {
            throw new IllegalArgumentException("trustedCertificate=" + pem + " is not a file: give the target's PEM "
                    + "certificate, or leave it empty to trust the JVM's default trust store");
        }
        try {
            return TrustStore.ofPem(pem);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException(
                    "trustedCertificate=" + pem + " is not a readable PEM certificate: " + e.getMessage(), e);
        }
    }
}
