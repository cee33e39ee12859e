package dev.loadlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What JMeter's side reads: its results file from its command line, its limits from the build's settings. */
class JmeterLiveTest {
    @TempDir
    Path dir;

    @Test
    void shouldFindTheResultsFileOnJMetersCommandLineSpacesAndAll() {
        assertEquals(
                Optional.of(Path.of("/w/my project/target/jmeter/results/h2/orders.csv")),
                JmeterLive.resultsOf("org.apache.jmeter.NewDriver -n -t /w/my project/target/orders.jmx -l /w/my"
                        + " project/target/jmeter/results/h2/orders.csv -d /x -j /y/orders.log"));
        assertTrue(JmeterLive.resultsOf("org.apache.jmeter.NewDriver -s -j engine.log")
                .isEmpty());
    }

    @Test
    void shouldReadTheStopLimitsFromTheSettingsTheBuildResolved() throws Exception {
        Path settings = dir.resolve("settings.properties");
        Files.writeString(settings, "gate.limits=orders\\:p95Ms\\=300\\:stop;other\\:p95Ms\\=1\ngate.minSamples=7\n");
        StopLimits limits = JmeterLive.limitsOf(settings);
        assertEquals(7, limits.minSamples());
        assertEquals(Map.of("p95Ms", 300.0), limits.boundsFor("jmeter h2 orders / pay"));
    }
}
