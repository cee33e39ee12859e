package dev.loadlab.server;

import dev.loadlab.settings.ServerKnobs;
import dev.loadlab.settings.SettingError;
import dev.loadlab.settings.UrlMask;
import dev.loadlab.shared.EmbeddedH2;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.eclipse.jetty.alpn.server.ALPNServerConnectionFactory;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The reference target: one plain port speaking HTTP/1.1 and h2c, one TLS port offering h2 and
 * http/1.1 through ALPN, the studies' endpoints, and a JDBC database behind the write endpoints; and an admin port,
 * on 127.0.0.1 only, that sets faults on purpose at run time (see {@link AdminEndpoint}).
 */
public final class ReferenceServer implements AutoCloseable {
    private final Server server;
    private final ServerConnector plain;
    private final ServerConnector secure;
    private final ServerConnector admin;
    private final Faults faults;
    private final Outages outages;
    private final java.util.List<DelayRelay> relays = new java.util.ArrayList<>(); // with server.rttMs only
    /** Read once started: during an outage the load connectors have no local port. */
    private URI httpUri;

    private URI ownPlainUri;
    private URI tlsUri;
    private final ServerMetrics metrics;
    private final SelfSignedCertificate certificate;
    private final EmbeddedH2 embeddedDatabase;
    private final RecordStore store;
    private final ServerSettings settings;

    static final String ADMIN_HOST = "127.0.0.1";

    private ReferenceServer(ServerSettings settings) throws Exception {
        this.settings = settings;
        this.metrics = new ServerMetrics();
        this.certificate = SelfSignedCertificate.shared();
        this.embeddedDatabase = settings.dbUrl().isEmpty() ? EmbeddedH2.startOnDisk() : null;
        boolean embedded = embeddedDatabase != null;
        this.store = new RecordStore(
                embedded ? embeddedDatabase.url() : settings.dbUrl(),
                embedded ? embeddedDatabase.user() : settings.dbUser(),
                embedded ? embeddedDatabase.password() : settings.dbPassword(),
                settings.dbPoolSize(),
                settings.jdbcBatchRows());

        // The router's in-flight limit bounds the work queued here (Jetty's own jobs must never be refused).
        QueuedThreadPool threads = new QueuedThreadPool(settings.maxThreads(), 8, 60_000);
        threads.setName("loadlab-server");
        server = new Server(threads);

        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setSendXPoweredBy(false);
        plain = new ServerConnector(server, new HttpConnectionFactory(http), Http2Factories.cleartext(http));
        plain.setHost(settings.bindHost());
        plain.setPort(settings.httpPort());

        HttpConfiguration https = new HttpConfiguration(http);
        SecureRequestCustomizer secureCustomizer = new SecureRequestCustomizer();
        secureCustomizer.setSniHostCheck(false); // clients reach it as 127.0.0.1 as often as localhost
        https.addCustomizer(secureCustomizer);
        ALPNServerConnectionFactory alpn = new ALPNServerConnectionFactory("h2", "http/1.1");
        alpn.setDefaultProtocol("http/1.1");
        SslContextFactory.Server tls = new SslContextFactory.Server();
        tls.setKeyStore(certificate.keyStore);
        tls.setKeyStorePassword(new String(certificate.password));
        // Take the cipher suite the client prefers, as OpenSSL and nginx do by default, rather than the JDK's
        // own order: every suite left enabled is a strong one, and a client lists first what it runs fastest.
        tls.setUseCipherSuitesOrder(false);
        secure = new ServerConnector(
                server,
                new SslConnectionFactory(tls, alpn.getProtocol()),
                alpn,
                Http2Factories.secure(https),
                new HttpConnectionFactory(https));
        secure.setHost(settings.bindHost());
        secure.setPort(settings.tlsPort());

        // The admin port is loopback whatever server.bindHost says, and HTTP/1.1 only: curl and scripts, never load.
        admin = new ServerConnector(server, 1, 1, new HttpConnectionFactory(http));
        admin.setHost(ADMIN_HOST);
        admin.setPort(settings.adminPort());
        admin.setName("admin");

        ConnectorLimits.addQuicklyStopped(server, plain, secure, admin);
        ConnectorLimits.apply(server, settings.limits(), metrics, plain, secure);
        plain.getSelectorManager().addEventListener(metrics.connectionCounter);
        secure.getSelectorManager().addEventListener(metrics.connectionCounter);

        HttpClient upstreamClient = new HttpClient();
        // the gateway route's capacity knob: calls beyond these connections wait in the client's queue
        upstreamClient.setMaxConnectionsPerDestination(settings.gatewayConnections());
        upstreamClient.setMaxRequestsQueuedPerDestination(settings.maxInFlight());
        upstreamClient.setFollowRedirects(false);
        upstreamClient.setConnectTimeout(5_000);
        server.addBean(upstreamClient);

        Replies replies = new Replies(metrics);
        FixtureEndpoints fixtures = new FixtureEndpoints(
                replies,
                metrics,
                settings.fooDelayMs(),
                new Workers(settings.usersWorkers(), settings.usersQueue(), settings.usersServiceMs()));
        PayloadEndpoints payloads = new PayloadEndpoints(
                replies,
                upstreamClient,
                this::upstreamBase,
                settings.gatewayTimeoutMs(),
                new GatewayWork(settings.gatewayWork()));
        ODataService odata = settings.odata();
        RecordEndpoints records = new RecordEndpoints(
                replies, store, settings.maxBodyBytes(), settings.limits().minBodyBytesPerSecond(), odata);
        ODataBatch batch = new ODataBatch(records);
        CalibrationEndpoint calibration = new CalibrationEndpoint(replies);
        SubgraphEndpoint subgraph = new SubgraphEndpoint(replies, settings);
        faults = new Faults(settings.faults(), replies);
        outages = new Outages(server, java.util.List.of(plain, secure));
        DemoPage demo = new DemoPage(replies);
        Router router = new Router(metrics, replies, threads, settings.maxInFlight(), faults)
                .countingTags(calibration::tagged)
                .uncounted("/health", fixtures::health)
                .uncounted("/metrics", fixtures::metrics)
                .uncounted(CalibrationEndpoint.COUNTS_PATH, calibration::counts)
                .get(CalibrationEndpoint.PATH, calibration::calibrate)
                .get("/users/getAllUsers", fixtures::users)
                .getUnder(FixtureEndpoints.FOO_PREFIX, fixtures::restApiFooBar)
                .getUnder(FixtureEndpoints.HTTP_API_FOO_PREFIX, fixtures::httpApiFooBar)
                .get("/payload", payloads::payload)
                .getUnder(DemoPage.PREFIX, demo::get)
                .blockingUnder("POST", DemoPage.PREFIX, demo::post)
                .get("/gateway/payload", payloads::gateway)
                .uncounted(AnswerTimes.PATH, subgraph::answers)
                .blocking("POST", SubgraphEndpoint.PATH, subgraph::handle)
                .blocking("POST", odata.path() + "$batch", batch::handle)
                .blockingUnder("POST", odata.path(), records::create)
                .blockingUnder("GET", odata.path(), records::count)
                .blocking("POST", ODataService.TYPED_BULK_PATH, records::bulk)
                .blocking("POST", odata.bulkPath(), records::bulk);
        // the admin port reaches only the admin endpoint; the load ports go through the body budget to the router
        server.setHandler(new PortRouting(
                new BodyBudget(settings.limits().bodyBufferBytes(), settings.maxBodyBytes(), replies, router),
                admin,
                new AdminEndpoint(faults, outages, router, metrics),
                threads));
        server.setStopTimeout(2_000);
    }

    /** Starts a server; port 0 in the settings picks a free port, read back with {@link #httpUri()}. */
    public static ReferenceServer start(ServerSettings settings) throws Exception {
        ReferenceServer reference = new ReferenceServer(settings);
        try {
            reference.server.start();
        } catch (Exception e) {
            reference.close();
            throw e;
        }
        reference.metrics.startedUp();
        int httpPort = reference.plain.getLocalPort();
        reference.ownPlainUri = URI.create("http://127.0.0.1:" + httpPort);
        // with server.rttMs every tool reaches the load ports through a relay that far away
        int rttMs = settings.rttMs();
        reference.httpUri = URI.create("http://127.0.0.1:" + DelayRelay.portFor(reference.relays, httpPort, rttMs));
        reference.tlsUri = URI.create(
                "https://127.0.0.1:" + DelayRelay.portFor(reference.relays, reference.secure.getLocalPort(), rttMs));
        // as the tools reach it: a poller that finds its own target here polls no upstream of its own
        reference.metrics.gatewayUpstream(UrlMask.mask(
                settings.gatewayUpstream().isEmpty() ? reference.httpUri.toString() : settings.gatewayUpstream()));
        FaultSettings faults = settings.faults();
        reference.outages.plan(faults.outageAfterSeconds(), faults.outageSeconds());
        return reference;
    }

    public URI httpUri() {
        return httpUri;
    }

    public URI tlsUri() {
        return tlsUri;
    }

    /** The admin routes' base: always 127.0.0.1. */
    public URI adminUri() {
        return URI.create("http://" + ADMIN_HOST + ":" + admin.getLocalPort());
    }

    public X509Certificate certificate() throws java.security.GeneralSecurityException {
        return certificate.certificate();
    }

    public ServerMetrics metrics() {
        return metrics;
    }

    /** A connection of its own to the server's database, for checking what was really stored. */
    Connection openDatabaseConnection() throws SQLException {
        return embeddedDatabase != null
                ? DriverManager.getConnection(
                        embeddedDatabase.url(), embeddedDatabase.user(), embeddedDatabase.password())
                : DriverManager.getConnection(settings.dbUrl(), settings.dbUser(), settings.dbPassword());
    }

    /** Its own plain port, not a relay's: a forward inside one process crosses no network. */
    private String upstreamBase() {
        return settings.gatewayUpstream().isEmpty() ? ownPlainUri.toString() : settings.gatewayUpstream();
    }

    @Override
    public void close() {
        DelayRelay.closeAll(relays);
        faults.endStalls();
        try {
            server.stop();
        } catch (Exception e) {
            System.err.println("loadlab server: stopping Jetty failed: " + e);
        }
        store.close();
        if (embeddedDatabase != null) {
            embeddedDatabase.close();
        }
    }

    /**
     * Runs the server until it is stopped (SIGTERM, Ctrl-C) or the process named by -Dserver.exitWithPid ends.
     * Settings are system properties only ({@code -Dserver.httpPort=0}); a bad one stops it before any port is bound.
     */
    public static void main(String[] args) throws Exception {
        ServerSettings settings;
        try {
            refuseArguments(args);
            settings = ServerSettings.fromSystem();
        } catch (SettingError e) {
            System.err.println("loadlab server: " + e.getMessage());
            System.exit(2);
            return;
        }
        ReferenceServer reference;
        try {
            reference = start(settings);
        } catch (Exception e) {
            System.err.println("loadlab server: cannot start on " + settings.bindHost() + " ports "
                    + settings.httpPort() + "/" + settings.tlsPort() + " (admin " + ADMIN_HOST + ":"
                    + settings.adminPort() + "): " + e);
            System.exit(1);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(reference::close, "loadlab-server-stop"));
        if (!settings.certPemFile().isEmpty()) {
            Files.writeString(Path.of(settings.certPemFile()), reference.certificate.pem(), StandardCharsets.US_ASCII);
        }
        dev.loadlab.shared.StallMeter.startInto(settings.stallFile(), "server " + ReferenceServer.class.getName());
        if (settings.exitWithPid() > 0) {
            exitWith(settings.exitWithPid());
        }
        System.out.println("loadlab reference server ready: http=" + reference.httpUri() + " tls=" + reference.tlsUri()
                + " admin=" + reference.adminUri() + " pid="
                + ProcessHandle.current().pid());
        reference.server.join();
    }

    /** The old {@code --http-port=0} flags are gone: refuse one rather than start on defaults, and name the spelling read now. */
    static void refuseArguments(String[] args) {
        if (args.length > 0) {
            throw new SettingError("argument " + args[0] + " is not read: give settings as system properties before the"
                    + " class name, e.g. -D" + ServerKnobs.HTTP_PORT.name() + "=0; known: "
                    + ServerSettings.knownNames());
        }
    }

    /** A build that dies (kill -9, a crash) cannot stop its server: the server notices and stops itself. */
    private static void exitWith(long pid) {
        Runnable stop = () -> {
            System.err.println("loadlab server: process " + pid + " has ended; stopping");
            System.exit(0);
        };
        ProcessHandle.of(pid).ifPresentOrElse(parent -> parent.onExit().thenRun(stop), stop);
    }
}
