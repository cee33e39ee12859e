package dev.loadlab.bulk;

import static dev.loadlab.bulk.Texts.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Real runs against the bench's own H2 server, over TCP. */
class H2RunTest {
    private static BulkTarget target;
    private static Database database;

    @BeforeAll
    static void startH2() {
        target = BulkTarget.open(TestSettings.of());
        database = target.database();
    }

    @AfterAll
    static void stopH2() {
        target.close();
    }

    @Test
    void shouldServeTheEmbeddedH2OverTcpOnLoopback() {
        assertTrue(database.shownUrl().startsWith("jdbc:h2:tcp://127.0.0.1:"), database.shownUrl());
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void shouldInsertEveryRowAndPassTheCountCheck(Mode mode) {
        BulkRunner runner = new BulkRunner(database, 0, true);
        RunResult result =
                runner.run(mode, new Pair(7, 1_000), 300, mode == Mode.SEQUENTIAL ? 1 : 3, Dialect.newNamespace());
        assertNull(result.error());
        assertEquals(7_000, result.rowsCommitted());
        assertEquals(7_000, result.rowsCounted());
        assertTrue(result.seconds() > 0);
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void shouldWriteEveryRowOnceWithMultiRowStatementsAndUnevenFlushes(Mode mode) throws Exception {
        String ns = Dialect.newNamespace();
        RunResult result = new BulkRunner(database, 0, false, 7).run(mode, new Pair(3, 250), 40, 2, ns);
        assertNull(result.error());
        assertEquals(7, result.statementRows());
        try (Connection c = database.open()) {
            assertEquals(750, idsWrittenAsTheirOwnField(c, ns, 750));
            database.drop(c, ns);
        }
    }

    @Test
    void shouldDropTheRunsNamespaceAfterwardsByDefault() throws Exception {
        String ns = Dialect.newNamespace();
        new BulkRunner(database, 0, true).run(Mode.SEQUENTIAL, new Pair(2, 10), 10, 1, ns);
        try (Connection c = database.open()) {
            assertFalse(database.exists(c, ns));
        }
    }

    @Test
    void shouldKeepTheTableWhenDropIsOff() throws Exception {
        String ns = Dialect.newNamespace();
        new BulkRunner(database, 0, false).run(Mode.PARALLEL, new Pair(4, 25), 25, 2, ns);
        try (Connection c = database.open()) {
            assertEquals(100, database.count(c, ns));
            database.drop(c, ns);
        }
    }

    @Test
    void shouldWriteIdsZeroToRowsMinusOneWithTheIdAsField() throws Exception {
        String ns = Dialect.newNamespace();
        new BulkRunner(database, 0, false).run(Mode.PARALLEL, new Pair(5, 20), 7, 2, ns);
        try (Connection c = database.open()) {
            assertEquals(100, idsWrittenAsTheirOwnField(c, ns, 100));
            database.drop(c, ns);
        }
    }

    @Test
    void shouldDropARunsTableOnTheWayOutWhenStoppedMidRun() throws Exception {
        String ns = Dialect.newNamespace();
        BulkRunner runner = new BulkRunner(database, 2, true);
        CompletableFuture<RunResult> run = startInTheBackground(runner, ns);
        try (Connection c = database.open()) {
            awaitTable(c, ns);
            runner.dropLeftovers(); // what the shutdown hook does on Ctrl-C or SIGTERM
            assertFalse(database.exists(c, ns));
        }
        assertFalse(run.get(30, TimeUnit.SECONDS).ok(), "the run cannot go on without its table");
    }

    @Test
    void shouldFailTheRunWhenTheTableHoldsOtherRowsThanItCommitted() throws Exception {
        String ns = Dialect.newNamespace();
        BulkRunner runner = new BulkRunner(database, 2, true);
        CompletableFuture<RunResult> run = startInTheBackground(runner, ns);
        // The run waits 2 s before its clock starts: a foreign row slips in meanwhile.
        try (Connection c = database.open()) {
            awaitTable(c, ns);
            try (Statement s = c.createStatement()) {
                s.executeUpdate("insert into " + database.dialect().table(ns) + " values (-1, -1)");
            }
        }
        RunResult result = run.get(30, TimeUnit.SECONDS);
        assertContains(result.error(), "count check failed: the table holds 301 rows, the run committed 300");
        assertEquals(301, result.rowsCounted());
        try (Connection c = database.open()) {
            assertFalse(database.exists(c, ns), "a failed run leaves no table behind");
        }
    }

    @Test
    void shouldHoldABatchInDoubtWhenItsCommitReachedTheTableButTheAnswerWasLost() throws Exception {
        String ns = Dialect.newNamespace();
        Inserts inserts = new Inserts(new InsertPlan(50, 50, 10));
        try (Connection admin = database.open();
                Connection real = database.open()) {
            database.recreate(admin, ns);
            real.setAutoCommit(false);
            Connection answerLost = commitsThenFails(real);
            java.sql.SQLException failure = org.junit.jupiter.api.Assertions.assertThrows(
                    java.sql.SQLException.class,
                    () -> inserts.batch(answerLost, inserts.prepare(answerLost, database.dialect(), ns), 0));
            assertContains(failure.getMessage(), "answer lost");
            assertEquals(0, inserts.committed(), "a commit without an answer is not counted as committed");
            assertEquals(50, inserts.inDoubt());
            assertEquals(50, database.count(admin, ns), "the database kept the batch");
            database.drop(admin, ns);
        }
    }

    /** How many of the ids 0 to {@code rows - 1} the table holds, each once and with itself as its field. */
    private static long idsWrittenAsTheirOwnField(Connection c, String ns, int rows) throws java.sql.SQLException {
        return Database.queryLong(
                c,
                "select count(distinct id) from " + database.dialect().table(ns) + " where id between 0 and "
                        + (rows - 1) + " and field = id");
    }

    /** Runs three batches of 100 rows, one after another, in another thread. */
    private static CompletableFuture<RunResult> startInTheBackground(BulkRunner runner, String ns) {
        return CompletableFuture.supplyAsync(() -> runner.run(Mode.SEQUENTIAL, new Pair(3, 100), 100, 1, ns));
    }

    /** A real connection whose commit goes through and then reports a broken connection, as a killed backend can. */
    private static Connection commitsThenFails(Connection real) {
        return (Connection) java.lang.reflect.Proxy.newProxyInstance(
                Connection.class.getClassLoader(), new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                    Object result;
                    try {
                        result = method.invoke(real, args);
                    } catch (java.lang.reflect.InvocationTargetException e) {
                        throw e.getCause();
                    }
                    if (method.getName().equals("commit")) {
                        throw new java.sql.SQLException("connection closed: answer lost", "08006");
                    }
                    return result;
                });
    }

    /**
     * Waits up to 10 s for a run in another thread to have created its table: the schema comes first and the
     * table a statement later, so the wait is for a count that answers.
     */
    private void awaitTable(Connection c, String ns) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!tableAnswers(c, ns) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }

    private boolean tableAnswers(Connection c, String ns) {
        try {
            return database.exists(c, ns) && database.count(c, ns) >= 0;
        } catch (java.sql.SQLException notYet) {
            return false;
        }
    }
}
