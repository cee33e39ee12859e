package dev.loadlab.shared;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class JmeterRunTest {

    @Test
    void shouldFindThePlanOnJmeterCommandLineEvenInAFolderWithSpaces() {
        assertEquals(
                Optional.of("api-gateway-stress"),
                JmeterRun.planOf(
                        "/x/ApacheJMeter-5.6.3.jar -d /my project/target/jmeter -n -t /my project/target/jmeter/"
                                + "testFiles/h2/api-gateway-stress.jmx -l /my project/results.csv"));
        assertEquals(Optional.empty(), JmeterRun.planOf("/x/ApacheJMeter-5.6.3.jar"), "the GUI: no plan to run");
    }
}
