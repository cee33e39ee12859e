package dev.loadlab.steps.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.loadlab.settings.Settings;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TestSkipTest {
    @Test
    void shouldRefuseMavensTestSkipBeforeAnyLoadInOneLineNamingTheSwitchesThatWork() {
        assertEquals(
                Optional.of("-Dmaven.test.skip is not allowed with the load: it skips compiling the Gatling simulations"
                        + " too; expected -DskipUnitTests (the load without loadlab's own tests) or -DskipTests (no test"
                        + " and no load)"),
                ServerControl.testSkipProblem(Settings.of(Map.of("maven.test.skip", "true"))));
        assertEquals(Optional.empty(), ServerControl.testSkipProblem(Settings.of(Map.of("maven.test.skip", "false"))));
        assertEquals(Optional.empty(), ServerControl.testSkipProblem(Settings.of(Map.of())));
    }
}
