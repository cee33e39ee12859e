package dev.loadlab.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Each experiment defined once: its runs in each tool, its plans, the path checked before load. */
class ExperimentTest {
    @Test
    void shouldTellTheExperimentOfEachToolsRunTheStudiesAndYourOwn() {
        assertEquals("api-gateway", Experiment.nameOfRun("gatling", "ApiGatewayStressSimulation"));
        assertEquals("calibration", Experiment.nameOfRun("gatling", "CalibrationSimulation"));
        assertEquals("my-checkout", Experiment.nameOfRun("gatling", "MyCheckoutSimulation"));
        assertEquals("api-gateway", Experiment.nameOfRun("jmeter", "api-gateway-stress"));
        assertEquals("checkout", Experiment.nameOfRun("jmeter", "checkout"));
    }

    @Test
    void shouldGiveAStudyEveryPlanThatBeginsWithItsNameAndYourOwnItsOnePlan() {
        Experiment own = Experiment.own("shop", Optional.empty());
        assertTrue(Experiment.study("api-gateway").ownsPlan("api-gateway-stress.jmx"));
        assertTrue(own.ownsPlan("shop.jmx"));
        assertFalse(own.ownsPlan("shop-2.jmx"));
        assertEquals(Optional.of(own), Experiment.ofPlan("shop.jmx", List.of(Experiment.study("latency"), own)));
    }

    @Test
    void shouldNameEveryStudysSimulationThatExistsAndCheckEachHttpStudysPathBeforeLoad() throws Exception {
        for (Experiment e : Experiment.STUDIES) {
            for (String simulation : e.simulations()) {
                if (!simulation.contains("*")) {
                    Class.forName(simulation); // a renamed simulation would otherwise silently never run
                }
            }
        }
        Settings settings = Settings.of(Map.of());
        assertEquals(
                Optional.of("/calibrate"),
                Experiment.study("calibration").checkedPath().apply(settings));
        assertEquals(Optional.empty(), Experiment.study("bulk").checkedPath().apply(settings));
        assertEquals(ContractKnobs.EXPERIMENT_NAMES, Experiment.studyNames());
    }
}
