package dev.loadlab.steps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class ToolVersionsTest {
    private static Properties of(String... pairs) {
        Properties p = new Properties();
        for (int i = 0; i < pairs.length; i += 2) {
            p.setProperty(pairs[i], pairs[i + 1]);
        }
        return p;
    }

    @Test
    void theVersionsThisLoadlabWasBuiltWithAreInItsJar() {
        Properties tested = ToolVersions.tested();
        for (String tool : ToolVersions.TOOLS) {
            assertTrue(tested.getProperty(tool, "").matches("\\d+\\.\\d+\\.\\d+"), tool + ": " + tested);
        }
    }

    @Test
    void theTestedVersionsPass() {
        Properties tested = of("loadlab.version", "1.0.0", "gatling.version", "3.15.1", "jmeter.version", "5.6.3");
        assertEquals(
                List.of(), ToolVersions.problems(of("gatling.version", "3.15.1", "jmeter.version", "5.6.3"), tested));
        assertEquals(List.of(), ToolVersions.problems(new Properties(), tested));
    }

    @Test
    void anotherGatlingOrJmeterIsOneLineEachNamingTheVersionToSet() {
        Properties tested = of("loadlab.version", "1.0.0", "gatling.version", "3.15.1", "jmeter.version", "5.6.3");
        List<String> problems =
                ToolVersions.problems(of("gatling.version", "3.14.0", "jmeter.version", "5.6.2"), tested);
        assertEquals(2, problems.size(), problems.toString());
        assertEquals(
                "gatling.version=3.14.0 is not allowed: loadlab 1.0.0 is tested with 3.15.1 only; remove"
                        + " gatling.version from your pom or command line (the parent's is 3.15.1), or take the"
                        + " loadlab release built with the one you want (CHANGELOG.md)",
                problems.get(0));
        assertTrue(problems.get(1).startsWith("jmeter.version=5.6.2 is not allowed"), problems.get(1));
    }
}
