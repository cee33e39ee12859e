package dev.loadlab.report.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpokenWiresTest {
    @TempDir
    Path results;

    private void csv(String wire, String... spoken) throws Exception {
        Path dir = Files.createDirectories(results.resolve(wire));
        StringBuilder text = new StringBuilder("timeStamp,elapsed,label,success,\"documentLength\",\"spoken\"\n");
        for (String s : spoken) {
            text.append("1,2,configuration 1,true,null,").append(s).append('\n');
        }
        Files.writeString(dir.resolve("api-gateway.csv"), text);
    }

    @Test
    void shouldPassARunWhoseEverySampleSpokeItsWiresProtocolAndScheme() throws Exception {
        csv("h2", "http2 https", "http2 https");
        csv("h2c", "http2 http");

        List<Gate.Check> checks = SpokenWires.checks(results);

        assertEquals(2, checks.size());
        assertTrue(checks.stream().allMatch(Gate.Check::passed), checks.toString());
    }

    @Test
    void shouldFailAnH2RunThatSpokeHttp1InCleartext() throws Exception {
        csv("h2", "http1 http", "http2 https");

        Gate.Check check = SpokenWires.checks(results).get(0);

        assertFalse(check.passed());
        assertEquals("jmeter h2 api-gateway", check.scenario());
        assertEquals("1 of 2", check.now());
    }

    @Test
    void shouldFailARunWithoutSamplesOrWithoutTheColumn() throws Exception {
        csv("http1");
        Path dir = Files.createDirectories(results.resolve("http1-tls"));
        Files.writeString(dir.resolve("latency.csv"), "timeStamp,elapsed\n1,2\n");

        assertTrue(SpokenWires.checks(results).stream().noneMatch(Gate.Check::passed));
    }
}
