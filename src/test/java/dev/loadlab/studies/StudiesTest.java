package dev.loadlab.studies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.compare.CompareSection;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.model.TestRows;
import dev.loadlab.report.model.TestSummaries;
import dev.loadlab.settings.Catalogue;
import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.Experiment;
import dev.loadlab.settings.ReportKnobs;
import dev.loadlab.settings.Setting;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.StudyCatalogue;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** One door, one list: each experiment defined once, its runs known by one rule, its parts asked only when it ran. */
class StudiesTest {
    @Test
    void shouldTellTheExperimentOfEachToolsRunTheStudiesAndYourOwn() {
        assertEquals("api-gateway", StudyCatalogue.experimentOfRun("gatling", "ApiGatewayStressSimulation"));
        assertEquals("calibration", StudyCatalogue.experimentOfRun("gatling", "CalibrationSimulation"));
        assertEquals("gateway-capacity", StudyCatalogue.experimentOfRun("gatling", "GatewayCapacitySimulation"));
        assertEquals("odata-write", StudyCatalogue.experimentOfRun("gatling", "ODataWriteSimulation"));
        assertEquals("my-checkout", StudyCatalogue.experimentOfRun("gatling", "MyCheckoutSimulation"));
        assertEquals("api-gateway", StudyCatalogue.experimentOfRun("jmeter", "api-gateway-stress"));
        assertEquals("latency", StudyCatalogue.experimentOfRun("jmeter", "latency"));
        assertEquals("checkout", StudyCatalogue.experimentOfRun("jmeter", "checkout"));
        assertEquals(
                "stress", StudyCatalogue.experimentOfRun("jmeter", "stress"), "a plan of no study's is one of yours");
    }

    @Test
    void shouldGiveAStudyEveryPlanThatBeginsWithItsNameAndYourOwnItsOnePlan() {
        Experiment own = Experiment.own("shop", Optional.empty());
        assertTrue(Studies.experiment("api-gateway").ownsPlan("api-gateway-stress.jmx"));
        assertTrue(own.ownsPlan("shop.jmx"));
        assertFalse(own.ownsPlan("shop-2.jmx"));
        assertEquals(Optional.of(own), Experiment.ofPlan("shop.jmx", List.of(Studies.experiment("latency"), own)));
    }

    @Test
    void shouldNameEveryStudysSimulationThatExistsAndCheckEachHttpStudysPathBeforeLoad() throws Exception {
        for (Experiment e : Studies.experiments()) {
            for (String simulation : e.simulations()) {
                Class.forName(simulation); // a renamed simulation would otherwise silently never run
            }
        }
        Settings settings = Settings.of(Map.of());
        assertEquals(
                Optional.of(Experiment.Check.get("/calibrate")),
                Studies.experiment("calibration").checked().apply(settings));
        assertEquals(
                Optional.of(Experiment.Check.get("/gateway/payload?kb=1&latencyMs=0")),
                Studies.experiment("gateway-capacity").checked().apply(settings),
                "the embedded gateway's GET, as before gateway.method");
        assertEquals(Optional.empty(), Studies.experiment("bulk").checked().apply(settings));
        assertEquals(ContractKnobs.EXPERIMENT_NAMES, StudyCatalogue.names());
        Studies.ALL.forEach(s -> assertEquals(s.name(), s.experiment().name(), "one name for the door and the build"));
    }

    @Test
    void shouldAskOnlyTheDoorsOfTheExperimentsThatRanEachOnceInTheReportsOrder() {
        assertEquals(
                List.of("latency", "calibration", "own"),
                Studies.ran(List.of("calibration", "checkout", "latency", "orders")).stream()
                        .map(Study::name)
                        .toList());
        assertEquals(List.of(), Studies.ran(List.of()));
    }

    @Test
    void shouldGiveTheCatalogueEachStudysSettingsFromItsOwnPackageAndItsPlansOnlyItsOwn() {
        for (Study study : Studies.ALL) {
            for (Setting s : study.settings()) {
                assertTrue(Catalogue.find(s.name()).filter(s::equals).isPresent(), study.name() + ": " + s.name());
            }
            assertTrue(study.settings().containsAll(study.planProperties()), study.name());
        }
        // where the request's shape and the load of a study are defined: in the study's package, not the floor's
        for (String name : List.of("api.path", "latency.path", "gateway.body", "odata.records", "calibration.users")) {
            Setting s = Catalogue.find(name).orElseThrow();
            assertTrue(
                    Studies.ALL.stream().anyMatch(study -> study.settings().contains(s)),
                    name + " is a study's own setting");
        }
        assertEquals(
                "/users/getAllUsers",
                Settings.of(Map.of()).get(Catalogue.find("api.path").orElseThrow()));
    }

    @Test
    void shouldCapTheTargetsCpuOnlyForTheGatewayStudyAndOnlyWhereItsSettingAsks() {
        Settings asked = Settings.of(Map.of("gateway.capCpu", "true", "gateway.cpuLimitMillicores", "1500"));
        assertEquals(
                List.of(new Study.CpuLimit(1500, "gateway.capCpu")),
                Studies.ALL.stream()
                        .flatMap(s -> s.targetCpuLimit(asked).stream())
                        .toList());
        assertTrue(Studies.ALL.stream()
                .allMatch(s -> s.targetCpuLimit(Settings.of(Map.of())).isEmpty()));
    }

    @Test
    void shouldComposeTheGatesDefaultLimitsFromTheStudiesOwn() {
        assertEquals("stress:errorPct=100;GatewayCapacitySimulation:p95Ms=70000", StudyCatalogue.joinedLimits(false));
        assertEquals(
                "stress:errorPct=100:p95Ms=60000;GatewayCapacitySimulation:p95Ms=70000;ODataWriteSimulation:p95Ms=60000",
                StudyCatalogue.joinedLimits(true));
        assertEquals(StudyCatalogue.joinedLimits(false), Settings.of(Map.of()).get(ReportKnobs.LIMITS));
    }

    @Test
    void shouldPutEveryScenarioRowInExactlyOneCompareSection() {
        List<CompareSection> sections = Studies.compareSections();
        assertEquals(CompareSection.OTHER, sections.get(sections.size() - 1).experiment());
        for (String run : List.of("ApiGatewaySimulation", "LatencySimulation", "CheckoutSimulation")) {
            Summary.Row row = TestRows.row("gatling", "HTTP/1.1", run, "all requests")
                    .samples(1)
                    .latency(1, 1, 1, 0)
                    .throughput(1)
                    .percentiles(1, 1, 1, 1, 1)
                    .build();
            long holding = sections.stream()
                    .filter(s -> s.comparisons().stream()
                            .anyMatch(c -> c.id().endsWith("-scenarios")
                                    && ((List<?>) c.lines().apply(summaryOf(row))).contains(row)))
                    .count();
            assertEquals(1, holding, run);
        }
    }

    private static Summary summaryOf(Summary.Row row) {
        return TestSummaries.of(List.of(row)).build();
    }
}
