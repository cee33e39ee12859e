package dev.loadlab.bulk;

import dev.loadlab.shared.UrlMask;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Every knob of the bench, read once and checked before anything touches a database. Each has a default,
 * a unit in its name and a range; a bad value is one {@link BadSettingException} naming the setting.
 *
 * @param url           JDBC URL of the database under test; empty: the bench starts its own H2 server
 * @param user          from {@code bulk.user} / {@code BULK_USER}; never printed
 * @param password      from {@code bulk.password} / {@code BULK_PASSWORD}; never printed
 * @param flushRows     rows per {@code executeBatch} inside a batch (bulkbench's bulk size); 0: the whole batch
 * @param statementRows rows per insert statement; 0: the dialect's choice (PostgreSQL: one array insert per flush; 1 elsewhere)
 * @param maxConnections parallel mode opens min(batchCount, maxConnections) connections at once
 */
public record BulkSettings(
        String url,
        Optional<String> user,
        Optional<String> password,
        List<Mode> modes,
        List<Pair> pairs,
        int repetitions,
        int waitSeconds,
        int flushRows,
        int statementRows,
        int maxConnections,
        boolean drop,
        int loginTimeoutSeconds,
        Path resultsFile,
        String httpHost,
        int httpPort) {

    public static final String DEFAULT_MODES = "sequential,parallel";
    public static final int DEFAULT_REPETITIONS = 3;
    public static final int MAX_REPETITIONS = 1_000;
    public static final int DEFAULT_WAIT_SECONDS = 0;
    public static final int MAX_WAIT_SECONDS = 3_600;
    /** 0 means: one executeBatch per batch, as bulkbench does by default (bulk size = batch size). */
    public static final int DEFAULT_FLUSH_ROWS = 0;
    /** PostgreSQL takes at most 65535 parameters per statement, two per row; 10000 rows keeps statements sane. */
    public static final int MAX_STATEMENT_ROWS = 10_000;
    /** PostgreSQL allows 100 connections by default and this machine has 2 cores: 10 keeps both happy. */
    public static final int DEFAULT_MAX_CONNECTIONS = 10;
    public static final int DEFAULT_LOGIN_TIMEOUT_SECONDS = 10;
    public static final int MAX_LOGIN_TIMEOUT_SECONDS = 600;
    public static final String DEFAULT_RESULTS_FILE = "target/bulk/bulk-results.json";
    public static final String DEFAULT_HTTP_HOST = "127.0.0.1";
    public static final int DEFAULT_HTTP_PORT = 8080;

    static final Set<String> NAMES = Set.of("url", "user", "password", "modes", "pairs", "repetitions",
            "waitSeconds", "flushRows", "statementRows", "maxConnections", "drop", "loginTimeoutSeconds", "resultsFile",
            "httpHost", "httpPort");

    public static BulkSettings fromArgs(String[] args) {
        return from(SettingSource.of(args));
    }

    static BulkSettings from(SettingSource source) {
        for (String flag : source.flagNames()) {
            if (!NAMES.contains(flag)) {
                throw new BadSettingException("--" + flag + ": unknown setting; known: " + String.join(", ", sorted()));
            }
        }
        String url = source.get("url").orElse("");
        if (!url.isEmpty() && !url.startsWith("jdbc:")) {
            throw new BadSettingException("bulk.url: '" + UrlMask.mask(url) + "' is not a JDBC URL; use jdbc:sap:, jdbc:postgresql:, "
                    + "jdbc:mariadb:, jdbc:h2:tcp:, or leave it empty for the embedded H2");
        }
        return new BulkSettings(
                url,
                source.get("user"),
                source.get("password"),
                Mode.parseList("bulk.modes", source.get("modes").orElse(DEFAULT_MODES)),
                Pair.parseList("bulk.pairs", source.get("pairs").orElse(Pair.STUDY_PAIRS)),
                intIn(source, "repetitions", DEFAULT_REPETITIONS, 1, MAX_REPETITIONS),
                intIn(source, "waitSeconds", DEFAULT_WAIT_SECONDS, 0, MAX_WAIT_SECONDS),
                intIn(source, "flushRows", DEFAULT_FLUSH_ROWS, 0, Pair.MAX_BATCH_SIZE),
                intIn(source, "statementRows", 0, 0, MAX_STATEMENT_ROWS),
                intIn(source, "maxConnections", DEFAULT_MAX_CONNECTIONS, 1, Pair.MAX_BATCH_COUNT),
                bool(source, "drop", true),
                intIn(source, "loginTimeoutSeconds", DEFAULT_LOGIN_TIMEOUT_SECONDS, 1, MAX_LOGIN_TIMEOUT_SECONDS),
                Path.of(source.get("resultsFile").orElse(DEFAULT_RESULTS_FILE)),
                source.get("httpHost").orElse(DEFAULT_HTTP_HOST),
                intIn(source, "httpPort", DEFAULT_HTTP_PORT, 0, 65_535));
    }

    /** True when the bench starts and owns its H2 server. */
    public boolean embedded() {
        return url.isEmpty();
    }

    /** Rows per executeBatch for a batch of {@code batchSize} rows. */
    public int flushRowsFor(int batchSize) {
        return flushRows == 0 ? batchSize : Math.min(flushRows, batchSize);
    }

    /** Connections a run of {@code pair} in {@code mode} holds open at once. */
    public int connectionsFor(Mode mode, Pair pair) {
        return mode == Mode.SEQUENTIAL ? 1 : Math.min(pair.batchCount(), maxConnections);
    }

    static int intIn(SettingSource source, String name, int fallback, int min, int max) {
        Optional<String> raw = source.get(name);
        if (raw.isEmpty()) {
            return fallback;
        }
        String allowed = "an integer from " + min + " to " + max;
        try {
            int value = Integer.parseInt(raw.get());
            if (value < min || value > max) {
                throw new BadSettingException("bulk." + name + ": " + value + " is out of range; allowed: " + allowed);
            }
            return value;
        } catch (NumberFormatException e) {
            throw new BadSettingException("bulk." + name + ": '" + raw.get() + "' is not a number; allowed: " + allowed);
        }
    }

    static boolean bool(SettingSource source, String name, boolean fallback) {
        Optional<String> raw = source.get(name);
        if (raw.isEmpty()) {
            return fallback;
        }
        switch (raw.get().toLowerCase(Locale.ROOT)) {
            case "true": return true;
            case "false": return false;
            default: throw new BadSettingException("bulk." + name + ": '" + raw.get() + "' is not a boolean; allowed: true, false");
        }
    }

    private static List<String> sorted() {
        return NAMES.stream().sorted().toList();
    }

    /** Never show the credentials, not even in a debugger's toString. */
    @Override
    public String toString() {
        return "BulkSettings[url=" + UrlMask.mask(url) + ", modes=" + modes + ", pairs=" + pairs + ", repetitions="
                + repetitions + ", waitSeconds=" + waitSeconds + ", flushRows=" + flushRows + ", statementRows=" + statementRows + ", maxConnections="
                + maxConnections + ", drop=" + drop + "]";
    }
}
