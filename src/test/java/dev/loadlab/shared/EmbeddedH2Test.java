package dev.loadlab.shared;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
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

    @Test
    void shouldRefuseToListenWhenH2WasLoadedBeforeItCouldBeBoundToLoopback() throws Exception {
        // a JVM of its own: in this one EmbeddedH2 has long set the property, and H2 has read it
        ProcessBuilder fork = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        H2FirstThenEmbedded.class.getName())
                .redirectErrorStream(true);
        fork.environment().put("CLASSPATH", System.getProperty("java.class.path"));
        Process jvm = fork.start();
        jvm.getOutputStream().close();
        String output = new String(jvm.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(jvm.waitFor(60, TimeUnit.SECONDS), "the forked JVM did not end");

        assertEquals(3, jvm.exitValue(), output);
        assertTrue(output.contains("start this JVM with -Dh2.bindAddress=127.0.0.1"), output);
    }

    /** Opens an H2 database directly, then asks for an EmbeddedH2: exit 3 if refused, 0 if it started anyway. */
    static final class H2FirstThenEmbedded {
        public static void main(String[] args) throws Exception {
            DriverManager.getConnection("jdbc:h2:mem:first", "sa", "").close();
            try (EmbeddedH2 h2 = EmbeddedH2.start()) {
                System.out.println("started at " + h2.url());
                System.exit(0);
            } catch (IllegalStateException refused) {
                System.out.println(refused.getMessage());
                System.exit(3);
            }
        }
    }
}
