package dev.loadlab.bulk;

import static dev.loadlab.settings.Setting.Part.BULK;

import dev.loadlab.settings.Knobs;
import dev.loadlab.settings.Setting;
import dev.loadlab.settings.Values;
import java.util.List;

/** The JDBC bulk-insert bench's settings (the bulk study's tool); the bulk study gives them to the settings' catalogue. */
public final class BulkKnobs {
    private BulkKnobs() {}

    private static final Knobs bulk = new Knobs(BULK);

    public static final int MAX_BATCH_COUNT = 1_000;
    public static final int MAX_BATCH_SIZE = 1_000_000;

    public static final Setting URL = bulk.text(
            "bulk.url",
            "a JDBC URL (jdbc:sap:, jdbc:postgresql:, jdbc:mariadb:, jdbc:h2:tcp:), or empty for the embedded H2",
            v -> v.startsWith("jdbc:"),
            "",
            "JDBC URL",
            "database under test; empty: the bench starts its own H2 server on loopback");
    public static final Setting USER =
            bulk.fromEnvironment("BULK_USER").text("bulk.user", "a user name", v -> true, "", "", "database user");
    public static final Setting PASSWORD = bulk.fromEnvironment("BULK_PASSWORD")
            .text("bulk.password", "a password", v -> true, "", "", "database password");
    // seq and par are bulkbench's short names, as the result table prints them (seq-10x1000)
    public static final Setting MODES = bulk.text(
            "bulk.modes",
            "a comma- or space-separated list of sequential|parallel (or seq|par)",
            v -> List.of(v.split("[,\\s]+")).stream()
                    .allMatch(
                            m -> List.of("sequential", "parallel", "seq", "par").contains(m)),
            "sequential,parallel",
            "",
            "sequential: one connection, batch after batch; parallel: one connection per batch, all at once");
    // at full: the study's seven pairs, in its order; 1000x1000 in parallel is 1,000 connections at once
    public static final Setting PAIRS = bulk.full("1x100000 10x10000 100x1000 1x1000000 10x100000 100x10000 1000x1000")
            .text(
                    "bulk.pairs",
                    "batchCount x batchSize pairs such as 10x1000, separated by spaces or commas, count 1.."
                            + MAX_BATCH_COUNT + ", size 1.." + MAX_BATCH_SIZE,
                    BulkKnobs::isPairs,
                    "10x1000 2x10000 1x50000",
                    "",
                    "batchCount x batchSize pairs, each inserted in every mode");
    public static final Setting REPETITIONS = bulk.full("10")
            .integer(
                    "bulk.repetitions",
                    1,
                    1000,
                    3,
                    "runs",
                    "runs of each pair and mode (bulkbench's -test.benchtime Nx)");
    public static final Setting WAIT_SECONDS = bulk.integer("bulk.waitSeconds", 0, 3600, 0, "s", "pause between runs");
    public static final Setting FLUSH_ROWS = bulk.integer(
            "bulk.flushRows",
            0,
            MAX_BATCH_SIZE,
            0,
            "rows",
            "rows per executeBatch inside a batch (loadlab's own: the study leaves flushing to go-hdb's buffer); 0: the whole batch");
    public static final Setting FLUSH_ROWS_LIST = bulk.integers(
            "bulk.flushRowsList",
            0,
            MAX_BATCH_SIZE,
            "0,10000,1000",
            "rows",
            "flush sizes bench/bulk-vs-native.sh compares, each as bulk.flushRows (BulkVsNative)");
    public static final Setting STATEMENT_ROWS = bulk.integer(
            "bulk.statementRows",
            0,
            10_000,
            0,
            "rows",
            "rows per insert statement; 0: the dialect's choice (PostgreSQL: one array insert per flush)");
    // bulkbench gives every batch its own connection, so 1000x1000 is 1,000 connections: the cap is an option for
    // databases that refuse that many (PostgreSQL's and MariaDB's default limits are 100 and 151)
    public static final Setting MAX_CONNECTIONS = bulk.integer(
            "bulk.maxConnections",
            0,
            MAX_BATCH_COUNT,
            0,
            "connections",
            "cap on parallel mode's connections, which then take the batches in turn; 0: no cap, one per batch");
    public static final Setting DROP = bulk.bool("bulk.drop", true, "drop the bench's schema after the run");
    public static final Setting LOGIN_TIMEOUT_SECONDS =
            bulk.integer("bulk.loginTimeoutSeconds", 1, 600, 10, "s", "JDBC login timeout");
    public static final Setting RESULTS_FILE = bulk.text(
            "bulk.resultsFile",
            "a file path",
            v -> !v.isEmpty(),
            "target/bulk/bulk-results.json",
            "path",
            "where the bench writes its results (read by the report)");
    public static final Setting HTTP_HOST = bulk.text(
            "bulk.httpHost",
            "a host name or address",
            v -> !v.isEmpty(),
            "127.0.0.1",
            "host",
            "interface of the bench's web UI");
    public static final Setting HTTP_PORT =
            bulk.integer("bulk.httpPort", 0, 65_535, 8080, "port", "port of the bench's web UI (0: any free port)");
    public static final Setting SKIP = bulk.bool("bulk.skip", false, "leave the bench out of mvn verify");

    public static final List<Setting> ALL = bulk.all();

    static boolean isPairs(String value) {
        return List.of(value.strip().split("[,\\s]+")).stream().allMatch(p -> {
            String[] cs = p.split("x", -1);
            return cs.length == 2
                    && Values.integerIn(cs[0], 1, MAX_BATCH_COUNT)
                    && Values.integerIn(cs[1], 1, MAX_BATCH_SIZE);
        });
    }
}
