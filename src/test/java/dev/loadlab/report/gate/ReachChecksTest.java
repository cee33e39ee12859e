package dev.loadlab.report.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.loadlab.report.model.Check;
import dev.loadlab.report.model.TargetRequests;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReachChecksTest {
    @Test
    void shouldPassEachRunWhoseRequestsAllWentToATarget() {
        List<Check> checks = ReachChecks.checks(List.of(
                new TargetRequests("gatling", "h2", "ShopSimulation", Map.of("target", 40L, "api", 20L)),
                new TargetRequests("jmeter", "h2", "shop", Map.of("target", 30L))));

        assertEquals(
                List.of(
                        new Check(
                                "reach",
                                "gatling h2 ShopSimulation",
                                "requests to a host of no target",
                                "",
                                "0 of 60",
                                "0",
                                true),
                        new Check(
                                "reach",
                                "jmeter h2 shop",
                                "requests to a host of no target",
                                "",
                                "0 of 30",
                                "0",
                                true)),
                checks);
    }

    @Test
    void shouldFailARunOncePerHostItReachedForNamingTheHostAndTheCount() {
        List<Check> checks = ReachChecks.checks(List.of(
                new TargetRequests(
                        "gatling",
                        "h2",
                        "ShopSimulation",
                        Map.of("target", 40L, "blocked host pay.example.com:443", 40L, "blocked host 127.0.0.1:9", 2L)),
                new TargetRequests("jmeter", "HTTP/1.1", "web", Map.of("sent to host example.org:80", 3L))));

        assertEquals(
                List.of(
                        "gatling h2 ShopSimulation | requests not sent to host 127.0.0.1:9 | 2",
                        "gatling h2 ShopSimulation | requests not sent to host pay.example.com:443 | 40",
                        "jmeter HTTP/1.1 web | requests SENT to host example.org:80, the guard not in place | 3"),
                checks.stream()
                        .map(c -> c.scenario() + " | " + c.figure() + " | " + c.now())
                        .toList());
        assertEquals(
                List.of(false, false, false), checks.stream().map(Check::passed).toList());
    }
}
