package dev.loadlab.server;

import static dev.loadlab.settings.ServerKnobs.ADMIN_PORT;
import static dev.loadlab.settings.ServerKnobs.BIND_HOST;
import static dev.loadlab.settings.ServerKnobs.CERT_PEM;
import static dev.loadlab.settings.ServerKnobs.DB_PASSWORD;
import static dev.loadlab.settings.ServerKnobs.DB_POOL_SIZE;
import static dev.loadlab.settings.ServerKnobs.DB_URL;
import static dev.loadlab.settings.ServerKnobs.DB_USER;
import static dev.loadlab.settings.ServerKnobs.EXIT_WITH_PID;
import static dev.loadlab.settings.ServerKnobs.FOO_DELAY_MS;
import static dev.loadlab.settings.ServerKnobs.GATEWAY_CONNECTIONS;
import static dev.loadlab.settings.ServerKnobs.GATEWAY_TIMEOUT_MS;
import static dev.loadlab.settings.ServerKnobs.GATEWAY_UPSTREAM;
import static dev.loadlab.settings.ServerKnobs.GATEWAY_WORK;
import static dev.loadlab.settings.ServerKnobs.HTTP_PORT;
import static dev.loadlab.settings.ServerKnobs.JDBC_BATCH_ROWS;
import static dev.loadlab.settings.ServerKnobs.MAX_BODY_KB;
import static dev.loadlab.settings.ServerKnobs.MAX_IN_FLIGHT;
import static dev.loadlab.settings.ServerKnobs.MAX_THREADS;
import static dev.loadlab.settings.ServerKnobs.RTT_MS;
import static dev.loadlab.settings.ServerKnobs.STALL_FILE;
import static dev.loadlab.settings.ServerKnobs.TLS_PORT;
import static dev.loadlab.settings.ServerKnobs.USERS_QUEUE;
import static dev.loadlab.settings.ServerKnobs.USERS_SERVICE_MS;
import static dev.loadlab.settings.ServerKnobs.USERS_WORKERS;

import dev.loadlab.settings.Catalogue;
import dev.loadlab.settings.JdbcDriver;
import dev.loadlab.settings.Setting;
import dev.loadlab.settings.SettingError;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.UrlMask;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The reference server's settings as one typed record. Names, ranges and defaults live in
 * {@link dev.loadlab.settings.ServerKnobs}; values come only through {@link Settings}
 * ({@code -Dserver.httpPort=0}, the build's settings file, and the environment for the DB password).
 */
public record ServerSettings(
        int httpPort,
        int tlsPort,
        int adminPort,
        String bindHost,
        int maxThreads,
        int maxInFlight,
        int maxBodyKb,
        String dbUrl,
        String dbUser,
        String dbPassword,
        int dbPoolSize,
        int jdbcBatchRows,
        String gatewayUpstream,
        int gatewayTimeoutMs,
        int fooDelayMs,
        int gatewayConnections,
        int usersWorkers,
        int usersServiceMs,
        int usersQueue,
        int gatewayWork,
        int rttMs,
        String certPemFile,
        String stallFile,
        long exitWithPid,
        ODataService odata,
        FaultSettings faults,
        LimitSettings limits) {

    /** Prefix of every server knob: a name under it that the catalogue does not know is a typo, not ignored. */
    static final String PREFIX = "server.";

    public static ServerSettings from(Settings s) {
        refuseUnknown(s);
        return new ServerSettings(
                s.integer(HTTP_PORT),
                s.integer(TLS_PORT),
                s.integer(ADMIN_PORT),
                s.get(BIND_HOST),
                s.integer(MAX_THREADS),
                s.integer(MAX_IN_FLIGHT),
                s.integer(MAX_BODY_KB),
                withDriver(s.get(DB_URL)),
                s.get(DB_USER),
                s.secret(DB_PASSWORD).orElse(""),
                s.integer(DB_POOL_SIZE),
                s.integer(JDBC_BATCH_ROWS),
                withoutTrailingSlash(s.get(GATEWAY_UPSTREAM)),
                s.integer(GATEWAY_TIMEOUT_MS),
                s.integer(FOO_DELAY_MS),
                s.integer(GATEWAY_CONNECTIONS),
                s.integer(USERS_WORKERS),
                s.integer(USERS_SERVICE_MS),
                s.integer(USERS_QUEUE),
                s.integer(GATEWAY_WORK),
                s.integer(RTT_MS),
                s.get(CERT_PEM),
                s.get(STALL_FILE),
                s.longValue(EXIT_WITH_PID),
                ODataService.from(s),
                FaultSettings.from(s),
                LimitSettings.from(s));
    }

    /**
     * server.dbUrl, whose JDBC driver must be on this class path (the build forks the server with its own): else one
     * line before anything is started. A team's project has only H2's until its pom names another.
     */
    static String withDriver(String dbUrl) {
        if (!dbUrl.isEmpty()) {
            try {
                DriverManager.getDriver(dbUrl);
            } catch (SQLException e) {
                throw SettingError.notAllowed(
                        DB_URL.name(),
                        UrlMask.mask(dbUrl),
                        "a JDBC URL whose driver is on the class path: add the database's driver to your pom (loadlab-parent"
                                + " gives the versions of " + JdbcDriver.optional() + ")");
            }
        }
        return dbUrl;
    }

    /** This JVM's settings ({@code -Dserver.*}, the build's file, the environment). */
    public static ServerSettings fromSystem() {
        return from(Settings.fromSystem());
    }

    /** For tests: the given values over the defaults, no environment (so no DB password). */
    public static ServerSettings of(Map<String, String> values) {
        return from(Settings.of(values));
    }

    public long maxBodyBytes() {
        return maxBodyKb * 1024L;
    }

    /** A misspelt {@code -Dserver.htpPort=1} would otherwise be ignored and the server start on the default. */
    private static void refuseUnknown(Settings s) {
        List<String> unknown = s.unknown(PREFIX);
        if (!unknown.isEmpty()) {
            throw new SettingError("-D" + unknown.get(0) + " is not allowed: expected one of " + knownNames());
        }
    }

    /** The names a server setting can be given under (the DB password only through its environment variable). */
    static String knownNames() {
        return Catalogue.ALL.stream()
                .filter(k -> k.name().startsWith(PREFIX) && !k.secret())
                .map(Setting::name)
                .sorted()
                .collect(Collectors.joining(", "));
    }

    /** The gateway appends request paths to it; a trailing slash would double theirs. */
    private static String withoutTrailingSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
