package dev.loadlab.bulk;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The timed part of a run: the inserts and commits, on connections and statements prepared beforehand, cut
 * as the {@link InsertPlan} says.
 * Each batch is committed on its own, and {@link #committed()} counts only batches whose commit returned,
 * so after a failure it tells the rows the table must hold. A commit that failed on the way back (the
 * connection died after the database had committed) leaves its batch in doubt: {@link #inDoubt()} counts
 * those rows, and the count check afterwards decides.
 */
final class Inserts {
    private final InsertPlan plan;
    private final AtomicLong committed = new AtomicLong();
    private final AtomicLong inDoubt = new AtomicLong();

    Inserts(InsertPlan plan) {
        this.plan = plan;
    }

    long committed() {
        return committed.get();
    }

    long inDoubt() {
        return inDoubt.get();
    }

    /** The statements one connection needs, by rows per statement; prepared before the clock starts. */
    Map<Integer, PreparedStatement> prepare(Connection connection, Dialect dialect, String namespace)
            throws SQLException {
        Map<Integer, PreparedStatement> statements = new HashMap<>();
        for (int rows : plan.statementSizes()) {
            String sql = rows == InsertPlan.ARRAY_STATEMENT
                    ? dialect.arrayInsertSql(namespace)
                    : dialect.insertSql(namespace, rows);
            statements.put(rows, connection.prepareStatement(sql));
        }
        return statements;
    }

    /** Row ids run from 0 to rows-1 across all batches, as in bulkbench; field is the id as a double. */
    void batch(Connection connection, Map<Integer, PreparedStatement> statements, int batchIndex) throws SQLException {
        int batchSize = plan.batchSize();
        int next = batchIndex * batchSize;
        int end = next + batchSize;
        try {
            while (next < end) {
                int flushEnd = Math.min(next + plan.flushRows(), end);
                if (plan.arrays()) {
                    next = arrayFlush(statements.get(InsertPlan.ARRAY_STATEMENT), next, flushEnd);
                    continue;
                }
                PreparedStatement full = null;
                PreparedStatement rest = null;
                while (next < flushEnd) {
                    int rows = Math.min(plan.statementRows(), flushEnd - next);
                    PreparedStatement insert = statements.get(rows);
                    int parameter = 1;
                    for (int i = 0; i < rows; i++, next++) {
                        insert.setInt(parameter++, next);
                        insert.setDouble(parameter++, next);
                    }
                    insert.addBatch();
                    if (rows == plan.statementRows()) {
                        full = insert;
                    } else {
                        rest = insert;
                    }
                }
                if (full != null) {
                    full.executeBatch();
                }
                if (rest != null) {
                    rest.executeBatch();
                }
            }
            commit(connection, batchSize);
        } catch (SQLException e) {
            rollbackQuietly(connection);
            throw e;
        }
        committed.addAndGet(batchSize);
    }

    private void commit(Connection connection, int rows) throws SQLException {
        try {
            connection.commit();
        } catch (SQLException e) {
            inDoubt.addAndGet(rows);
            throw e;
        }
    }

    /** Rows {@code from} to {@code to - 1} as one insert of two arrays; returns {@code to}. */
    private static int arrayFlush(PreparedStatement insert, int from, int to) throws SQLException {
        int[] ids = new int[to - from];
        double[] fields = new double[to - from];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = from + i;
            fields[i] = from + i;
        }
        insert.setObject(1, ids);
        insert.setObject(2, fields);
        insert.executeUpdate();
        return to;
    }

    void sequential(Connection connection, Map<Integer, PreparedStatement> statements, Pair pair) throws SQLException {
        for (int b = 0; b < pair.batchCount(); b++) {
            batch(connection, statements, b);
        }
    }

    /**
     * One thread per connection, each taking batches in turn: with a connection per batch (the default, as
     * bulkbench's goroutine per batch) every batch is in flight at once; under a cap at most
     * {@code connections.size()}. The clock starts when every worker stands at the gate, so none has a head start;
     * after the first failure no new batch starts (the ones in flight finish or fail on their own).
     */
    void parallel(
            List<Connection> connections,
            List<Map<Integer, PreparedStatement>> statements,
            Pair pair,
            Runnable startClock)
            throws SQLException, InterruptedException {
        int workers = connections.size();
        ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
            Thread thread = new Thread(r, "bulk-worker");
            thread.setDaemon(true);
            return thread;
        });
        CountDownLatch ready = new CountDownLatch(workers);
        CountDownLatch gate = new CountDownLatch(1);
        AtomicInteger nextBatch = new AtomicInteger();
        List<Future<Void>> futures = new ArrayList<>();
        try {
            for (int w = 0; w < workers; w++) {
                Connection connection = connections.get(w);
                Map<Integer, PreparedStatement> prepared = statements.get(w);
                futures.add(pool.submit(() -> {
                    ready.countDown();
                    gate.await();
                    for (int b = nextBatch.getAndIncrement(); b < pair.batchCount(); b = nextBatch.getAndIncrement()) {
                        try {
                            batch(connection, prepared, b);
                        } catch (SQLException e) {
                            nextBatch.set(pair.batchCount());
                            throw e;
                        }
                    }
                    return null;
                }));
            }
            ready.await();
            startClock.run();
            gate.countDown();
            SQLException first = null;
            for (Future<Void> future : futures) {
                try {
                    future.get();
                } catch (ExecutionException e) {
                    if (first == null) {
                        first = e.getCause() instanceof SQLException s ? s : new SQLException(e.getCause());
                    }
                }
            }
            if (first != null) {
                throw first;
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static void rollbackQuietly(Connection connection) {
        try {
            connection.rollback();
        } catch (SQLException ignored) {
            // The connection is likely gone; the count check tells what was kept.
        }
    }
}
