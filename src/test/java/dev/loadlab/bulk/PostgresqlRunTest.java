package dev.loadlab.bulk;

import static dev.loadlab.bulk.Texts.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Real runs against the local PostgreSQL (skipped with a notice where there is none). */
class PostgresqlRunTest {
    private Database database;

    @BeforeEach
    void requirePostgresql() {
        database = LocalDatabases.postgresql();
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void shouldInsertEveryRowAndPassTheCountCheck(Mode mode) {
        LocalDatabases.assertEveryRowCommittedAndCounted(database, mode);
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
                    killed = terminateOneInserter(admin);
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

    private static int terminateOneInserter(Connection admin) throws Exception {
        String sql = "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'loadlab-bulk'"
                + " and state = 'active' and query ilike 'insert into%' limit 1";
        try (Statement s = admin.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            return rs.next() && rs.getBoolean(1) ? 1 : 0;
        }
    }
}
