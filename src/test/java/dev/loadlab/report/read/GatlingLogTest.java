package dev.loadlab.report.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GatlingLogTest {

    @Test
    void shouldDecodeRunRecordScenariosAndEveryRequestOfARealLatencyLog() throws IOException {
        GatlingLog log = GatlingLog.read(Fixtures.path("gatling-latency/simulation.log"));
        assertEquals("3.15.1", log.gatlingVersion());
        assertEquals("dev.loadlab.simulations.LatencySimulation", log.simulationClass());
        assertEquals("protocol=http1 scale=smoke", log.runDescription());
        assertEquals(List.of("ab -c 10 -n 1000", "ab -c 1 -n 50"), log.scenarios());
        assertEquals(1050, log.requests().size());
        assertTrue(log.requests().stream()
                .allMatch(r -> r.ok() && r.name().equals("foo/bar") && r.endMs() >= r.startMs()));
        assertEquals(2 * 11, log.users().size(), "a start and an end record per user: 10 + 1 users");
        assertTrue(log.startEpochMs() > 1_700_000_000_000L);
    }

    @Test
    void shouldDecodeGroupsWithTheirCachedNames() throws IOException {
        GatlingLog log = GatlingLog.read(Fixtures.path("gatling-odata/simulation.log"));
        assertTrue(log.groups().stream().anyMatch(g -> g.path().equals("batch-50 records=100")));
        assertTrue(log.requests().stream()
                .anyMatch(r -> r.groups().equals(List.of("parallel-10 records=100"))
                        && r.name().equals("create")));
    }

    @Test
    void shouldNameTheFileWhenTheLogIsCutShort(@TempDir Path dir) throws IOException {
        byte[] whole = Files.readAllBytes(Fixtures.path("gatling-latency/simulation.log"));
        Path cut = Files.write(dir.resolve("simulation.log"), Arrays.copyOf(whole, whole.length - 7));
        IOException e = assertThrows(IOException.class, () -> GatlingLog.read(cut));
        assertTrue(e.getMessage().startsWith(cut.toString()), e.getMessage());
    }

    @Test
    void shouldRefuseAFileThatIsNoGatlingLog(@TempDir Path dir) throws IOException {
        Path text = Files.writeString(dir.resolve("simulation.log"), "RUN\tsome old text log\n");
        IOException e = assertThrows(IOException.class, () -> GatlingLog.read(text));
        assertTrue(e.getMessage().contains("not a Gatling simulation.log"), e.getMessage());
    }
}
