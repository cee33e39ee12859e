package dev.loadlab.bulk;

import dev.loadlab.settings.SettingError;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * One run: fresh table, connections and statements ready, wait, GC, then the timed inserts and commits,
 * then the count check and the drop. Only the inserts and commits are on the clock.
 */
public final class BulkRunner {
    private final Database database;
    private final int waitSeconds;
    private final boolean drop;
    private final int statementRows;
    private final boolean arrays;
    /** Namespaces created and not yet dropped, for {@link #dropLeftovers()} when the JVM is stopped mid-run. */
    private final Set<String> undropped = ConcurrentHashMap.newKeySet();

    /**
     * {@code statementRows}: rows per insert statement; 0: the dialect's choice, one array insert per flush on
     * PostgreSQL ({@link Dialect#arrayInsertByDefault()}), single-row inserts batched by the driver elsewhere.
     */
    public BulkRunner(Database database, int waitSeconds, boolean drop, int statementRows) {
        this.database = database;
        this.waitSeconds = waitSeconds;
        this.drop = drop;
        this.arrays = statementRows == 0 && database.dialect().arrayInsertByDefault();
        this.statementRows = statementRows == 0 ? 1 : statementRows;
    }

    public BulkRunner(Database database, int waitSeconds, boolean drop) {
        this(database, waitSeconds, drop, 0);
    }

    public BulkRunner(Database database, BulkSettings settings) {
        this(database, settings.waitSeconds(), settings.drop(), settings.statementRows());
    }

    /** Rows per insert statement for a run with {@code flushRows} rows per executeBatch. */
    public int statementRowsFor(int flushRows) {
        return arrays ? flushRows : Math.min(statementRows, flushRows);
    }

    public Database database() {
        return database;
    }

    /** Runs {@code pair} in {@code mode} in a namespace of its own. Never throws: failures are in the result. */
    public RunResult run(Mode mode, Pair pair, int flushRows, int connections, String namespace) {
        Inserts inserts = new Inserts(new InsertPlan(pair.batchSize(), flushRows, statementRows, arrays));
        long[] clock = new long[2];
        String error = null;
        long counted = -1;
        Connection admin = null;
        boolean created = false;
        List<Connection> workers = new ArrayList<>();
        try {
            admin = database.open();
            if (drop) {
                // before the table exists: a stop that comes as soon as it does must find it (dropLeftovers checks)
                undropped.add(namespace);
            }
            database.recreate(admin, namespace);
            created = true;
            // While it inserts the run holds its workers' connections and no other: N batches, N connections, so
            // a database whose limit is N takes the study's pair (PostgreSQL's default 100 for 100x1000).
            closeQuietly(admin);
            admin = null;
            List<Map<Integer, PreparedStatement>> statements = new ArrayList<>();
            for (int i = 0; i < connections; i++) {
                Connection worker = connectWorker(workers.size(), connections);
                workers.add(worker);
                worker.setAutoCommit(false);
                statements.add(inserts.prepare(worker, database.dialect(), namespace));
            }
            settle();
            try {
                if (mode == Mode.SEQUENTIAL) {
                    clock[0] = System.nanoTime();
                    inserts.sequential(workers.get(0), statements.get(0), pair);
                } else {
                    inserts.parallel(workers, statements, pair, () -> clock[0] = System.nanoTime());
                }
            } catch (SQLException e) {
                error = "insert failed after " + inserts.committed() + " committed rows: " + database.firstLine(e);
            } finally {
                clock[1] = System.nanoTime();
            }
        } catch (SettingError | ConnectionRefused e) {
            error = e.getMessage();
        } catch (SQLException e) {
            error = "setup failed: " + database.firstLine(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            error = "interrupted";
        } finally {
            workers.forEach(BulkRunner::closeQuietly);
        }
        long committed = inserts.committed();
        if (created && admin == null) {
            try {
                admin = reconnect();
            } catch (SQLException e) {
                error = join(error, "count check failed: no connection after the run: " + database.firstLine(e));
            }
        }
        if (admin != null) {
            try {
                counted = database.count(admin, namespace);
                long unconfirmed = counted - committed;
                if (unconfirmed > 0 && unconfirmed <= inserts.inDoubt() && unconfirmed % pair.batchSize() == 0) {
                    committed = counted;
                    error = join(
                            error,
                            unconfirmed + " rows whose commit got no answer are in the table: counted as committed");
                } else if (unconfirmed != 0) {
                    error = join(
                            error,
                            "count check failed: the table holds " + counted + " rows, the run committed " + committed);
                }
            } catch (SQLException e) {
                error = join(error, "count check failed: " + database.firstLine(e));
            }
            if (error == null && committed != pair.rows()) {
                // Rows reported are rows verified: a run that passes has all its rows in the table.
                error = "the run committed " + committed + " of " + pair.rows() + " rows";
            }
            if (drop) {
                try {
                    database.drop(admin, namespace);
                    undropped.remove(namespace);
                } catch (SQLException e) {
                    error = join(error, "drop of " + namespace + " failed: " + database.firstLine(e));
                }
            }
        }
        closeQuietly(admin);
        double seconds = clock[0] == 0 ? 0 : (clock[1] - clock[0]) / 1e9;
        return new RunResult(
                mode, pair, flushRows, statementRowsFor(flushRows), connections, seconds, committed, counted, error);
    }

    /**
     * A connection for the count check and the drop, right after the workers closed theirs. A database at its
     * connection limit may not have freed their slots yet (a PostgreSQL backend exits after its client has gone),
     * so a refusal is tried again for a few seconds.
     */
    private Connection reconnect() throws SQLException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            try {
                return database.connect();
            } catch (SQLException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                try {
                    TimeUnit.MILLISECONDS.sleep(50);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    /**
     * The next of a run's {@code needed} connections. A refusal after some were accepted is the database's
     * connection limit (PostgreSQL's max_connections, MariaDB's max_connections, a role's limit): the run fails
     * at once with how many it got, before any row is sent, rather than run on fewer connections than it says.
     */
    private Connection connectWorker(int accepted, int needed) throws ConnectionRefused {
        try {
            return database.connect();
        } catch (SQLException e) {
            String message = needed == 1
                    ? "the database refused the run's connection: " + database.firstLine(e)
                    : "the run needs " + needed + " connections at once; the database accepted " + accepted
                            + ", then refused one: " + database.firstLine(e);
            if (accepted > 0) {
                message += "; cap them with -D" + BulkKnobs.MAX_CONNECTIONS.name() + "=" + accepted
                        + " or raise the database's connection limit";
            }
            throw new ConnectionRefused(message);
        }
    }

    /** A run's connection refused by the database; its message is the run's error line. */
    private static final class ConnectionRefused extends Exception {
        ConnectionRefused(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * Drops what a run in progress created, for a shutdown hook (Ctrl-C, SIGTERM): the database is left as the
     * bench found it, even when it is stopped mid-run. Quiet: the database may be gone too.
     */
    public void dropLeftovers() {
        for (String namespace : undropped) {
            try (Connection connection = database.open()) {
                if (database.exists(connection, namespace)) {
                    database.drop(connection, namespace);
                }
                undropped.remove(namespace);
            } catch (SQLException | RuntimeException e) {
                System.err.println("bulk: could not drop " + namespace + " on the way out: " + database.firstLine(e));
            }
        }
    }

    /** A JVM shutdown hook that calls {@link #dropLeftovers()}; returns this runner. */
    public BulkRunner dropLeftoversOnShutdown() {
        Runtime.getRuntime().addShutdownHook(new Thread(this::dropLeftovers, "bulk-cleanup"));
        return this;
    }

    /** bulkbench's wait (less pressure from the previous run), then GC so no run pays for another's garbage. */
    private void settle() throws InterruptedException {
        if (waitSeconds > 0) {
            TimeUnit.SECONDS.sleep(waitSeconds);
        }
        System.gc();
    }

    private static String join(String first, String second) {
        return first == null ? second : first + "; " + second;
    }

    private static void closeQuietly(Connection connection) {
        if (connection == null) {
            return;
        }
        try {
            connection.close();
        } catch (SQLException ignored) {
            // Closing a broken connection may fail; nothing to keep from it.
        }
    }
}
