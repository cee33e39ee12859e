package dev.loadlab.bulk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Parallel mode as bulkbench runs it, on the bench's own H2 server: one connection per batch, every batch in flight
 * at once; a cap, when set, bounds the connections. Watched through the real connections ({@link ConnectionWatch}).
 */
class ParallelConnectionsTest {
    private static BulkTarget target;

    @BeforeAll
    static void startH2() {
        target = BulkTarget.open(TestSettings.of());
    }

    @AfterAll
    static void stopH2() {
        target.close();
    }

    /** The study's 1, 10 and 100 connections, with small batches: the point is the connections. */
    @ParameterizedTest
    @ValueSource(ints = {1, 10, 100})
    void shouldGiveEachBatchItsOwnConnectionWithEveryBatchInFlightAtOnceByDefault(int batches) {
        assertOneConnectionPerBatchAllInFlight(batches);
    }

    /** The study's largest, 1,000 connections: about 12 s of connecting, so with -Plong-checks (as .ci/run runs). */
    @Test
    @Tag("long")
    void shouldGiveEachOfAThousandBatchesItsOwnConnectionAllInFlightAtOnce() {
        assertOneConnectionPerBatchAllInFlight(1_000);
    }

    private static void assertOneConnectionPerBatchAllInFlight(int batches) {
        Pair pair = new Pair(batches, 20);
        int connections = TestSettings.of().connectionsFor(Mode.PARALLEL, pair);
        assertEquals(batches, connections, "one connection per batch, no cap by default");

        RunResult result =
                ConnectionWatch.runParallelAndAssertTogether(target.database(), pair, 20, connections, batches);

        assertEquals(pair.rows(), result.rowsCommitted());
        assertEquals(pair.rows(), result.rowsCounted(), "rows reported are rows counted in the table");
    }

    @Test
    void shouldHoldNoMoreConnectionsThanTheCapWhichTakeTheBatchesInTurn() {
        Pair pair = new Pair(40, 25);
        int connections = TestSettings.of(Map.of("bulk.maxConnections", "4")).connectionsFor(Mode.PARALLEL, pair);
        assertEquals(4, connections);

        RunResult result = ConnectionWatch.runParallelAndAssertTogether(target.database(), pair, 25, connections, 4);

        assertEquals(1_000, result.rowsCounted());
    }

    @Test
    void shouldRunSequentialModeOnOneConnection() {
        ConnectionWatch watch = new ConnectionWatch();
        RunResult result = new BulkRunner(watch.over(target.database()), 0, true)
                .run(Mode.SEQUENTIAL, new Pair(30, 10), 10, 1, Dialect.newNamespace());
        assertNull(result.error());
        assertEquals(1, watch.mostWorkersOpenAtOnce());
        assertEquals(300, result.rowsCounted());
    }
}
