package dev.loadlab.report.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.loadlab.report.model.Check;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoredVerdictTest {
    @TempDir
    Path dir;

    private final List<Check> checks = List.of(
            new Check("limit", "jmeter h2 orders", "p95 ms", "", "12", "<= 500", true),
            new Check("sent", "gatling h2 OrdersSimulation", "samples", "", "0", "> 0", false));

    @Test
    void shouldGiveTheGateTheReportsChecksOfTheSameSummaryAndNoneOfAChangedOne() throws IOException {
        Path summary = dir.resolve("summary.json");
        Path kept = dir.resolve("gate-checks.json");
        Files.writeString(summary, "{\"scenarios\": []}");

        StoredVerdict.write(kept, summary, checks);

        assertEquals(Optional.of(checks), StoredVerdict.read(kept, summary));
        Files.writeString(summary, "{\"scenarios\": [] }");
        assertEquals(Optional.empty(), StoredVerdict.read(kept, summary), "a summary.json changed since: checked anew");
        assertEquals(Optional.empty(), StoredVerdict.read(dir.resolve("none.json"), summary));
    }
}
