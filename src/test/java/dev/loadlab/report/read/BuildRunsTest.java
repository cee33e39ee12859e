package dev.loadlab.report.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.loadlab.report.model.BuildLayout;
import dev.loadlab.settings.Settings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the build ran, as its first step planned it: each run labelled with its experiment before it started. */
class BuildRunsTest {
    @TempDir
    Path dir;

    @Test
    void shouldLabelEachRunWithTheExperimentThePlanGaveItAndARunOfNoPlanByItsName() throws IOException {
        Path loadlab = Files.createDirectories(dir.resolve("target/loadlab"));
        Files.writeString(
                loadlab.resolve("build-plan.tsv"),
                "# scale=smoke\n"
                        + "gatling\th2\tCheckoutSimulation\tshop-checkout\t-1\n"
                        + "jmeter\th2\tapi-gateway-mine\tcheckout\t12\n"
                        + "jmeter\th2\tstray\t?\t-1\n");

        BuildRuns ran = BuildRuns.read(new BuildLayout(dir), Settings.of(Map.of()));

        assertEquals("shop-checkout", ran.experimentOf("gatling", "CheckoutSimulation"), "the plan's, not the name's");
        assertEquals("checkout", ran.experimentOf("jmeter", "api-gateway-mine"));
        assertEquals("stray", ran.experimentOf("jmeter", "stray"), "a plan of no experiment: its name's");
        assertEquals("latency", ran.experimentOf("gatling", "LatencySimulation"), "a run the plan does not hold");
    }
}
