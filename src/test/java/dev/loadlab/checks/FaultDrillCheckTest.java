package dev.loadlab.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fault drill's checker passes a report that shows the faults and names each thing a report leaves out. */
class FaultDrillCheckTest {
    private static final String PAGE = "<section><h2>Errors over time</h2></section>";

    @Test
    void shouldPassAFaultsReportWithResetsInBothToolsAndAnOutageTheGatlingRunRecoveredFrom() throws Exception {
        JsonNode summary = summary(rows(3, 2), timeline("gatling", bucket(10, 0), bucket(5, 5), bucket(10, 0)));
        assertEquals(List.of(), FaultDrillCheck.problems("faults", summary, PAGE));
    }

    @Test
    void shouldNameTheToolThatCountedNoResetAndTheRunThatNeverRecovered() throws Exception {
        JsonNode summary = summary(rows(3, 0), timeline("gatling", bucket(10, 0), bucket(5, 5)));
        List<String> problems = FaultDrillCheck.problems("faults", summary, PAGE);
        assertEquals(
                List.of(
                        "jmeter counted no connection reset",
                        "no Gatling run shows the outage and the recovery after it"),
                problems);
    }

    @Test
    void shouldPassAKillReportWhereGatlingWasAnsweredThenRefusedToTheEnd() throws Exception {
        JsonNode summary = summary(jmeterRefused(7), timeline("gatling", bucket(10, 0), bucket(5, 5), bucket(0, 0)));
        assertEquals(List.of(), FaultDrillCheck.problems("kill", summary, PAGE));
    }

    @Test
    void shouldRefuseAKillReportWhoseRunAnsweredAgainOrAPageWithoutErrorsOverTime() throws Exception {
        JsonNode summary = summary(jmeterRefused(0), timeline("gatling", bucket(10, 0), bucket(5, 5), bucket(10, 0)));
        List<String> problems = FaultDrillCheck.problems("kill", summary, "<section></section>");
        assertEquals(3, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("Errors over time"), problems.get(0));
    }

    private static String rows(long gatlingResets, long jmeterResets) {
        return "{\"tool\":\"Gatling\",\"errorsByKind\":{\"connection reset\":" + gatlingResets + "}},"
                + "{\"tool\":\"JMeter\",\"errorsByKind\":{\"connection reset\":" + jmeterResets + "}}";
    }

    private static String jmeterRefused(long refused) {
        return "{\"tool\":\"JMeter\",\"errorsByKind\":{\"connection refused\":" + refused + "}}";
    }

    private static String bucket(long answered, long refused) {
        return "{\"samples\":" + (answered + refused) + ",\"errors\":" + refused
                + ",\"errorsByKind\":{\"connection refused\":" + refused + "}}";
    }

    private static String timeline(String tool, String... buckets) {
        return "{\"tool\":\"" + tool + "\",\"protocol\":\"h2\",\"run\":\"ApiGatewaySimulation\",\"bucketSeconds\":1,"
                + "\"buckets\":[" + String.join(",", buckets) + "]}";
    }

    private static JsonNode summary(String rows, String timeline) throws Exception {
        return new ObjectMapper().readTree("{\"scenarios\":[" + rows + "],\"timelines\":[" + timeline + "]}");
    }
}
