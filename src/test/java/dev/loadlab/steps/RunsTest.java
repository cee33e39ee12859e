package dev.loadlab.steps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.settings.Settings;
import dev.loadlab.settings.Wire;
import dev.loadlab.shared.LoadlabTree;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunsTest {
    @TempDir
    static Path loadlab;

    /** loadlab's plans alone: a team's in jmeter/ are theirs. */
    private static Path PLANS;

    @BeforeAll
    static void copyLoadlabsPlans() {
        PLANS = LoadlabTree.copy(loadlab).resolve("jmeter");
    }

    @TempDir
    Path out;

    /** The properties the build's first step hands Maven for these settings, with loadlab's own plans. */
    private static Map<String, String> buildProperties(Map<String, String> settings) {
        return Runs.of(Settings.of(settings)).buildProperties(PLANS, "*");
    }

    /** {@code tool} runs on no wire. */
    private static void assertEveryWireSkipped(Map<String, String> properties, String tool) {
        for (Wire w : Wire.values()) {
            assertEquals("true", properties.get(w.skipFlag(tool)), w.id);
        }
    }

    @Test
    void shouldRunBothToolsOnTheTlsPairOfTheEmbeddedTargetAndJmeterOnBothPairsWithCleartext() {
        Runs runs = Runs.of(Settings.of(Map.of()));
        Map<String, String> p = runs.buildProperties(PLANS, "*");

        assertEquals(List.of(Wire.HTTP1_TLS, Wire.H2), runs.gatlingWires());
        assertEquals(List.of(Wire.HTTP1_TLS, Wire.H2), runs.jmeterWires(PLANS, "*"));
        assertEquals(
                List.of(Wire.values()),
                Runs.of(Settings.of(Map.of("jmeter.cleartext", "true"))).jmeterWires(PLANS, "*"));
        assertEquals(
                List.of(Wire.HTTP1, Wire.H2C),
                Runs.of(Settings.of(Map.of("target.url", "http://127.0.0.1:1"))).jmeterWires(PLANS, "*"),
                "a cleartext-only target: its pair");
        assertTrue(p.get("loadlab.gatling.includes").contains("dev.loadlab.simulations.LatencySimulation"));
        assertFalse(p.containsKey("gatling.simulationClass"), "several: the plugin looks for the includes");
        assertEquals("false", p.get("loadlab.skip.studySteps"));
        assertEquals("true", p.get("loadlab.skip.gatling.http1"));
    }

    @Test
    void shouldRunOnlyTheWiresChosenWithWiresGatlingOnEachOneItSpeaks() {
        Runs runs = Runs.of(Settings.of(Map.of("wires", "h2c,http1")));

        assertEquals(List.of(Wire.HTTP1), runs.gatlingWires(), "Gatling has no h2c");
        assertEquals(List.of(Wire.HTTP1, Wire.H2C), runs.jmeterWires(PLANS, "*"));
        assertEquals(List.of(), Runs.of(Settings.of(Map.of("wires", "h2c"))).gatlingWires());
        assertEquals(List.of(), Runs.problems(Settings.of(Map.of("wires", "h2c,http1")), List.of()));
    }

    @Test
    void shouldHonourGatlingsOwnSkipSwitchWhichThePomsFlagsWouldOverride() {
        Runs runs = Runs.of(Settings.of(Map.of("gatling.skip", "true")));
        Map<String, String> p = runs.buildProperties(PLANS, "*");

        assertEquals(List.of(), runs.gatlingWires());
        assertEveryWireSkipped(p, "gatling");
        assertEquals(List.of(Wire.HTTP1_TLS, Wire.H2), runs.jmeterWires(PLANS, "*"), "JMeter runs as before");
    }

    @Test
    void shouldSendNoLoadWithSkipTestsYetConfigureTheJmeterHomes() {
        Map<String, String> p = buildProperties(Map.of("skipTests", "true"));

        for (Wire w : Wire.values()) {
            assertEquals("true", p.get(w.skipFlag("gatling")), w.id);
            assertEquals("true", p.get(w.skipFlag("jmeter")), w.id);
            // HTTP/1.1's home is the GUI's and the engine folder's
            assertEquals(Boolean.toString(w == Wire.H2C), p.get("loadlab.skip.jmeterHome." + w.id), w.id);
        }
        assertEquals("true", p.get("loadlab.skip.studySteps"));
        assertEquals("true", p.get("loadlab.skip.load"));
        assertEquals("false", buildProperties(Map.of()).get("loadlab.skip.load"));
    }

    /** A project with a simulation and a plan of its own named alike, and a plan alone. */
    private Path project() throws IOException {
        Path dir = out.resolve("project");
        Files.createDirectories(dir.resolve("src/test/scala/shop"));
        Files.writeString(dir.resolve("src/test/scala/shop/CheckoutSimulation.scala"), "package shop\n");
        Files.createDirectories(dir.resolve("src/main/scala/dev/loadlab/simulations"));
        Files.writeString(dir.resolve("src/main/scala/dev/loadlab/simulations/LatencySimulation.scala"), "");
        Files.createDirectories(dir.resolve("jmeter/fragments"));
        Files.copy(PLANS.resolve("fragments/calibrate.jmx"), dir.resolve("jmeter/fragments/calibrate.jmx"));
        Files.copy(PLANS.resolve("latency.jmx"), dir.resolve("jmeter/latency.jmx"));
        Files.copy(PLANS.resolve("calibration.jmx"), dir.resolve("jmeter/checkout.jmx"));
        Files.copy(PLANS.resolve("calibration.jmx"), dir.resolve("jmeter/search.jmx"));
        return dir;
    }

    @Test
    void shouldFindYourOwnScenariosAsExperimentsNamedAfterTheirSimulationAndPlan() throws IOException {
        List<OwnScenarios> own = OwnScenarios.discover(project());

        assertEquals(
                List.of(
                        new OwnScenarios(
                                "checkout",
                                java.util.Optional.of("shop.CheckoutSimulation"),
                                java.util.Optional.of("checkout.jmx")),
                        new OwnScenarios("search", java.util.Optional.empty(), java.util.Optional.of("search.jmx"))),
                own);
        assertEquals("my-checkout", dev.loadlab.settings.OwnKnobs.experimentOf("MyCheckoutSimulation"));
    }

    @Test
    void shouldRunAnOwnScenarioInEveryToolThatHasItAndNothingElse() throws IOException {
        Path dir = project();
        List<OwnScenarios> own = OwnScenarios.discover(dir);
        Runs runs = Runs.of(Settings.of(Map.of("experiments", "checkout")), own);
        Map<String, String> p = runs.buildProperties(dir.resolve("jmeter"), "*");

        assertEquals("shop.CheckoutSimulation", p.get("loadlab.gatling.includes"));
        assertEquals("shop.CheckoutSimulation", p.get("gatling.simulationClass"), "one: by its name");
        assertEquals("checkout", p.get("loadlab.experiments"));
        assertEquals(List.of(Wire.HTTP1_TLS, Wire.H2), runs.gatlingWires());
        assertEquals(
                List.of(Path.of("checkout.jmx")),
                runs.plans(dir.resolve("jmeter"), "*", Wire.H2C).stream()
                        .map(Path::getFileName)
                        .toList());
        assertEquals("true", p.get("loadlab.skip.studySteps"));
        assertTrue(
                Runs.of(Settings.of(Map.of()), own)
                        .buildProperties(dir.resolve("jmeter"), "*")
                        .get("loadlab.experiments")
                        .endsWith(",checkout,search"),
                "the default: the studies and every own one");
    }

    @Test
    void shouldRefuseInOneLineAnExperimentThatIsNeitherAStudysNorYourOwn() throws IOException {
        List<String> problems =
                Runs.problems(Settings.of(Map.of("experiments", "checkout,chekout")), OwnScenarios.discover(project()));

        assertEquals(1, problems.size());
        assertTrue(
                problems.get(0)
                        .startsWith("-Dexperiments=checkout,chekout is not allowed: chekout is no experiment;"
                                + " expected a comma-separated list of api-gateway|latency|gateway-capacity|odata-write|bulk|calibration"
                                + "|checkout|search"),
                problems.get(0));
    }

    @Test
    void shouldRefuseInOneLineAWireTheTargetsUrlsCannotCarry() {
        List<String> problems = Runs.problems(
                Settings.of(Map.of("target.url", "https://api.example.com", "wires", "h2c,h2")), List.of());

        assertEquals(
                List.of("-Dwires=h2c,h2 is not allowed: h2c needs an http:// target.url; expected wires the target's"
                        + " URLs carry: http1-tls,h2"),
                problems);
    }

    @Test
    void shouldLeaveOutWhatIsNotChosenFromEveryTool() {
        Map<String, String> p = buildProperties(Map.of("experiments", "api-gateway,latency"));

        assertEquals(
                "dev.loadlab.simulations.ApiGatewaySimulation,dev.loadlab.simulations.ApiGatewayStressSimulation,"
                        + "dev.loadlab.simulations.LatencySimulation",
                p.get("loadlab.gatling.includes"));
        assertEquals("api-gateway,latency", p.get("loadlab.experiments"));
        assertEquals("true", p.get("loadlab.skip.studySteps"));
    }

    @Test
    void shouldRunGatlingOnlyOnAnInjectorOfSeveralAndNameTheInjectorInEveryLog() {
        Map<String, String> second = buildProperties(Map.of("injector", "2/3"));
        Map<String, String> first = buildProperties(Map.of("injector", "1/3"));

        for (Map<String, String> p : List.of(first, second)) {
            assertEveryWireSkipped(p, "jmeter");
            assertEquals("true", p.get("loadlab.skip.studySteps"));
            assertEquals("false", p.get("loadlab.skip.gatling.h2"));
            assertTrue(p.get("loadlab.gatling.includes").contains("dev.loadlab.simulations.LatencySimulation"));
        }
        assertEquals("injector 2/3", second.get("loadlab.gatling.runDescription"));
        assertEquals("2/3", second.get("loadlab.injector"));
        // the write runs are timed whole on one client: the first injector runs them, no other
        assertTrue(first.get("loadlab.gatling.includes").contains("dev.loadlab.simulations.ODataWriteSimulation"));
        assertFalse(second.get("loadlab.gatling.includes").contains("ODataWriteSimulation"));
    }

    @Test
    void shouldNameTheOnlyInjectorInTheLogsOfAnOrdinaryBuild() {
        Map<String, String> p = buildProperties(Map.of());
        assertEquals("injector 1/1", p.get("loadlab.gatling.runDescription"));
        assertEquals("false", p.get("loadlab.skip.jmeter.h2"));
    }

    @Test
    void shouldSkipGatlingAndJmeterWhenOnlyTheBenchIsChosen() {
        Map<String, String> p = buildProperties(Map.of("experiments", "bulk"));

        assertEveryWireSkipped(p, "gatling");
        assertEveryWireSkipped(p, "jmeter");
        assertEquals("false", p.get("loadlab.skip.studySteps"));
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

    /** The plan files in {@code dir}, sorted. */
    static List<String> plans(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".jmx"))
                    .sorted()
                    .toList();
        }
    }
}
