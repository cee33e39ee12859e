package dev.loadlab.bulk;

import static dev.loadlab.bulk.Texts.assertContains;
import static dev.loadlab.bulk.Texts.assertLacks;
import static dev.loadlab.bulk.Texts.assertOneLine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.loadlab.settings.SettingError;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Real runs against the local MariaDB (skipped with a notice where there is none). */
class MariadbRunTest extends LocalDatabaseRuns {
    @Override
    Database reach() {
        return LocalDatabases.mariadb();
    }

    /**
     * MariaDB refuses connections past its max_connections (151 by default) or an account's
     * max_user_connections, used here so the test never starves the server: one line with the cap that fits.
     */
    @Test
    void shouldFailWithOneLineNamingTheCapThatFitsWhenTheDatabaseRefusesAConnection() throws Exception {
        String user = "loadlab_limited_" + Dialect.newNamespace().substring(5);
        try (Connection admin = database.open();
                Statement s = admin.createStatement()) {
            s.execute("create user '" + user + "'@'127.0.0.1' with max_user_connections 3");
            s.execute("grant all on test.* to '" + user + "'@'127.0.0.1'");
            try {
                Database limited = new Database(LocalDatabases.MARIADB_URL, Optional.of(user), Optional.empty(), 5);

                RunResult refused = new BulkRunner(limited, 0, true)
                        .run(Mode.PARALLEL, new Pair(5, 100), 100, 5, Dialect.newNamespace());

                assertContains(
                        refused.error(),
                        "the run needs 5 connections at once; the database accepted 3, then refused one: ",
                        "max_user_connections",
                        "cap them with -Dbulk.maxConnections=3");
                assertEquals(0, refused.rowsCommitted());
                assertEquals(0, refused.rowsCounted());
            } finally {
                s.execute("drop user '" + user + "'@'127.0.0.1'");
            }
        }
    }

    @Test
    void shouldRefuseWrongCredentialsInOneLineNamingTheSettingWithoutTheSecret() {
        Database wrong = new Database(
                LocalDatabases.MARIADB_URL, Optional.of("loadlab_nobody"), Optional.of("not-the-password-42"), 5);
        SettingError e = assertThrows(SettingError.class, wrong::open);
        assertOneLine(e.getMessage());
        assertContains(e.getMessage(), "bulk.user/bulk.password", "refused the credentials");
        assertLacks(e.getMessage(), "not-the-password-42", "loadlab_nobody");
    }
}
