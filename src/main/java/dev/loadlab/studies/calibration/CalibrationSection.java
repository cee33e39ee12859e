package dev.loadlab.studies.calibration;

import dev.loadlab.report.model.Percent;
import dev.loadlab.report.page.Block;
import dev.loadlab.report.page.Section;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The calibration experiment in index.html: each tool beside the server's own count, each tool's percentiles beside
 * the latency the server held, and Gatling beside JMeter on the same wire, the differences in %.
 */
final class CalibrationSection {
    private CalibrationSection() {}

    static Section render(List<CalibrationRow> rows) {
        if (rows == null || rows.isEmpty()) {
            return Section.of(
                    "calibration",
                    "Calibration: every tool on one closed loop",
                    Block.text("No calibration results (see Missing results)."));
        }
        return Section.of(
                "calibration",
                "Calibration: every tool on one closed loop",
                Block.text(
                        "The same scenario in every tool: calibration.users in a closed loop with keep-alive, a warm-up"
                                + " on the same connections, then the measured window, on a route that answers at once"
                                + " (fast) and on one the server holds a known time (held). Throughput is over each"
                                + " side's own window; times in ms."),
                Block.heading("Against the server's count"),
                serverTable(rows),
                Block.heading("Against the known latency (held route)"),
                Block.text("The stalls: how late the tool's JVM and the server's woke in the same seconds (Machine"
                        + " stalls); the truth checks allow each percentile the server's own hold plus these."),
                latencyTable(rows),
                Block.heading("Gatling against JMeter, same wire"),
                crossToolTable(rows));
    }

    private static Block serverTable(List<CalibrationRow> rows) {
        List<List<Object>> body = new ArrayList<>();
        for (CalibrationRow r : rows) {
            body.add(Arrays.asList(
                    r.on(r.route()),
                    r.tool(),
                    r.protocol(),
                    r.samples(),
                    r.serverCount(),
                    r.serverCount() == null ? null : r.samples() - r.serverCount(),
                    r.throughputPerSec(),
                    r.serverThroughputPerSec(),
                    r.serverThroughputPerSec() == null
                            ? null
                            : Percent.signedOff(r.throughputPerSec(), r.serverThroughputPerSec()),
                    r.errorPct(),
                    r.p50Ms(),
                    r.p99Ms()));
        }
        return Block.table(
                "calibration-server",
                List.of(
                        "route",
                        "tool",
                        "protocol",
                        "samples",
                        "server count",
                        "difference",
                        "throughput/s",
                        "server throughput/s",
                        "difference %",
                        "error %",
                        "p50",
                        "p99"),
                body);
    }

    private static Block latencyTable(List<CalibrationRow> rows) {
        List<List<Object>> body = new ArrayList<>();
        for (CalibrationRow r : rows) {
            if (r.configuredLatencyMs() == null) {
                continue;
            }
            int known = r.configuredLatencyMs();
            body.add(Arrays.asList(
                    r.on(r.tool()),
                    r.protocol(),
                    known,
                    r.p50Ms(),
                    r.p50Ms() - known,
                    r.p99Ms(),
                    r.p99Ms() - known,
                    r.serverHoldP50Ms(),
                    r.serverHoldP99Ms(),
                    r.toolStall() == null ? null : r.toolStall().p99Ms(),
                    r.serverStall() == null ? null : r.serverStall().p99Ms()));
        }
        return Block.table(
                "calibration-latency",
                List.of(
                        "tool",
                        "protocol",
                        "held ms",
                        "p50",
                        "p50 - held",
                        "p99",
                        "p99 - held",
                        "server's own hold p50",
                        "server's own hold p99",
                        "tool's stall p99",
                        "server's stall p99"),
                body);
    }

    private static Block crossToolTable(List<CalibrationRow> rows) {
        Map<String, CalibrationRow> gatling = new TreeMap<>();
        Map<String, CalibrationRow> jmeter = new TreeMap<>();
        for (CalibrationRow r : rows) {
            String key = r.on(r.route()) + " " + r.protocol();
            if (r.tool().equals("gatling")) {
                gatling.put(key, r);
            } else if (r.tool().equals("jmeter")) {
                jmeter.put(key, r);
            }
        }
        List<List<Object>> body = new ArrayList<>();
        gatling.forEach((key, g) -> {
            CalibrationRow j = jmeter.get(key);
            if (j != null) {
                body.add(Arrays.asList(
                        g.on(g.route()),
                        g.protocol(),
                        g.throughputPerSec(),
                        j.throughputPerSec(),
                        Percent.signedOff(j.throughputPerSec(), g.throughputPerSec()),
                        g.p50Ms(),
                        j.p50Ms(),
                        Percent.signedOff(j.p50Ms(), g.p50Ms()),
                        g.p99Ms(),
                        j.p99Ms()));
            }
        });
        if (body.isEmpty()) {
            return Block.text("No wire was run by both tools.");
        }
        return Block.table(
                "calibration-tools",
                List.of(
                        "route",
                        "protocol",
                        "Gatling throughput/s",
                        "JMeter throughput/s",
                        "difference %",
                        "Gatling p50",
                        "JMeter p50",
                        "difference %",
                        "Gatling p99",
                        "JMeter p99"),
                body);
    }
}
