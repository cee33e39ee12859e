package dev.loadlab.bulk;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.postgresql.PGConnection;

/**
 * The database's own bulk paths, timed the way the bench times itself (statement and commit only, a fresh
 * table, GC before, count check after): {@code INSERT ... SELECT} from a series generated in the server, and
 * on PostgreSQL {@code COPY ... FROM STDIN} with its text prepared before the clock starts.
 */
final class NativeBaseline {
    enum Path {
        INSERT_SELECT,
        COPY
    }

    private final Database database;

    NativeBaseline(Database database) {
        this.database = database;
    }

    boolean supports(Path path) {
        return path == Path.INSERT_SELECT || database.dialect() == Dialect.POSTGRESQL;
    }

    /** Seconds for {@code rows} rows through {@code path}; throws when the table does not hold them after. */
    double seconds(Path path, int rows) throws SQLException {
        String ns = Dialect.newNamespace();
        try (Connection connection = database.open()) {
            database.create(connection, ns);
            try {
                byte[] copyText = path == Path.COPY ? copyText(rows) : null;
                connection.setAutoCommit(false);
                System.gc();
                long start = System.nanoTime();
                if (path == Path.COPY) {
                    connection
                            .unwrap(PGConnection.class)
                            .getCopyAPI()
                            .copyIn(
                                    "copy " + database.dialect().table(ns) + " (id, field) from stdin",
                                    new ByteArrayInputStream(copyText));
                } else {
                    try (Statement statement = connection.createStatement()) {
                        statement.executeUpdate(database.dialect().insertSelectSql(ns, rows));
                    }
                }
                connection.commit();
                double seconds = (System.nanoTime() - start) / 1e9;
                connection.setAutoCommit(true);
                long counted = database.count(connection, ns);
                if (counted != rows) {
                    throw new SQLException(path + " left " + counted + " rows instead of " + rows);
                }
                return seconds;
            } finally {
                connection.setAutoCommit(true);
                database.drop(connection, ns);
            }
        } catch (java.io.IOException e) {
            throw new SQLException("COPY failed: " + e.getMessage(), e);
        }
    }

    /** Tab-separated rows {@code i \t i}, the same ids and values the bench writes. */
    private static byte[] copyText(int rows) {
        StringBuilder text = new StringBuilder(rows * 16);
        for (int i = 0; i < rows; i++) {
            text.append(i).append('\t').append(i).append('\n');
        }
        return text.toString().getBytes(StandardCharsets.US_ASCII);
    }
}
