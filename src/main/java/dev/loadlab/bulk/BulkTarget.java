package dev.loadlab.bulk;

import dev.loadlab.settings.SettingError;
import dev.loadlab.shared.EmbeddedH2;
import java.sql.SQLException;
import java.util.Optional;

/**
 * The database a bench session loads: the one {@code bulk.url} names, or an H2 server the bench starts on
 * a free loopback port and stops on {@link #close()}.
 */
public final class BulkTarget implements AutoCloseable {
    private final EmbeddedH2 embedded;
    private final Database database;

    private BulkTarget(EmbeddedH2 embedded, Database database) {
        this.embedded = embedded;
        this.database = database;
    }

    public static BulkTarget open(BulkSettings settings) {
        if (!settings.embedded()) {
            return new BulkTarget(
                    null,
                    new Database(settings.url(), settings.user(), settings.password(), settings.loginTimeoutSeconds()));
        }
        try {
            EmbeddedH2 h2 = EmbeddedH2.start();
            return new BulkTarget(
                    h2,
                    new Database(
                            h2.url(),
                            Optional.of(h2.user()),
                            Optional.of(h2.password()),
                            settings.loginTimeoutSeconds()));
        } catch (SQLException e) {
            throw new SettingError(BulkKnobs.URL.name()
                    + " (empty: embedded H2): the embedded H2 server did not start: " + e.getMessage());
        }
    }

    public Database database() {
        return database;
    }

    @Override
    public void close() {
        if (embedded != null) {
            embedded.close();
        }
    }
}
