package dev.loadlab.bulk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The real runs every local database passes alike, and the database each test of one runs on: the test class of a
 * database extends this and says how to reach it.
 */
abstract class LocalDatabaseRuns {
    Database database;

    /** The database, reachable, or the test is skipped with a notice (see {@link LocalDatabases}). */
    abstract Database reach();

    @BeforeEach
    void reachTheDatabase() {
        database = reach();
    }

    /** 10 batches of 2,000 rows, all committed and all counted. */
    @ParameterizedTest
    @EnumSource(Mode.class)
    void shouldInsertEveryRowAndPassTheCountCheck(Mode mode) {
        RunResult result = new BulkRunner(database, 0, true)
                .run(mode, new Pair(10, 2_000), 500, mode == Mode.SEQUENTIAL ? 1 : 4, Dialect.newNamespace());
        assertNull(result.error());
        assertEquals(20_000, result.rowsCommitted());
        assertEquals(20_000, result.rowsCounted());
    }

    /** 20 batches of 500 rows in parallel mode, each on its own connection, all at once. */
    @Test
    void shouldHoldOneConnectionPerBatchWithEveryBatchInFlightAtOnce() {
        Pair pair = new Pair(20, 500);
        int connections = TestSettings.of().connectionsFor(Mode.PARALLEL, pair);

        RunResult result = ConnectionWatch.runParallelAndAssertTogether(database, pair, 500, connections, 20);

        assertEquals(10_000, result.rowsCounted());
    }
}
