package dev.loadlab.bulk;

import static dev.loadlab.bulk.Texts.assertContains;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BulkGateTest {
    @TempDir
    Path dir;

    @Test
    void shouldFailWhenTheBenchLeftNoResults() {
        assertContains(BulkGate.check(dir.resolve("none.json")), "bulk gate: FAILED: no results at");
    }

    @Test
    void shouldFailWithTheBenchsReasonWhenItsStatusIsFailed() throws Exception {
        Path file = dir.resolve("r.json");
        Files.writeString(
                file,
                "{\"status\":\"failed\",\"error\":null,\"results\":[{\"mode\":\"parallel\",\"pair\":\"2x10\","
                        + "\"errors\":[\"count check failed: the table holds 21 rows, the run committed 20\"]}]}");
        assertContains(BulkGate.check(file), "bulk gate: FAILED: parallel 2x10: count check failed");
    }

    @Test
    void shouldFailOnAFileThatIsNotJson() throws Exception {
        Path file = dir.resolve("r.json");
        Files.writeString(file, "not json");
        assertContains(BulkGate.check(file), "bulk gate: FAILED:", "not readable JSON");
    }

    @Test
    void shouldPassWhenTheStatusIsPassed() throws Exception {
        Path file = dir.resolve("r.json");
        Files.writeString(file, "{\"status\":\"passed\",\"results\":[{},{}]}");
        assertContains(BulkGate.check(file), "bulk gate: passed (2 mode/pair results");
    }
}
