package dev.loadlab.build;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.loadlab.settings.Settings;
import dev.loadlab.settings.Wire;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunsTest {
    private static final Path PLANS = Path.of("jmeter");

    @TempDir
    Path out;

    @Test
    void shouldRunEveryExperimentOverBothPairsOnTheEmbeddedTarget() {
        Runs runs = Runs.of(Settings.of(Map.of()));
        Map<String, String> p = runs.buildProperties(PLANS, "*");

        assertEquals(List.of(Wire.HTTP1_TLS, Wire.H2), runs.gatlingWires());
        assertEquals(List.of(Wire.values()), runs.jmeterWires(PLANS, "*"));
        assertEquals("dev.loadlab.simulations.LatencySimulation", p.get("loadlab.gatling.latency"));
        assertEquals("false", p.get("loadlab.skip.bulk"));
        assertEquals("true", p.get("loadlab.skip.gatling.http1"));
    }

    @Test
    void shouldRunOnlyTheWiresChosenWithWiresGatlingOnEachOneItSpeaks() {
        Runs runs = Runs.of(Settings.of(Map.of("wires", "h2c,http1")));

        assertEquals(List.of(Wire.HTTP1), runs.gatlingWires(), "Gatling has no h2c");
        assertEquals(List.of(Wire.HTTP1, Wire.H2C), runs.jmeterWires(PLANS, "*"));
        assertEquals(List.of(), Runs.of(Settings.of(Map.of("wires", "h2c"))).gatlingWires());
        assertEquals(List.of(), Runs.problems(Settings.of(Map.of("wires", "h2c,http1"))));
    }

    @Test
    void shouldHonourGatlingsOwnSkipSwitchWhichThePomsFlagsWouldOverride() {
        Runs runs = Runs.of(Settings.of(Map.of("gatling.skip", "true")));
        Map<String, String> p = runs.buildProperties(PLANS, "*");

        assertEquals(List.of(), runs.gatlingWires());
        for (Wire w : Wire.values()) {
            assertEquals("true", p.get(w.skipFlag("gatling")), w.id);
        }
        assertEquals(
                List.of(Wire.HTTP1, Wire.H2C), runs.jmeterWires(PLANS, "*").subList(0, 2), "JMeter runs as before");
    }

    @Test
    void shouldSendNoLoadWithSkipTestsYetConfigureTheJmeterHomes() {
        Map<String, String> p =
                Runs.of(Settings.of(Map.of("skipTests", "true"))).buildProperties(PLANS, "*");

        for (Wire w : Wire.values()) {
            assertEquals("true", p.get(w.skipFlag("gatling")), w.id);
            assertEquals("true", p.get(w.skipFlag("jmeter")), w.id);
            assertEquals("false", p.get("loadlab.skip.jmeterHome." + w.id), w.id);
        }
        assertEquals("true", p.get("loadlab.skip.bulk"));
        assertEquals("true", p.get("loadlab.skip.load"));
        assertEquals(
                "false",
                Runs.of(Settings.of(Map.of())).buildProperties(PLANS, "*").get("loadlab.skip.load"));
    }

    @Test
    void shouldRefuseInOneLineAWireTheTargetsUrlsCannotCarry() {
        List<String> problems =
                Runs.problems(Settings.of(Map.of("target.url", "https://api.example.com", "wires", "h2c,h2")));

        assertEquals(
                List.of("-Dwires=h2c,h2 is not allowed: h2c needs an http:// target.url; expected wires the target's"
                        + " URLs carry: http1-tls,h2"),
                problems);
    }

    @Test
    void shouldLeaveOutWhatIsNotChosenFromEveryTool() {
        Map<String, String> p = Runs.of(Settings.of(Map.of("experiments", "api-gateway,latency")))
                .buildProperties(PLANS, "*");

        assertEquals("left-out.odata-write", p.get("loadlab.gatling.odata-write"));
        assertEquals("left-out.gateway-capacity", p.get("loadlab.gatling.gateway-capacity"));
        assertEquals("dev.loadlab.simulations.ApiGateway*Simulation", p.get("loadlab.gatling.api-gateway"));
        assertEquals("true", p.get("loadlab.skip.bulk"));
    }

    @Test
    void shouldRunGatlingOnlyOnAnInjectorOfSeveralAndNameTheInjectorInEveryLog() {
        Map<String, String> second =
                Runs.of(Settings.of(Map.of("injector", "2/3"))).buildProperties(PLANS, "*");
        Map<String, String> first =
                Runs.of(Settings.of(Map.of("injector", "1/3"))).buildProperties(PLANS, "*");

        for (Map<String, String> p : List.of(first, second)) {
            for (Wire w : Wire.values()) {
                assertEquals("true", p.get("loadlab.skip.jmeter." + w.id), w.id);
            }
            assertEquals("true", p.get("loadlab.skip.bulk"));
            assertEquals("false", p.get("loadlab.skip.gatling.h2"));
            assertEquals("dev.loadlab.simulations.LatencySimulation", p.get("loadlab.gatling.latency"));
        }
        assertEquals("injector 2/3", second.get("loadlab.gatling.runDescription"));
        assertEquals("2/3", second.get("loadlab.injector"));
        // the write runs are timed whole on one client: the first injector runs them, no other
        assertEquals("dev.loadlab.simulations.ODataWriteSimulation", first.get("loadlab.gatling.odata-write"));
        assertEquals("left-out.odata-write", second.get("loadlab.gatling.odata-write"));
    }

    @Test
    void shouldNameTheOnlyInjectorInTheLogsOfAnOrdinaryBuild() {
        Map<String, String> p = Runs.of(Settings.of(Map.of())).buildProperties(PLANS, "*");
        assertEquals("injector 1/1", p.get("loadlab.gatling.runDescription"));
        assertEquals("false", p.get("loadlab.skip.jmeter.h2c"));
    }

    @Test
    void shouldSkipGatlingAndJmeterWhenOnlyTheBenchIsChosen() {
        Map<String, String> p =
                Runs.of(Settings.of(Map.of("experiments", "bulk"))).buildProperties(PLANS, "*");

        for (Wire w : Wire.values()) {
            assertEquals("true", p.get("loadlab.skip.gatling." + w.id), w.id);
            assertEquals("true", p.get("loadlab.skip.jmeter." + w.id), w.id);
        }
        assertEquals("false", p.get("loadlab.skip.bulk"));
    }

    @Test
    void shouldRunOnlyTheCleartextWiresOnAnHttpOnlyTargetAndOnlyTheTlsOnesOnAnHttpsOnlyTarget() {
        Runs cleartext = Runs.of(Settings.of(Map.of("target.url", "http://127.0.0.1:9")));
        Runs tls = Runs.of(Settings.of(Map.of("target.url", "https://127.0.0.1:9")));

        assertEquals(List.of(Wire.HTTP1), cleartext.gatlingWires());
        assertEquals(List.of(Wire.HTTP1, Wire.H2C), cleartext.jmeterWires(PLANS, "*"));
        assertEquals(List.of(Wire.HTTP1_TLS, Wire.H2), tls.gatlingWires());
        assertEquals(List.of(Wire.HTTP1_TLS, Wire.H2), tls.jmeterWires(PLANS, "*"));
    }

    @Test
    void shouldCopyEachWireItsPlansWithTheFragmentsTheyInclude() throws IOException {
        Runs.of(Settings.of(Map.of("experiments", "api-gateway"))).writePlans(PLANS, "*", out);

        for (Wire wire : Wire.values()) {
            assertEquals(List.of("api-gateway-stress.jmx", "api-gateway.jmx"), plans(out.resolve(wire.id)));
        }
        assertEquals(true, Files.isRegularFile(out.resolve("http1/fragments/get-users.jmx")));
    }

    @Test
    void shouldRunTheCalibrationPlanOnlyOnTheWiresGatlingRunsAndLatencyOnlyOverHttp11() throws IOException {
        Runs.of(Settings.of(Map.of("experiments", "latency,calibration"))).writePlans(PLANS, "*", out);

        assertEquals(List.of("latency.jmx"), plans(out.resolve("http1")));
        assertEquals(List.of(), plans(out.resolve("h2c")));
        assertEquals(List.of("calibration.jmx", "latency.jmx"), plans(out.resolve("http1-tls")));
        assertEquals(List.of("calibration.jmx"), plans(out.resolve("h2")));
        assertEquals(true, Files.isRegularFile(out.resolve("h2/fragments/calibrate.jmx")));
    }

    @Test
    void shouldNameAPlansExperimentByTheBeginningOfItsFileName() {
        assertEquals(
                "api-gateway",
                Runs.experimentOf(Path.of("api-gateway-stress.jmx")).orElseThrow());
        assertEquals("latency", Runs.experimentOf(Path.of("latency.jmx")).orElseThrow());
        assertEquals(true, Runs.experimentOf(Path.of("my-own.jmx")).isEmpty());
    }

    private static List<String> plans(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".jmx"))
                    .sorted()
                    .toList();
        }
    }
}
