package dev.loadlab.shared;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** The reference server's database keeps its rows in files, not in the heap, and leaves none behind. */
class EmbeddedH2Test {
    @Test
    void shouldKeepAnOnDiskDatabasesRowsInFilesOverTcpAndDeleteThemOnClose() throws Exception {
        Path folder;
        try (EmbeddedH2 h2 = EmbeddedH2.startOnDisk()) {
            assertTrue(h2.url().startsWith("jdbc:h2:tcp://127.0.0.1:"), h2.url());
            try (Connection c = DriverManager.getConnection(h2.url(), h2.user(), h2.password());
                    Statement s = c.createStatement()) {
                s.execute("create table t(id int)");
                s.execute("insert into t values (1), (2)");
                try (ResultSet r = s.executeQuery("select count(*) from t")) {
                    r.next();
                    assertEquals(2, r.getInt(1));
                }
            }
            String path = h2.url().substring(h2.url().indexOf("//", "jdbc:h2:tcp://".length()) + 1);
            folder = Path.of(path).getParent();
            try (var files = Files.list(folder)) {
                assertTrue(files.anyMatch(f -> f.toString().endsWith(".mv.db")), "the database's file in " + folder);
            }
        }
        assertFalse(Files.exists(folder), folder + " is left behind");
    }
}
