package dev.loadlab.report.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.model.Check;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpokenWiresTest {
    @TempDir
    Path results;

    private void csv(String wire, String... spoken) throws Exception {
        Path dir = Files.createDirectories(results.resolve(wire));
        StringBuilder text = new StringBuilder("timeStamp,elapsed,label,success,\"documentLength\",\"spoken\"\n");
        for (String s : spoken) {
            text.append("1,2,configuration 1,true,null,").append(s).append('\n');
        }
        Files.writeString(dir.resolve("api-gateway.csv"), text);
    }

    @Test
    void shouldPassARunWhoseEverySampleSpokeItsWiresProtocolAndScheme() throws Exception {
        csv("h2", "http2 https", "http2 https");
        csv("h2c", "http2 http");

        List<Check> checks = SpokenWires.checks(results);

        assertEquals(2, checks.size());
        assertTrue(checks.stream().allMatch(Check::passed), checks.toString());
    }

    @Test
    void shouldFailAnH2RunThatSpokeHttp1InCleartext() throws Exception {
        csv("h2", "http1 http", "http2 https");

        Check check = SpokenWires.checks(results).get(0);

        assertFalse(check.passed());
        assertEquals("jmeter h2 api-gateway", check.scenario());
        assertEquals("1 of 2", check.now());
    }

    @Test
    void shouldCheckAPlanOfJMetersHttpRequestWithoutTheColumnByItsUrlsSchemeAndHttp11() throws Exception {
        plain("http1", "http://127.0.0.1:8080/orders");
        plain("http1-tls", "http://127.0.0.1:8080/orders");
        plain("h2", "https://127.0.0.1:8443/orders");

        List<Check> checks = SpokenWires.checks(results);

        assertEquals(
                List.of(true, false, false), checks.stream().map(Check::passed).toList(), checks.toString());
        assertEquals("1 of 1", checks.get(2).now(), "HTTP/1.1 by construction on the h2 wire: wrong");
    }

    @Test
    void shouldLeaveARunWithoutAnyRequestToTheCheckThatItSentNothing() throws Exception {
        csv("http1");
        Path dir = Files.createDirectories(results.resolve("http1-tls"));
        Files.writeString(dir.resolve("latency.csv"), "timeStamp,elapsed,label\n1,2,a script\n");

        assertTrue(SpokenWires.checks(results).stream().allMatch(Check::passed));
    }

    /** A plan as JMeter users write it: no column of loadlab's, JMeter's URL column (its default). */
    private void plain(String wire, String url) throws Exception {
        Path dir = Files.createDirectories(results.resolve(wire));
        Files.writeString(
                dir.resolve("orders.csv"),
                "timeStamp,elapsed,label,success,URL,\"documentLength\",\"spoken\"\n1,2,GET orders,true," + url
                        + ",null,null\n");
    }
}
