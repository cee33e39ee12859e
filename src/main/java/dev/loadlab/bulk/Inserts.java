package dev.loadlab.bulk;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The timed part of a run: the inserts and commits, on connections and statements prepared beforehand.
 * Each batch is committed on its own, and {@link #committed()} counts only batches whose commit returned,
 * so after a failure it tells exactly the rows the table must hold.
 */
final class Inserts {
    private final int flushRows;
    private final AtomicLong committed = new AtomicLong();

    Inserts(int flushRows) {
        this.flushRows = flushRows;
    }

    long committed() {
        return committed.get();
    }

    /** Row ids run from 0 to rows-1 across all batches, as in bulkbench; field is the id as a double. */
    void batch(Connection connection, PreparedStatement insert, int batchIndex, int batchSize) throws SQLException {
        int first = batchIndex * batchSize;
        try {
            for (int i = 0; i < batchSize; i++) {
                insert.setInt(1, first + i);
                insert.setDouble(2, first + i);
                insert.addBatch();
                if ((i + 1) % flushRows == 0 || i == batchSize - 1) {
                    insert.executeBatch();
                }
            }
            connection.commit();
        } catch (SQLException e) {
            rollbackQuietly(connection);
            throw e;
        }
        committed.addAndGet(batchSize);
    }

    void sequential(Connection connection, PreparedStatement insert, Pair pair) throws SQLException {
        for (int b = 0; b < pair.batchCount(); b++) {
            batch(connection, insert, b, pair.batchSize());
        }
    }

    /**
     * One task per batch, taken in turn by one thread per connection, so at most {@code connections.size()}
     * batches are in flight. The clock starts when every worker stands at the gate; after the first failure no
     * new batch starts (the ones in flight finish or fail on their own).
     */
    void parallel(List<Connection> connections, List<PreparedStatement> inserts, Pair pair, Runnable startClock)
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
                PreparedStatement insert = inserts.get(w);
                futures.add(pool.submit(() -> {
                    ready.countDown();
                    gate.await();
                    for (int b = nextBatch.getAndIncrement(); b < pair.batchCount(); b = nextBatch.getAndIncrement()) {
                        try {
                            batch(connection, insert, b, pair.batchSize());
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
