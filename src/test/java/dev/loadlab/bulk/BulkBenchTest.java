package dev.loadlab.bulk;

import static dev.loadlab.bulk.Texts.assertContains;
import static dev.loadlab.bulk.Texts.assertLacks;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.settings.Settings;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The command line end to end, against the bench's own H2. */
class BulkBenchTest {
    @TempDir
    Path dir;

    private String output;
    private String errors;

    /** The bench as main runs it, with {@code name=value} properties in place of -D options. */
    private int bench(String... properties) {
        Map<String, String> values = new HashMap<>();
        for (String p : properties) {
            int eq = p.indexOf('=');
            values.put(p.substring(0, eq), p.substring(eq + 1));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = BulkBench.run(
                new String[0],
                () -> Settings.of(values, Map.of()),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        output = out.toString(StandardCharsets.UTF_8);
        errors = err.toString(StandardCharsets.UTF_8);
        return exit;
    }

    @Test
    void shouldPrintRuntimeThenOneLinePerModeAndPairAndWriteTheJsonResults() throws Exception {
        Path results = dir.resolve("bulk/bulk-results.json");
        int exit = bench(
                "bulk.pairs=3x200 1x500", "bulk.repetitions=2", "bulk.flushRows=100", "bulk.resultsFile=" + results);
        assertEquals(0, exit, output + errors);
        assertContains(
                output,
                "cores:",
                "JVM:",
                "driver:   H2 JDBC Driver",
                "database: H2",
                "url:      jdbc:h2:tcp://127.0.0.1:",
                "avgsec/op",
                "maxsec/op",
                "medsec/op",
                "minsec/op",
                "rows/s",
                "seq-3x200",
                "seq-1x500",
                "par-3x200",
                "par-1x500");
        Map<String, Object> doc = ResultJson.read(results);
        assertEquals("bulk", doc.get("tool"));
        assertEquals("passed", doc.get("status"));
        assertEquals("h2", ((Map<?, ?>) doc.get("runtime")).get("dialect"));
        List<?> rows = (List<?>) doc.get("results");
        assertEquals(4, rows.size());
        Map<?, ?> first = (Map<?, ?>) rows.get(0);
        assertEquals("sequential", first.get("mode"));
        assertEquals("3x200", first.get("pair"));
        assertEquals(600, first.get("rowsPerRun"));
        assertEquals(100, first.get("flushRows"));
        assertEquals(2, first.get("runs"));
        assertEquals(2, ((List<?>) first.get("runSeconds")).size());
        for (String key : List.of("avgSeconds", "maxSeconds", "medianSeconds", "minSeconds", "rowsPerSecond")) {
            assertTrue(((Number) first.get(key)).doubleValue() > 0, key);
        }
        assertEquals(3, ((Map<?, ?>) rows.get(2)).get("connections"), "parallel 3x200 uses 3 connections");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '#',
            value = {
                "bulk.modes=sideways#-Dbulk.modes=sideways is not allowed: expected a comma- or space-separated list of sequential|parallel",
                "bulk.pairs=10by100#-Dbulk.pairs=10by100 is not allowed: expected batchCount x batchSize pairs",
                "bulk.pairs=0x100#-Dbulk.pairs=0x100 is not allowed: expected batchCount x batchSize pairs",
                "bulk.pairs=1x2000000#-Dbulk.pairs=1x2000000 is not allowed: expected batchCount x batchSize pairs",
                "bulk.pairs=1001x1#-Dbulk.pairs=1001x1 is not allowed: expected batchCount x batchSize pairs",
                "bulk.url=jdbc:postgresql://127.0.0.1:1/test#bulk.url: cannot connect to jdbc:postgresql://127.0.0.1:1/test",
                "bulk.url=jdbc:sqlserver://127.0.0.1:1433#-Dbulk.url=jdbc:sqlserver://127.0.0.1:1433 is not allowed: expected a JDBC URL",
                "bulk.flushRows=-5#-Dbulk.flushRows=-5 is not allowed: expected an integer in [0, 1000000]",
            })
    void shouldRejectBadInputWithOneLineAndExitTwoBeforeAnyLoad(String setting, String expected) throws Exception {
        Path results = dir.resolve("r.json");
        Files.writeString(results, "{\"status\":\"passed\"}");
        int exit = bench(setting, "bulk.loginTimeoutSeconds=2", "bulk.resultsFile=" + results);
        assertEquals(2, exit, output + errors);
        String[] lines = errors.split("\n");
        assertEquals(1, lines.length, errors);
        assertContains(lines[0], "loadlab bulk: " + expected);
        assertLacks(output, "benchmark ");
        assertEquals("failed", ResultJson.read(results).get("status"), "a stale passed file must be replaced");
        assertContains(BulkGate.check(results), "bulk gate: FAILED: " + expected);
    }
}
