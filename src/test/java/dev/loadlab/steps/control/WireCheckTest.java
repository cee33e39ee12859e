package dev.loadlab.steps.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.Wire;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The wires of a build against a target that speaks HTTP/1.1 only (the JDK's own server, as most servers are). */
class WireCheckTest {
    private static HttpServer target;
    private static String url;

    @BeforeAll
    static void start() throws IOException {
        target = JdkTargets.onLoopback();
        target.createContext("/", exchange -> {
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        target.start();
        url = JdkTargets.url(target);
    }

    @AfterAll
    static void stop() {
        target.stop(0);
    }

    /** A build whose first step planned JMeter on HTTP/1.1 and h2c, and Gatling on HTTP/1.1. */
    private static BuildFiles build(Path dir) throws IOException {
        Path settings = dir.resolve("loadlab/settings.properties");
        Files.createDirectories(settings.getParent());
        Files.writeString(settings, "scale=smoke\n");
        StringBuilder planned = new StringBuilder();
        for (Wire w : Wire.values()) {
            planned.append(w.skipFlag("gatling"))
                    .append('=')
                    .append(w != Wire.HTTP1)
                    .append('\n');
            planned.append(w.skipFlag("jmeter"))
                    .append('=')
                    .append(w != Wire.HTTP1 && w != Wire.H2C)
                    .append('\n');
        }
        Files.writeString(settings.resolveSibling("build.properties"), planned);
        return new BuildFiles(settings);
    }

    private static Properties read(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file)) {
            p.load(in);
        }
        return p;
    }

    @Test
    void shouldLeaveOutForEveryToolAWireTheTargetDoesNotSpeakAndSayWhyInOneLine(@TempDir Path dir) throws IOException {
        BuildFiles files = build(dir);
        String console = console(() -> assertTrue(WireCheck.run(Settings.of(Map.of()), files, url, url)));

        Properties check = read(files.wireCheckFile());
        assertEquals("true", check.getProperty(Wire.H2C.skipFlag("jmeter")));
        assertEquals("true", check.getProperty(Wire.H2C.skipFlag("gatling")));
        assertNull(check.getProperty(Wire.HTTP1.skipFlag("jmeter")), "HTTP/1.1 is spoken: it runs");
        String line = check.getProperty(Wire.LEFT_OUT + "h2c");
        assertTrue(line.startsWith("h2c: " + url + " answered in HTTP/1.1 (HTTP/1.1 "), line);
        assertTrue(line.endsWith("; left out"), line);
        assertEquals("loadlab: " + line + "\n", console, "one line in the console");
    }

    @Test
    void shouldStopTheBuildWhenAWireChosenWithWiresIsNotSpoken(@TempDir Path dir) throws IOException {
        BuildFiles files = build(dir);
        String errors = errors(() -> assertFalse(WireCheck.run(Settings.of(Map.of("wires", "h2c")), files, url, url)));

        assertTrue(errors.startsWith("loadlab: -Dwires=h2c: h2c: " + url + " answered in HTTP/1.1"), errors);
        assertTrue(errors.endsWith("; no load was sent\n"), errors);
        assertEquals(1, errors.lines().count(), errors);
    }

    @Test
    void shouldProbeNoWireThatNoToolRuns(@TempDir Path dir) throws IOException {
        BuildFiles files = build(dir);
        Files.writeString(files.buildFile(), "loadlab.skip.jmeter.h2c=true\n", java.nio.file.StandardOpenOption.APPEND);
        // Properties keep the last value: h2c is now skipped for both tools, so the target's h2c is never asked
        assertTrue(WireCheck.run(Settings.of(Map.of()), files, url, url));
        assertTrue(read(files.wireCheckFile()).isEmpty());
    }

    private interface Call {
        void run() throws IOException;
    }

    private static String console(Call r) throws IOException {
        return capture(r, false);
    }

    private static String errors(Call r) throws IOException {
        return capture(r, true);
    }

    private static synchronized String capture(Call r, boolean err) throws IOException {
        PrintStream before = err ? System.err : System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream into = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        if (err) {
            System.setErr(into);
        } else {
            System.setOut(into);
        }
        try {
            r.run();
        } finally {
            if (err) {
                System.setErr(before);
            } else {
                System.setOut(before);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
