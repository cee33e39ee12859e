package dev.loadlab.bulk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Set;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Watches a run's real connections ({@link Database#wrapping}): how many inserting connections (those that
 * prepared an insert) were open at once, and which of them sent an insert. With {@code together > 0}, each
 * connection's first insert waits until {@code together} connections are inserting at the same moment, so a
 * run that passes through this watch has proven that many batches in flight at once; fewer, and the inserts fail
 * after {@code patienceSeconds} (a guard against hanging, not a measure of speed).
 */
final class ConnectionWatch {
    private final AtomicInteger workersOpen = new AtomicInteger();
    private final AtomicInteger mostWorkersOpen = new AtomicInteger();
    private final Set<Connection> inserted = ConcurrentHashMap.newKeySet();
    private final CyclicBarrier together;
    private final int patienceSeconds;

    ConnectionWatch(int together, int patienceSeconds) {
        this.together = together > 0 ? new CyclicBarrier(together) : null;
        this.patienceSeconds = patienceSeconds;
    }

    /** Counts only. */
    ConnectionWatch() {
        this(0, 0);
    }

    /**
     * Runs parallel mode on {@code connections} watched connections and asserts that the run had no error and that
     * {@code together} connections were open, and inserting, at once.
     */
    static RunResult runParallelAndAssertTogether(
            Database database, Pair pair, int flushRows, int connections, int together) {
        ConnectionWatch watch = new ConnectionWatch(together, 120);

        RunResult result = new BulkRunner(watch.over(database), 0, true)
                .run(Mode.PARALLEL, pair, flushRows, connections, Dialect.newNamespace());

        assertNull(result.error());
        assertEquals(together, watch.mostWorkersOpenAtOnce(), "connections open at once");
        assertEquals(together, watch.connectionsThatInserted(), "connections inserting at once");
        return result;
    }

    /** {@code database} with every connection watched. */
    Database over(Database database) {
        return database.wrapping(this::wrap);
    }

    /** The most connections that had prepared an insert and were not yet closed, at any one moment. */
    int mostWorkersOpenAtOnce() {
        return mostWorkersOpen.get();
    }

    /** Distinct connections that sent at least one insert. */
    int connectionsThatInserted() {
        return inserted.size();
    }

    private Connection wrap(Connection real) {
        boolean[] worker = {false};
        InvocationHandler handler = (proxy, method, args) -> {
            String name = method.getName();
            if (name.equals("prepareStatement") && !worker[0]) {
                worker[0] = true;
                mostWorkersOpen.accumulateAndGet(workersOpen.incrementAndGet(), Math::max);
            }
            if (name.equals("close") && worker[0] && !real.isClosed()) {
                workersOpen.decrementAndGet();
            }
            Object result = invoke(real, method, args);
            if (result instanceof PreparedStatement statement) {
                return watchInserts(statement, (Connection) proxy);
            }
            return result;
        };
        return (Connection)
                Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class}, handler);
    }

    private PreparedStatement watchInserts(PreparedStatement real, Connection connection) {
        InvocationHandler handler = (proxy, method, args) -> {
            if (method.getName().startsWith("execute") && inserted.add(connection)) {
                awaitTheOthers();
            }
            return invoke(real, method, args);
        };
        return (PreparedStatement) Proxy.newProxyInstance(
                PreparedStatement.class.getClassLoader(), new Class<?>[] {PreparedStatement.class}, handler);
    }

    private void awaitTheOthers() throws SQLException {
        if (together == null) {
            return;
        }
        try {
            together.await(patienceSeconds, TimeUnit.SECONDS);
        } catch (TimeoutException | BrokenBarrierException e) {
            throw new SQLException("only " + inserted.size() + " of " + together.getParties()
                    + " connections were inserting at once (watch: "
                    + e.getClass().getSimpleName() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while waiting for the other connections");
        }
    }

    private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
