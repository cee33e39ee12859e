package dev.loadlab.bulk;

import dev.loadlab.settings.SettingError;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * What the web UI works on: one namespace for the whole session (so the table commands see what a run
 * left when {@code drop=false}), the runs made so far, and one run or command at a time.
 */
final class WebSession {
    private static final int KEPT_RESULTS = 50;

    private final BulkSettings settings;
    private final BulkRunner runner;
    private final RuntimeInfo runtime;
    private final String namespace = Dialect.newNamespace();
    private final List<RunResult> results = new ArrayList<>();
    private final ReentrantLock busy = new ReentrantLock();

    WebSession(BulkSettings settings, BulkRunner runner, RuntimeInfo runtime) {
        this.settings = settings;
        this.runner = runner;
        this.runtime = runtime;
    }

    BulkSettings settings() {
        return settings;
    }

    RuntimeInfo runtime() {
        return runtime;
    }

    String table() {
        return runner.database().dialect().table(namespace);
    }

    synchronized List<RunResult> results() {
        return List.copyOf(results);
    }

    /** Null when another run or command is in progress (the caller answers 409). */
    Map<String, Object> test(Mode mode, Pair pair) {
        if (!busy.tryLock()) {
            return null;
        }
        try {
            RunResult result = runner.run(
                    mode,
                    pair,
                    settings.flushRowsFor(pair.batchSize()),
                    settings.connectionsFor(mode, pair),
                    namespace);
            synchronized (this) {
                results.add(0, result);
                if (results.size() > KEPT_RESULTS) {
                    results.remove(KEPT_RESULTS);
                }
            }
            return describe(result);
        } finally {
            busy.unlock();
        }
    }

    Map<String, Object> describe(RunResult r) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("mode", r.mode().label());
        json.put("batchCount", r.pair().batchCount());
        json.put("batchSize", r.pair().batchSize());
        json.put("rows", r.pair().rows());
        json.put("flushRows", r.flushRows());
        json.put("statementRows", r.statementRows());
        json.put("connections", r.connections());
        json.put("seconds", r.seconds());
        json.put("rowsPerSecond", r.rowsPerSecond());
        json.put("rowsCommitted", r.rowsCommitted());
        json.put("rowsCounted", r.rowsCounted());
        json.put("table", table());
        json.put("error", r.error());
        return json;
    }

    /** Table commands as in bulkbench: create, drop, count; null when busy. */
    Map<String, Object> command(String command) {
        if (!busy.tryLock()) {
            return null;
        }
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("command", command);
        json.put("table", table());
        Database database = runner.database();
        try (Connection connection = database.open()) {
            switch (command) {
                case "create" -> database.recreate(connection, namespace);
                case "drop" -> {
                    if (database.exists(connection, namespace)) {
                        database.drop(connection, namespace);
                    }
                }
                case "count" -> json.put("rows", database.count(connection, namespace));
                default -> throw new IllegalArgumentException(command);
            }
            json.put("error", null);
        } catch (SQLException e) {
            json.put("error", database.firstLine(e));
        } catch (SettingError e) {
            json.put("error", e.getMessage());
        } finally {
            busy.unlock();
        }
        return json;
    }
}
