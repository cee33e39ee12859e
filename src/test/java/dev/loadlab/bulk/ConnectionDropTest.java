package dev.loadlab.bulk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;

/**
 * The database drops the bench's connection in the middle of a run (PostgreSQL ends the backend, as an administrator
 * or a failover would): the run fails with one line, never hangs, and the rows it reports committed are exactly the
 * rows the table holds.
 */
class ConnectionDropTest {
    private static final int COMMITS_BEFORE_DROP = 3;

    @Test
    void shouldFailCleanlyWithCommittedRowsEqualToTheTableWhenTheConnectionDrops() throws Exception {
        Database database = LocalDatabases.postgresql();
        String namespace = Dialect.newNamespace();
        Pair pair = new Pair(100, 1_000);
        AtomicInteger ended = new AtomicInteger();

        RunResult result;
        try (Connection admin = database.open()) {
            Database dropping = database.wrapping(c -> endedAfterCommits(c, admin, ended));
            result = new BulkRunner(dropping, 0, true).run(Mode.SEQUENTIAL, pair, 1_000, 1, namespace);
        }

        assertEquals(1, ended.get(), "the worker's backend was ended once; the run: " + result);
        assertNotNull(result.error(), "a run whose connection dropped must fail");
        assertTrue(
                result.error().startsWith("insert failed after " + result.rowsCommitted() + " committed rows"),
                result.error());
        assertEquals(COMMITS_BEFORE_DROP * 1_000L, result.rowsCommitted(), "the batches committed before the drop");
        assertEquals(result.rowsCommitted(), result.rowsCounted(), "committed rows are the rows in the table");
        try (Connection check = database.open()) {
            assertTrue(!database.exists(check, namespace), "the run's table is dropped even so");
        }
    }

    /** A connection whose backend the server ends (pg_terminate_backend, from {@code admin}) after its third commit. */
    private static Connection endedAfterCommits(Connection connection, Connection admin, AtomicInteger ended) {
        AtomicInteger commits = new AtomicInteger();
        return (Connection) Proxy.newProxyInstance(
                Connection.class.getClassLoader(), new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                    Object value;
                    try {
                        value = method.invoke(connection, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                    if (method.getName().equals("commit") && commits.incrementAndGet() == COMMITS_BEFORE_DROP) {
                        end(connection.unwrap(PGConnection.class).getBackendPID(), admin);
                        ended.incrementAndGet();
                    }
                    return value;
                });
    }

    private static void end(int backendPid, Connection admin) throws SQLException {
        try (var statement = admin.createStatement()) {
            statement.execute("SELECT pg_terminate_backend(" + backendPid + ")");
        }
    }
}
