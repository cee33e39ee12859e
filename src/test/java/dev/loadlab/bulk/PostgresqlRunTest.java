package dev.loadlab.bulk;

import static dev.loadlab.bulk.Texts.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.settings.Settings;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Real runs against the local PostgreSQL (skipped with a notice where there is none). */
class PostgresqlRunTest extends LocalDatabaseRuns {
    @Override
    Database reach() {
        return LocalDatabases.postgresql();
    }

    @Test
    void shouldSendOneArrayInsertPerFlushByDefaultAndRowStatementsWhenTold() {
        for (int statementRows : new int[] {0, 1_000, 1}) {
            RunResult result = new BulkRunner(database, 0, true, statementRows)
                    .run(Mode.SEQUENTIAL, new Pair(2, 2_500), 1_200, 1, Dialect.newNamespace());
            assertNull(result.error());
            assertEquals(statementRows == 0 ? 1_200 : statementRows, result.statementRows());
            assertEquals(5_000, result.rowsCounted());
        }
    }

    /**
     * A database that refuses the run's connections past its limit (here a role's, so the test never starves the
     * server; the server's max_connections gives the same refusal): the run fails at once with a line saying how
     * many it got and the cap that fits, no row is reported that the table does not hold, and nothing hangs. The
     * cap it names then runs every row.
     */
    @Test
    void shouldFailWithOneLineNamingTheCapThatFitsWhenTheDatabaseRefusesAConnection() throws Exception {
        try (LimitedRole role = new LimitedRole(3)) {
            BulkRunner runner = new BulkRunner(role.database(), 0, true);
            Pair pair = new Pair(5, 100);

            RunResult refused = runner.run(Mode.PARALLEL, pair, 100, 5, Dialect.newNamespace());

            assertContains(
                    refused.error(),
                    "the run needs 5 connections at once; the database accepted 3, then refused one: ",
                    "too many connections for role",
                    "cap them with -Dbulk.maxConnections=3 or raise the database's connection limit");
            assertEquals(0, refused.rowsCommitted());
            assertEquals(0, refused.rowsCounted(), "the count check still ran");
            assertEquals(0, refused.seconds(), "the clock never started");

            role.awaitNoBackends();
            RunResult capped = runner.run(Mode.PARALLEL, pair, 100, 3, Dialect.newNamespace());
            assertNull(capped.error());
            assertEquals(500, capped.rowsCounted());
        }
    }

    /** The refusals of a run are counted in the bench's table, its results file and its exit status. */
    @Test
    void shouldCountEveryRefusedRunInTheTableTheResultsFileAndTheExitStatus(@TempDir Path dir) throws Exception {
        try (LimitedRole role = new LimitedRole(2)) {
            Path results = dir.resolve("bulk-results.json");
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            int exit = BulkBench.run(
                    new String[0],
                    () -> Settings.of(
                            Map.of(
                                    "bulk.url", LocalDatabases.POSTGRESQL_URL,
                                    "bulk.modes", "parallel",
                                    "bulk.pairs", "2x100 4x100",
                                    "bulk.repetitions", "2",
                                    "bulk.resultsFile", results.toString()),
                            Map.of("BULK_USER", role.name())),
                    new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));

            String table = out.toString(StandardCharsets.UTF_8);
            assertEquals(BulkBench.EXIT_RUN_FAILED, exit, table);
            assertContains(table, "FAILED 2 of 2 runs: the run needs 4 connections at once; the database accepted 2");
            Map<String, Object> doc = ResultJson.read(results);
            assertEquals("failed", doc.get("status"));
            List<?> rows = (List<?>) doc.get("results");
            assertEquals(0, ((Number) ((Map<?, ?>) rows.get(0)).get("failedRuns")).intValue(), "2x100 fits");
            assertEquals(2, ((Number) ((Map<?, ?>) rows.get(1)).get("failedRuns")).intValue(), "4x100 does not");
        }
    }

    /** A PostgreSQL role of its own with a connection limit, dropped afterwards. */
    private final class LimitedRole implements AutoCloseable {
        private final String name = "loadlab_limited_" + Dialect.newNamespace().toLowerCase(java.util.Locale.ROOT);

        LimitedRole(int connections) throws Exception {
            try (Connection admin = database.open();
                    Statement s = admin.createStatement()) {
                s.execute("create role " + name + " login connection limit " + connections);
                s.execute("grant create on database test to " + name);
            }
        }

        String name() {
            return name;
        }

        Database database() {
            return new Database(LocalDatabases.POSTGRESQL_URL, Optional.of(name), Optional.empty(), 5);
        }

        /** A closed connection's backend leaves a moment later; the role's limit counts it until then. */
        void awaitNoBackends() throws Exception {
            try (Connection admin = database.open()) {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while (Database.queryLong(admin, "select count(*) from pg_stat_activity where usename = '" + name + "'")
                                > 0
                        && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
            }
        }

        @Override
        public void close() throws Exception {
            awaitNoBackends();
            try (Connection admin = database.open();
                    Statement s = admin.createStatement()) {
                s.execute("revoke create on database test from " + name);
                s.execute("drop owned by " + name);
                s.execute("drop role " + name);
            }
        }
    }

    /**
     * A backend killed mid-run: the run fails cleanly (no exception escapes, no table left behind) and the rows
     * it reports as committed are exactly the rows in the table, checked before the drop.
     */
    @ParameterizedTest
    @EnumSource(Mode.class)
    void shouldFailCleanlyAndAccountForEveryCommittedRowWhenItsBackendIsTerminated(Mode mode) throws Exception {
        String ns = Dialect.newNamespace();
        Pair pair = new Pair(200, 5_000);
        BulkRunner runner = new BulkRunner(database, 0, true);
        CompletableFuture<RunResult> run =
                CompletableFuture.supplyAsync(() -> runner.run(mode, pair, 1_000, mode == Mode.SEQUENTIAL ? 1 : 4, ns));
        int killed = 0;
        try (Connection admin = database.open()) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (killed == 0 && !run.isDone() && System.nanoTime() < deadline) {
                if (committedSoFar(admin, ns) > 0) {
                    killed = terminateOneInserter(admin, ns);
                }
                Thread.sleep(5);
            }
        }
        RunResult result = run.get(120, TimeUnit.SECONDS);
        assertTrue(killed > 0, "no inserting backend was found to terminate; the run ended first: " + result);
        assertFalse(result.ok());
        assertContains(result.error(), "insert failed after");
        assertTrue(result.rowsCommitted() > 0 && result.rowsCommitted() < pair.rows(), result::toString);
        assertEquals(0, result.rowsCommitted() % pair.batchSize(), "only whole batches are committed");
        assertEquals(result.rowsCommitted(), result.rowsCounted(), "committed rows must match the table");
        try (Connection admin = database.open()) {
            assertFalse(database.exists(admin, ns), "the failed run leaves no schema behind");
        }
    }

    private long committedSoFar(Connection admin, String ns) {
        try {
            return database.exists(admin, ns) ? database.count(admin, ns) : 0;
        } catch (java.sql.SQLException e) {
            return 0;
        }
    }

    /** One backend inserting into this run's namespace: another test's run on the same server is left alone. */
    private static int terminateOneInserter(Connection admin, String ns) throws Exception {
        String sql = "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'loadlab-bulk'"
                + " and state = 'active' and query ilike 'insert into%' and position(lower(?) in lower(query)) > 0"
                + " limit 1";
        try (PreparedStatement s = admin.prepareStatement(sql)) {
            s.setString(1, ns);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() && rs.getBoolean(1) ? 1 : 0;
            }
        }
    }
}
