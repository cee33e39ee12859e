package dev.loadlab.studies.calibration;

import static dev.loadlab.report.page.Table.column;

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
        return Block.table(
                "calibration-server",
                rows,
                column("route", r -> r.on(r.route())),
                column("tool", CalibrationRow::tool),
                column("protocol", CalibrationRow::protocol),
                column("samples", CalibrationRow::samples),
                column("server count", CalibrationRow::serverCount),
                column("difference", r -> r.serverCount() == null ? null : r.samples() - r.serverCount()),
                column("throughput/s", CalibrationRow::throughputPerSec),
                column("server throughput/s", CalibrationRow::serverThroughputPerSec),
                column(
                        "difference %",
                        r -> r.serverThroughputPerSec() == null
                                ? null
                                : Percent.signedOff(r.throughputPerSec(), r.serverThroughputPerSec())),
                column("error %", CalibrationRow::errorPct),
                column("p50", CalibrationRow::p50Ms),
                column("p99", CalibrationRow::p99Ms));
    }

    private static Block latencyTable(List<CalibrationRow> rows) {
        return Block.table(
                "calibration-latency",
                rows.stream().filter(r -> r.configuredLatencyMs() != null).toList(),
                column("tool", r -> r.on(r.tool())),
                column("protocol", CalibrationRow::protocol),
                column("held ms", CalibrationRow::configuredLatencyMs),
                column("p50", CalibrationRow::p50Ms),
                column("p50 - held", r -> r.p50Ms() - r.configuredLatencyMs()),
                column("p99", CalibrationRow::p99Ms),
                column("p99 - held", r -> r.p99Ms() - r.configuredLatencyMs()),
                column("server's own hold p50", CalibrationRow::serverHoldP50Ms),
                column("server's own hold p99", CalibrationRow::serverHoldP99Ms),
                column(
                        "tool's stall p99",
                        r -> r.toolStall() == null ? null : r.toolStall().p99Ms()),
                column(
                        "server's stall p99",
                        r -> r.serverStall() == null ? null : r.serverStall().p99Ms()));
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
