package dev.loadlab.bulk;

import static dev.loadlab.bulk.Texts.assertContains;
import static dev.loadlab.bulk.Texts.assertLacks;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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

    private int bench(String... args) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int exit = BulkBench.run(args, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        output = bytes.toString(StandardCharsets.UTF_8);
        return exit;
    }

    @Test
    void shouldPrintRuntimeThenOneLinePerModeAndPairAndWriteTheJsonResults() throws Exception {
        Path results = dir.resolve("bulk/bulk-results.json");
        int exit = bench("--pairs=3x200 1x500", "--repetitions=2", "--flushRows=100", "--resultsFile=" + results);
        assertEquals(0, exit, output);
        assertContains(output, "cores:", "JVM:", "driver:   H2 JDBC Driver", "database: H2", "url:      jdbc:h2:tcp://127.0.0.1:",
                "avgsec/op", "maxsec/op", "medsec/op", "minsec/op", "rows/s", "seq-3x200", "seq-1x500", "par-3x200", "par-1x500");
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
    @CsvSource(delimiter = '|', value = {
        "--modes=sideways|bulk.modes: unknown mode 'sideways'; allowed: sequential, parallel",
        "--pairs=10by100|bulk.pairs: '10by100' is not a pair",
        "--pairs=0x100|bulk.pairs: 0x100: batchCount 0 must be at least 1",
        "--pairs=1x2000000|bulk.pairs: 1x2000000: batchSize 2000000 is over the cap of 1000000",
        "--pairs=1001x1|bulk.pairs: 1001x1: batchCount 1001 is over the cap of 1000",
        "--url=jdbc:postgresql://127.0.0.1:1/test|bulk.url: cannot connect to jdbc:postgresql://127.0.0.1:1/test",
        "--url=jdbc:sqlserver://127.0.0.1:1433|bulk.url: 'jdbc:sqlserver://127.0.0.1:1433' names no supported database",
        "--flushRows=-5|bulk.flushRows: -5 is out of range",
    })
    void shouldRejectBadInputWithOneLineAndExitTwoBeforeAnyLoad(String arg, String expected) throws Exception {
        Path results = dir.resolve("r.json");
        Files.writeString(results, "{\"status\":\"passed\"}");
        int exit = bench(arg, "--loginTimeoutSeconds=2", "--resultsFile=" + results);
        assertEquals(2, exit, output);
        String[] lines = output.split("\n");
        assertContains(lines[0], "bulk: " + expected);
        assertLacks(output, "benchmark ");
        assertEquals("failed", ResultJson.read(results).get("status"), "a stale passed file must be replaced");
        assertContains(BulkGate.check(results), "bulk gate: FAILED: " + expected);
    }
}
