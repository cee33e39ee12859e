package dev.loadlab.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanCheckTest {
    static final Path SHIPPED_PLANS = Path.of("jmeter");

    @TempDir
    Path dir;

    /** load.properties as Maven fills it in at smoke scale. */
    private Path validLoad() throws IOException {
        Path file = dir.resolve("load.properties");
        Files.writeString(file, String.join("\n",
                "path=/users/getAllUsers", "timeoutMs=30000", "trustedCertificate=",
                "config1.users=4", "config1.rampUpSeconds=1", "config1.durationSeconds=10", "config1.iterationsPerUser=50",
                "config2.users=8", "config2.rampUpSeconds=2", "config2.durationSeconds=10", "config2.iterationsPerUser=-1",
                "stress.maxUsers=32", "stress.steps=4", "stress.rampUpSeconds=4", "stress.holdSeconds=2",
                "stress.errorLimitPercent=10", "stress.windowSeconds=5", "stress.minSamples=50"));
        return file;
    }

    @Test
    void shouldAcceptTheShippedPlansAndTheirFragments() throws IOException {
        assertEquals(List.of(), PlanCheck.check(SHIPPED_PLANS, "*", validLoad()));
        assertEquals(List.of("api-gateway", "stress"), PlanCheck.availablePlans(SHIPPED_PLANS));
    }

    @Test
    void shouldNameTheMissingFileAndTheAllowedPlansForAnUnknownPlanName() throws IOException {
        List<String> problems = PlanCheck.check(SHIPPED_PLANS, "soak", validLoad());

        assertEquals(List.of("jmeter.plan=soak: no plan " + Path.of("jmeter", "soak.jmx")
                + "; allowed values are api-gateway, stress or * (all of them)"), problems);
    }

    @Test
    void shouldNameTheFileAndLineOfAMalformedPlan() throws IOException {
        Path plans = Files.createDirectories(dir.resolve("plans"));
        Files.writeString(plans.resolve("broken.jmx"), "<?xml version=\"1.0\"?>\n<jmeterTestPlan>\n  <hashTree>\n</jmeterTestPlan>\n");

        List<String> problems = PlanCheck.check(plans, "broken", validLoad());

        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith(plans.resolve("broken.jmx") + ":4:"), problems.get(0));
        assertTrue(problems.get(0).contains("malformed JMeter plan"), problems.get(0));
    }

    @Test
    void shouldRejectAnXmlFileThatIsNotAJMeterPlan() throws IOException {
        Path plans = Files.createDirectories(dir.resolve("plans"));
        Files.writeString(plans.resolve("pom.jmx"), "<project/>");

        assertEquals(List.of(plans.resolve("pom.jmx") + ": not a JMeter plan: the root element is <project>, "
                + "expected <jmeterTestPlan>"), PlanCheck.check(plans, "*", validLoad()));
    }

    @Test
    void shouldNameAnIncludedFragmentThatDoesNotExist() throws IOException {
        Path plans = Files.createDirectories(dir.resolve("plans"));
        Files.writeString(plans.resolve("p.jmx"), "<jmeterTestPlan><hashTree><IncludeController>"
                + "<stringProp name=\"IncludeController.includepath\">fragments/gone.jmx</stringProp>"
                + "</IncludeController></hashTree></jmeterTestPlan>");

        assertEquals(List.of(plans.resolve("p.jmx") + ": includes " + plans.resolve("fragments/gone.jmx")
                + ", which does not exist"), PlanCheck.check(plans, "p", validLoad()));
    }

    @Test
    void shouldNameEverySettingOutOfRangeWithItsMavenPropertyAndAllowedValues() throws IOException {
        Path load = validLoad();
        Files.writeString(load, Files.readString(load).replace("config1.users=4", "config1.users=0")
                .replace("stress.errorLimitPercent=10", "stress.errorLimitPercent=ten"));

        assertEquals(List.of(
                "jmeter.config1.users=0 is out of range: allowed 1..100000 (users)",
                "jmeter.stress.errorLimitPercent=ten is not a number: allowed 0.001..100 (%)"),
                PlanCheck.check(SHIPPED_PLANS, "api-gateway", load));
    }
}
