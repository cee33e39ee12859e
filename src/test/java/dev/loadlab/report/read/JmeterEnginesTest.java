package dev.loadlab.report.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.loadlab.report.Fixtures;
import dev.loadlab.report.model.Generator;
import dev.loadlab.report.model.LoadGenerators;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JmeterEnginesTest {

    @Test
    void shouldReadTheEngineFromTheThreadNamePrefixOfADistributedRun() {
        assertEquals("127.0.0.2:40001", JmeterEngines.engineOf("127.0.0.2:40001-calibration fast 1-3"));
        assertEquals("engine-a.example:1099", JmeterEngines.engineOf("engine-a.example:1099-group: a-b 2-1"));
        assertEquals("[::1]:1099", JmeterEngines.engineOf("[::1]:1099-configuration 1 1-1"));
        assertNull(JmeterEngines.engineOf("configuration 1 1-1"), "a run on one machine has no prefix");
        assertNull(JmeterEngines.engineOf("calibration fast 1-3"));
    }

    @Test
    void shouldCountEachEnginesSamplesOfADistributedRunBesideTheTotal() throws IOException {
        Parts parts = new Parts();
        JmeterResults.read("HTTP/1.1", Fixtures.path("jmeter-engines/calibration.csv"), parts, List.of());

        LoadGenerators g = parts.generators.get(0);
        GeneratorSplits.assertSplit(g, "engine", List.of("127.0.0.2:40001", "127.0.0.3:40002"), List.of(6L, 4L));
        assertEquals(List.of(1L, 0L), g.parts().stream().map(Generator::errors).toList());
        assertEquals(1, g.total().errors());
        assertEquals(10, parts.rows.get(0).samples());
    }

    @Test
    void shouldListNoGeneratorsForARunOnOneMachine() throws IOException {
        Parts parts = new Parts();
        JmeterResults.read("HTTP/1.1", Fixtures.path("jmeter/api-gateway.csv"), parts, List.of());
        assertEquals(List.of(), parts.generators);
    }

    @Test
    void shouldListNoGeneratorsForARunOfOneEngine(@TempDir Path dir) throws IOException {
        List<String> lines = Files.readAllLines(Fixtures.path("jmeter-engines/calibration.csv")).stream()
                .filter(l -> !l.contains("127.0.0.3"))
                .toList();
        Path csv = Files.write(dir.resolve("calibration.csv"), lines);
        Parts parts = new Parts();
        JmeterResults.read("HTTP/1.1", csv, parts, List.of());
        assertEquals(List.of(), parts.generators);
    }
}
