package dev.loadlab.settings;

import static dev.loadlab.settings.Setting.Part.SERVER;

import java.util.List;

/** The reference server's knobs. */
public final class ServerKnobs {
    private ServerKnobs() {}

    private static final Knobs server = new Knobs(SERVER);

    public static final Setting HTTP_PORT = server.integer(
            "server.httpPort", 0, 65_535, 8080, "port", "plain port: HTTP/1.1 and h2c (0: any free port)");
    public static final Setting TLS_PORT = server.integer(
            "server.tlsPort", 0, 65_535, 8443, "port", "TLS port: h2 and http/1.1 through ALPN (0: any free port)");
    /** Always on 127.0.0.1, whatever server.bindHost says: whoever reaches it can break the server on purpose. */
    public static final Setting ADMIN_PORT = server.integer(
            "server.adminPort",
            0,
            65_535,
            0,
            "port",
            "admin port, on 127.0.0.1 only: faults and the in-flight limit at run time (0: any free port)");

    public static final Setting BIND_HOST = server.text(
            "server.bindHost",
            "a host name or address",
            v -> !v.isEmpty(),
            "127.0.0.1",
            "host",
            "interface to listen on");
    public static final Setting MAX_THREADS =
            server.integer("server.maxThreads", 8, 10_000, 200, "threads", "worker thread pool size");
    public static final Setting MAX_IN_FLIGHT = server.integer(
            "server.maxInFlight",
            1,
            1_000_000,
            4096,
            "requests",
            "requests admitted at once; one more is answered 503 at once (the admin port changes it at run time)");
    /**
     * Sized from what the write study sends (RecordTemplate, ODataRequests.bulkBody), measured: a short record of
     * smoke's template is ~460 bytes as laid out, so smoke's largest bulk (100 records) is ~46 KB and 8 MiB holds up to
     * ~18,000; -Pfull's records (odata.recordTemplate=study, strings as the study's tool makes them, ~93 characters)
     * are ~0.6 KB, and with study-long (two strings of 5..5,000 characters, ~5.4 KB a record) its 20,000 in one bulk
     * request are ~108 MB (103 MiB), under the 128 MiB it allows.
     */
    public static final Setting MAX_BODY_KB = server.full(Integer.toString(128 * 1024))
            .integer(
                    "server.maxBodyKb",
                    1,
                    1024 * 1024,
                    8 * 1024,
                    "KiB",
                    "request body limit (413 above); full: room for 20,000 records of odata.recordTemplate=study-long in one"
                            + " bulk request (about 108 MB, 103 MiB)");

    public static final Setting DB_URL = server.text(
            "server.dbUrl",
            "a JDBC URL, or empty for the embedded H2",
            v -> v.startsWith("jdbc:"),
            "",
            "JDBC URL",
            "database of the OData and bulk routes; empty: an embedded H2 in files under a temporary folder, deleted when"
                    + " the server stops");
    public static final Setting DB_USER =
            server.text("server.dbUser", "a user name", v -> !v.isEmpty(), "sa", "", "database user");
    public static final Setting DB_PASSWORD = server.fromEnvironment("LOADLAB_DB_PASSWORD")
            .text("server.dbPassword", "a password", v -> true, "", "", "database password");
    public static final Setting DB_POOL_SIZE =
            server.integer("server.dbPoolSize", 1, 1000, 16, "connections", "JDBC pool size");
    public static final Setting JDBC_BATCH_ROWS = server.integer(
            "server.jdbcBatchRows", 1, 100_000, 1000, "rows", "rows per executeBatch of the bulk and $batch writes");
    public static final Setting GATEWAY_UPSTREAM = server.text(
            "server.gatewayUpstream",
            "http://host:port or https://host:port",
            Values::isHttpUrl,
            "",
            "URL",
            "where /gateway/payload forwards; empty: this server's own plain port");
    public static final Setting GATEWAY_TIMEOUT_MS = server.integer(
            "server.gatewayTimeoutMs",
            1,
            600_000,
            30_000,
            "ms",
            "upstream timeout of the gateway route (504 after it)");
    /**
     * The study's ab saw 56-67 ms of Processing (its means) after connecting: its Lambda's and API Gateway's time and the
     * network's, which the study does not split. Full scale holds each answer that long; smoke a small, visible delay.
     */
    public static final Setting FOO_DELAY_MS = server.full("55")
            .integer(
                    "server.fooDelayMs",
                    0,
                    60_000,
                    5,
                    "ms",
                    "backend time of /foo/{fooId}/bar/{barId} before it answers, without holding a thread (the ab study's ~55 ms)");
    /**
     * A JVM sizes its heap from the machine (a quarter of 24 GB here), and its resident memory follows: the gateway
     * study's memory column then says more about the machine than about the server. Read by the build's fork.
     */
    public static final Setting MAX_HEAP_MB = server.integer(
            "server.maxHeapMb",
            0,
            1_000_000,
            0,
            "MiB",
            "maximum heap of each reference server the build starts (-Xmx; 0: the JVM's default, from the machine)");
    /** The ab study's network: its Connect (116-143 ms means) was most of its Total; loopback has none of it. */
    public static final Setting RTT_MS = server.integer(
            "server.rttMs",
            0,
            10_000,
            0,
            "ms",
            "round trip between the tools and this server: its load ports are relays that hold every chunk half of it"
                    + " each way and a new connection's first bytes one more, so each exchange, each TCP handshake and"
                    + " each TLS handshake pays it, as over a network (0: none)");
    /** The gateway route's capacity: with upstream latency L ms it forwards at most this x 1000 / L requests/s. */
    public static final Setting GATEWAY_CONNECTIONS = server.full("4096")
            .integer(
                    "server.gatewayConnections",
                    1,
                    100_000,
                    1,
                    "connections",
                    "upstream connections of the gateway route: calls beyond them wait in its queue");
    /**
     * The gateway route's CPU per request, as the study's gateway paid it (query planning, its 100 KB answer
     * re-serialised; 722 millicores at 32 requests/s, ~22 ms a request): without it the route only forwards and no
     * rate of the ladder breaks it. A pass at 100 KB costs ~0.25 ms of CPU on the 2-core build machine, so 100 passes
     * (the default at both scales) are the study's cost. Where -Pfull then breaks is this machine's CPU's, measured in
     * docs/gatling.md (the ladder as configured, over h2: 46 and 42 requests/s sustained at 100 ms and 5 s), not a
     * figure this setting fixes. Smoke keeps the same cost: its knee is its one upstream connection's. Capped: a pass
     * over the largest payload (10 MiB) is ~25 ms.
     */
    public static final Setting GATEWAY_WORK = server.integer(
            "server.gatewayWork",
            0,
            1_000,
            100,
            "passes",
            "times the gateway route parses the upstream's JSON answer and writes it again before it answers, on the server's thread pool: the study's gateway's CPU per request (0: it forwards the bytes)");

    /**
     * The API route's capacity, so that the stress runs find a knee (the study's gateway failed past its pool): 5
     * workers of 20 ms serve 250 requests/s; the smoke stress steps (100, 200, 400 ... requests/s; 8, 16, 24 ... JMeter
     * users) break at 400 requests/s and 24 users, while the other runs (at most 12 users at once) are never refused.
     */
    public static final Setting USERS_WORKERS = server.full("64")
            .integer(
                    "server.usersWorkers",
                    0,
                    100_000,
                    5,
                    "requests",
                    "requests /users/getAllUsers serves at once, each for server.usersServiceMs (0: no limit, answered at once)");

    public static final Setting USERS_SERVICE_MS = server.integer(
            "server.usersServiceMs",
            1,
            60_000,
            20,
            "ms",
            "time a worker of /users/getAllUsers spends on each request, without holding a thread");
    public static final Setting USERS_QUEUE = server.full("600")
            .integer(
                    "server.usersQueue",
                    0,
                    1_000_000,
                    15,
                    "requests",
                    "requests of /users/getAllUsers that wait for a worker; one more is answered 503 at once");

    public static final Setting CERT_PEM = server.text(
            "server.certPem",
            "a file path",
            v -> true,
            "",
            "path",
            "also write the public certificate there, for clients that trust it");
    public static final Setting STALL_FILE = server.text(
            "server.stallFile",
            "a file path",
            v -> true,
            "",
            "path",
            "measure how late the server's JVM wakes, second by second, into that file (dev.loadlab.shared.StallMeter)");
    public static final Setting EXIT_WITH_PID = server.integer(
            "server.exitWithPid", 0, Integer.MAX_VALUE, 0, "pid", "stop when that process ends (0: never)");

    static final List<Setting> ALL = server.all();
}
