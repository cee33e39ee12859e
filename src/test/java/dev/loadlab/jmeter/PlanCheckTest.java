package dev.loadlab.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.shared.LoadlabTree;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanCheckTest {
    @TempDir
    Path dir;

    /** loadlab's plans alone, copied: a team's plans beside them in jmeter/ are theirs. */
    private Path shippedPlans() {
        return LoadlabTree.copy(dir.resolve("loadlab")).resolve("jmeter");
    }

    @Test
    void shouldAcceptTheShippedPlansAndTheirFragments() {
        Path shipped = shippedPlans();
        assertEquals(List.of(), PlanCheck.check(shipped, "*"));
        assertEquals(
                List.of("api-gateway", "api-gateway-stress", "calibration", "latency"),
                PlanCheck.availablePlans(shipped));
    }

    @Test
    void shouldNameTheMissingFileAndTheAllowedPlansForAnUnknownPlanName() throws IOException {
        Path shipped = shippedPlans();
        List<String> problems = PlanCheck.check(shipped, "soak");

        assertEquals(
                List.of(
                        "jmeter.plan=soak: no plan " + shipped.resolve("soak.jmx")
                                + "; allowed values are api-gateway, api-gateway-stress, calibration, latency or * (all of them)"),
                problems);
    }

    @Test
    void shouldNameTheFileAndLineOfAMalformedPlan() throws IOException {
        Path plans = Files.createDirectories(dir.resolve("plans"));
        Files.writeString(
                plans.resolve("broken.jmx"),
                "<?xml version=\"1.0\"?>\n<jmeterTestPlan>\n  <hashTree>\n</jmeterTestPlan>\n");

        List<String> problems = PlanCheck.check(plans, "broken");

        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith(plans.resolve("broken.jmx") + ":4:"), problems.get(0));
        assertTrue(problems.get(0).contains("malformed JMeter plan"), problems.get(0));
    }

    @Test
    void shouldRejectAnXmlFileThatIsNotAJMeterPlan() throws IOException {
        Path plans = Files.createDirectories(dir.resolve("plans"));
        Files.writeString(plans.resolve("pom.jmx"), "<project/>");

        assertEquals(
                List.of(plans.resolve("pom.jmx") + ": not a JMeter plan: the root element is <project>, "
                        + "expected <jmeterTestPlan>"),
                PlanCheck.check(plans, "*"));
    }

    @Test
    void shouldNameAnIncludedFragmentThatDoesNotExist() throws IOException {
        Path plans = Files.createDirectories(dir.resolve("plans"));
        Files.writeString(
                plans.resolve("p.jmx"),
                "<jmeterTestPlan><hashTree><IncludeController>"
                        + "<stringProp name=\"IncludeController.includepath\">fragments/gone.jmx</stringProp>"
                        + "</IncludeController></hashTree></jmeterTestPlan>");

        assertEquals(
                List.of(plans.resolve("p.jmx") + ": includes " + plans.resolve("fragments/gone.jmx")
                        + ", which does not exist"),
                PlanCheck.check(plans, "p"));
    }
}
