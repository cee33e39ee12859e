package dev.loadlab.bench.overload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class BenchArgsTest {
    private static final String URL = "url=http://127.0.0.1:8080";
    private static final String PID = "serverPid=42";

    @Test
    void shouldTakeTheDefaultsWhenOnlyTheServerIsNamed() {
        BenchArgs args = new BenchArgs(new String[] {URL, PID});
        assertEquals(11_500, args.number("connections"));
        assertEquals(BenchArgs.SCENARIOS, args.scenarios());
        assertEquals(8080, args.url().getPort());
    }

    @Test
    void shouldRefuseAnOutOfRangeNumberNamingItAndItsRange() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> new BenchArgs(new String[] {URL, PID, "connections=0"}));
        assertEquals("connections must be a whole number from 1 to 100000, got '0'", e.getMessage());
    }

    @Test
    void shouldRefuseAServerBeyondLoopbackAndAnUnknownScenario() {
        assertThrows(IllegalArgumentException.class, () -> new BenchArgs(new String[] {"url=http://10.0.0.1:80", PID}));
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> new BenchArgs(new String[] {URL, PID, "scenarios=h2c,slow"}));
        assertEquals(
                "scenarios must be all or a comma list of connections, bodies, slow-heads, slow-bodies, never-read,"
                        + " h2c, got 'h2c,slow'",
                e.getMessage());
    }

    @Test
    void shouldRequireTheServersPidForItsHeapAfterACollection() {
        assertThrows(IllegalArgumentException.class, () -> new BenchArgs(new String[] {URL}));
        assertEquals(List.of("h2c"), new BenchArgs(new String[] {URL, PID, "scenarios=h2c"}).scenarios());
    }
}
