package dev.loadlab.report.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.loadlab.report.model.Check;
import dev.loadlab.report.model.Summary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SilentRunsTest {
    @TempDir
    Path dir;

    /** The build planned these runs; summary.json holds samples of the first two only. */
    private List<Check> checks(String wireCheck) throws Exception {
        Path loadlab = Files.createDirectories(dir.resolve("target/loadlab"));
        Files.writeString(
                loadlab.resolve("build-plan.tsv"),
                "# scale=smoke\n"
                        + "gatling\th2\tCheckoutSimulation\tcheckout\t-1\n"
                        + "jmeter\thttp1\tcheckout\tcheckout\t-1\n"
                        + "jmeter\thttp1\torders\torders\t-1\n"
                        + "gatling\thttp1-tls\tOrdersSimulation\torders\t-1\n");
        Files.writeString(loadlab.resolve("wire-check.properties"), wireCheck);
        Path logs = Files.createDirectories(dir.resolve("target/jmeter/logs/http1"));
        Files.writeString(
                logs.resolve("orders.jmx.log"),
                "2026-11-27 10:00:01,000 INFO o.a.j.e.StandardJMeterEngine: Running the test!\n"
                        + "2026-11-27 10:00:01,200 ERROR o.a.j.t.JMeterThread: Test failed! java.lang.IllegalArgumentException:"
                        + " File orders.csv must exist and be readable\n"
                        + "2026-11-27 10:00:01,300 ERROR o.a.j.t.JMeterThread: a second error\n");
        Path summary = dir.resolve("summary.json");
        Files.writeString(
                summary,
                "{\"run\":{},\"scenarios\":["
                        + "{\"tool\":\"gatling\",\"protocol\":\"h2\",\"run\":\"CheckoutSimulation\",\"scenario\":\"all\",\"samples\":40},"
                        + "{\"tool\":\"jmeter\",\"protocol\":\"HTTP/1.1\",\"run\":\"checkout\",\"scenario\":\"all\",\"samples\":12},"
                        + "{\"tool\":\"jmeter\",\"protocol\":\"HTTP/1.1\",\"run\":\"orders\",\"scenario\":\"all\",\"samples\":0}]}");
        return SilentRuns.checks(loadlab, dir.resolve("target/jmeter/logs"), Summary.read(summary, ""));
    }

    @Test
    void shouldFailARunThatSentNothingWithWhatItsLogSaysAndPassTheOthers() throws Exception {
        List<Check> checks = checks("");

        assertEquals(
                List.of(true, true, false, false),
                checks.stream().map(Check::passed).toList());
        assertEquals("jmeter HTTP/1.1 orders", checks.get(2).scenario());
        assertEquals(
                "no sample; its log says: Test failed! java.lang.IllegalArgumentException: File orders.csv must exist"
                        + " and be readable",
                checks.get(2).now());
        assertEquals("gatling HTTP/1.1 over TLS OrdersSimulation", checks.get(3).scenario());
    }

    @Test
    void shouldNotHoldARunOnAWireTheTargetDidNotSpeak() throws Exception {
        List<Check> checks = checks("loadlab.skip.gatling.http1-tls=true\n");

        assertEquals(3, checks.size());
    }
}
