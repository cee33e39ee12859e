package dev.loadlab.steps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.Wire;
import dev.loadlab.shared.LoadlabTree;
import dev.loadlab.shared.Trees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A team's scenarios as it writes them: a plan of JMeter's HTTP Request with its files, declared settings, a plain simulation. */
class OwnScenariosTest {
    @TempDir
    Path out;

    /** A simulation of its own (shop.CheckoutSimulation) and the plans of the template (archetype/src/main/resources/archetype-resources/jmeter). */
    private Path project() throws IOException {
        Path dir = out.resolve("project");
        Files.createDirectories(dir.resolve("src/test/scala/shop"));
        Files.writeString(dir.resolve("src/test/scala/shop/CheckoutSimulation.scala"), "package shop\n");
        Trees.copy(Path.of("archetype/src/main/resources/archetype-resources/jmeter"), dir.resolve("jmeter"));
        return dir;
    }

    @Test
    void shouldRunAPlanOfJMetersHttpRequestAloneOnTheHttp11WiresWithItsFilesAndSayWhyNotOnHttp2() throws IOException {
        Path project = project();
        List<OwnScenarios> own = OwnScenarios.discover(project);
        Runs runs = Runs.of(Settings.of(Map.of("experiments", "orders")), own);

        runs.writePlans(project.resolve("jmeter"), "*", out.resolve("plans"));

        assertEquals(List.of(Wire.HTTP1_TLS), runs.jmeterWires(project.resolve("jmeter"), "*"));
        assertEquals(List.of(), RunsTest.plans(out.resolve("plans/h2")));
        assertTrue(Files.isRegularFile(out.resolve("plans/http1-tls/orders.csv")), "its CSV beside it");
        assertTrue(Files.isRegularFile(out.resolve("plans/http1-tls/cart.json")), "its body file beside it");
        List<String> lines = runs.http1OnlyPlans(project.resolve("jmeter"), "*");
        assertEquals(1, lines.size());
        assertTrue(
                lines.get(0)
                        .startsWith("jmeter/orders.jmx runs on the HTTP/1.1 wires only, not h2: its requests are"
                                + " JMeter's HTTP Request"),
                lines.get(0));
    }

    @Test
    void shouldRunATeamsOwnExperimentsByDefaultAndTheStudiesOnlyByName() throws IOException {
        Path project = project();
        List<OwnScenarios> own = OwnScenarios.discover(project);
        Settings none = Settings.of(Map.of());

        assertEquals("checkout,orders", experiments(OwnScenarios.teamDefault(project, none, own)));
        assertEquals("calibration", experiments(OwnScenarios.teamDefault(out.resolve("empty"), none, List.of())));
        assertEquals(
                "latency",
                experiments(OwnScenarios.teamDefault(project, Settings.of(Map.of("experiments", "latency")), own)));
        Path loadlab = LoadlabTree.copy(out.resolve("loadlab"));
        assertEquals("", experiments(OwnScenarios.teamDefault(loadlab, none, List.of())), "loadlab's: every study");
    }

    @Test
    void shouldRunATeamsOwnExperimentOnTheToolsDefaultJitAndTheStudiesOnC1Alone() throws IOException {
        Path project = project();
        List<OwnScenarios> own = OwnScenarios.discover(project);

        assertEquals(
                Map.of("gatling.jitTier", "4", "jmeter.jitTier", "4"),
                OwnScenarios.jitTiers(Settings.of(Map.of("experiments", "checkout")), own));
        assertEquals(
                Map.of("jmeter.jitTier", "4"),
                OwnScenarios.jitTiers(Settings.of(Map.of("gatling.jitTier", "1")), own),
                "a tier given is kept");
        assertEquals(Map.of(), OwnScenarios.jitTiers(Settings.of(Map.of("experiments", "latency")), own));
    }

    private static String experiments(Settings settings) {
        return settings.get(ContractKnobs.EXPERIMENTS);
    }

    @Test
    void shouldGiveAnOwnExperimentTheSettingsItDeclaresAndRefuseAnUndeclaredOne() throws IOException {
        Path project = project();
        Path declared = project.resolve("src/test/resources/loadlab/checkout.properties");
        Files.createDirectories(declared.getParent());
        Files.writeString(declared, "# where the shop is\nregion=us\n");
        List<OwnScenarios> own = OwnScenarios.discover(project);

        assertEquals(
                "eu",
                OwnScenarios.settings(Settings.of(Map.of("checkout.region", "eu")), own)
                        .get("checkout.region"));
        assertEquals("us", OwnScenarios.settings(Settings.of(Map.of()), own).get("checkout.region"));
        assertEquals(
                List.of("-Dcheckout.regoin is not allowed: expected one of checkout.users, checkout.rampSeconds,"
                        + " checkout.durationSeconds, checkout.region (declare one of your own in"
                        + " src/test/resources/loadlab/checkout.properties)"),
                OwnScenarios.settingProblems(Settings.of(Map.of("checkout.regoin", "eu")), own));
    }

    @Test
    void shouldRefuseAChosenSimulationOnGatlingsPlainSimulationWhichWouldLoadItsOwnBaseUrl() throws IOException {
        Path project = project();
        Files.writeString(
                project.resolve("src/test/scala/shop/CheckoutSimulation.scala"),
                "package shop\nimport io.gatling.core.Predef._\nclass CheckoutSimulation extends Simulation {\n"
                        + "  val httpProtocol = http.baseUrl(\"https://shop.example.com\")\n}\n");
        List<OwnScenarios> own = OwnScenarios.discover(project);

        assertEquals(
                List.of("src/test/scala/shop/CheckoutSimulation.scala: CheckoutSimulation extends Gatling's Simulation,"
                        + " whose baseUrl is its own, not the build's target; expected extends dev.loadlab.OwnSimulation"
                        + " and .protocols(httpProtocol) (docs/own-scenarios.md#a-simulation)"),
                PlainSimulations.problems(project, own));
        assertEquals(List.of(), PlainSimulations.problems(project, List.of()), "not chosen: not read");
    }
}
