package dev.loadlab.report.gate;

import static dev.loadlab.report.gate.Gate.fmt;

import dev.loadlab.report.model.CalibrationRow;
import dev.loadlab.report.model.LoadGenerators;
import dev.loadlab.report.model.OwnRequestRow;
import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.ReportKnobs;
import dev.loadlab.settings.Settings;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The gate on truth, from the calibration experiment: every tool's count equals the server's for the same requests
 * and its throughput stands within gate.serverCountPct of the server's; on the held route its p50 and p99 stand
 * within gate.calibrationP50Ms and gate.calibrationP99Ms of the time the server held the same requests (and the
 * server's own p50 within gate.calibrationP50Ms of the configured latency); and Gatling and JMeter, on
 * the same wire, agree within gate.crossToolPct on the held route's p50 and throughput (where the route, not the
 * injector, sets both); and on your own experiments, each tool's count of each request equals the server's. A change
 * that makes a tool's figures untrue fails one of these.
 */
public final class TruthChecks {
    private static final String KIND = "truth";
    /** loadlab's own tools. wrk stops with requests in flight uncounted, so its count is short by design. */
    private static final List<String> GATED_TOOLS = List.of("gatling", "jmeter");

    private final int p50Ms;
    private final int p99Ms;
    private final double serverPct;
    private final double crossToolPct;

    private TruthChecks(int p50Ms, int p99Ms, double serverPct, double crossToolPct) {
        this.p50Ms = p50Ms;
        this.p99Ms = p99Ms;
        this.serverPct = serverPct;
        this.crossToolPct = crossToolPct;
    }

    public static TruthChecks from(Settings settings) {
        return new TruthChecks(
                settings.integer(ReportKnobs.CALIBRATION_P50_MS),
                settings.integer(ReportKnobs.CALIBRATION_P99_MS),
                settings.decimal(ReportKnobs.SERVER_COUNT_PCT),
                settings.decimal(ReportKnobs.CROSS_TOOL_PCT));
    }

    List<Gate.Check> checks(List<CalibrationRow> rows) {
        return checks(rows, List.of());
    }

    /** As above; {@code generators} tells the engines a JMeter run had, each of which ran the whole plan. */
    public List<Gate.Check> checks(List<CalibrationRow> rows, List<LoadGenerators> generators) {
        List<Gate.Check> checks = new ArrayList<>();
        if (rows == null) {
            return checks; // a summary from before the calibration experiment
        }
        for (CalibrationRow r : rows) {
            if (!GATED_TOOLS.contains(r.tool())) {
                continue; // an outside reference (wrk) is shown beside loadlab's tools, never gated
            }
            if (r.serverCount() != null) {
                checks.add(countCheck(r.key(), r.serverCount(), r.samples()));
                double off = percentOff(r.throughputPerSec(), r.serverThroughputPerSec());
                checks.add(check(
                        r.key(),
                        "throughput/s",
                        fmt(r.serverThroughputPerSec()),
                        fmt(r.throughputPerSec()),
                        "within " + fmt(serverPct) + " % of the server's",
                        off <= serverPct));
            }
            if (r.configuredLatencyMs() != null) {
                checks.addAll(latency(r));
            }
        }
        checks.addAll(crossTool(rows, generators));
        return checks;
    }

    /**
     * Your own experiments: each tool's count of each request equals what the server counted of it, where the target
     * keeps a count (OwnRequests).
     */
    public List<Gate.Check> ownRequests(List<OwnRequestRow> rows) {
        List<Gate.Check> checks = new ArrayList<>();
        for (OwnRequestRow r : rows) {
            if (r.serverGatling() != null && r.gatlingSamples() != null) {
                checks.add(countCheck(r.key("gatling"), r.serverGatling(), r.gatlingSamples()));
            }
            if (r.serverJmeter() != null && r.jmeterSamples() != null) {
                checks.add(countCheck(r.key("jmeter"), r.serverJmeter(), r.jmeterSamples()));
            }
        }
        return checks;
    }

    private static Gate.Check countCheck(String scenario, long server, long samples) {
        return check(scenario, "count", server, samples, "= the server's", samples == server);
    }

    /**
     * The held route's percentiles against the hold the server itself measured for the same requests (where the target
     * keeps one; else the configured latency): a server that answers late on a busy machine is the target's error,
     * not the tool's. The server's own p50 is held to the configured latency, so a late server fails too.
     */
    private List<Gate.Check> latency(CalibrationRow r) {
        int known = r.configuredLatencyMs();
        boolean measured = r.serverHoldP50Ms() != null;
        double p50Reference = measured ? r.serverHoldP50Ms() : known;
        double p99Reference = measured ? r.serverHoldP99Ms() : known;
        String of = measured ? " ms of the server's own hold" : " ms of the held latency";
        List<Gate.Check> checks = new ArrayList<>();
        checks.add(check(
                r.key(),
                "p50 ms",
                fmt(p50Reference),
                r.p50Ms(),
                "within " + p50Ms + of,
                Math.abs(r.p50Ms() - p50Reference) <= p50Ms));
        checks.add(check(
                r.key(),
                "p99 ms",
                fmt(p99Reference),
                r.p99Ms(),
                "within " + p99Ms + of,
                Math.abs(r.p99Ms() - p99Reference) <= p99Ms));
        if (measured) {
            checks.add(check(
                    r.key(),
                    "server's hold p50 ms",
                    known,
                    fmt(r.serverHoldP50Ms()),
                    "within " + p50Ms + " ms of the held latency",
                    Math.abs(r.serverHoldP50Ms() - known) <= p50Ms));
        }
        return checks;
    }

    /**
     * Gatling against JMeter on the held route, wire by wire where both ran. JMeter's remote engines each run the
     * whole plan (its users on every engine, started one after the other), where Gatling's injectors share one load:
     * then the two throughputs are not of the same load, and only the p50 is compared.
     */
    private List<Gate.Check> crossTool(List<CalibrationRow> rows, List<LoadGenerators> generators) {
        Map<String, List<CalibrationRow>> byWire = rows.stream()
                .filter(r -> r.configuredLatencyMs() != null)
                .collect(Collectors.groupingBy(CalibrationRow::protocol));
        List<Gate.Check> checks = new ArrayList<>();
        byWire.forEach((wire, held) -> {
            Optional<CalibrationRow> gatling = tool(held, "gatling");
            Optional<CalibrationRow> jmeter = tool(held, "jmeter");
            if (gatling.isEmpty() || jmeter.isEmpty()) {
                return;
            }
            String scenario = "gatling vs jmeter " + wire + " calibration / held";
            String limit = "within " + fmt(crossToolPct) + " %";
            checks.add(check(
                    scenario,
                    "p50 ms",
                    gatling.get().p50Ms(),
                    jmeter.get().p50Ms(),
                    limit,
                    percentOff(jmeter.get().p50Ms(), gatling.get().p50Ms()) <= crossToolPct));
            if (engines(generators, wire) > 1) {
                return;
            }
            checks.add(check(
                    scenario,
                    "throughput/s",
                    fmt(gatling.get().throughputPerSec()),
                    fmt(jmeter.get().throughputPerSec()),
                    limit,
                    percentOff(jmeter.get().throughputPerSec(), gatling.get().throughputPerSec()) <= crossToolPct));
        });
        return checks;
    }

    /** How many remote engines ran JMeter's calibration plan on {@code wire}: 1 without -Pdistributed. */
    private static int engines(List<LoadGenerators> generators, String wire) {
        return generators.stream()
                .filter(g -> g.tool().equals("jmeter") && g.protocol().equals(wire))
                .filter(g -> g.run().startsWith(ContractKnobs.CALIBRATION))
                .mapToInt(LoadGenerators::count)
                .findFirst()
                .orElse(1);
    }

    private static Optional<CalibrationRow> tool(List<CalibrationRow> rows, String tool) {
        return rows.stream().filter(r -> r.tool().equals(tool)).findFirst();
    }

    /** How far {@code value} stands from {@code reference}, in % of the reference (0 when both are 0). */
    public static double percentOff(double value, double reference) {
        if (reference == 0) {
            return value == 0 ? 0 : Double.POSITIVE_INFINITY;
        }
        return Math.abs(value - reference) / reference * 100;
    }

    /** {@code value} against {@code reference} in %, with its sign; null where the reference is 0. */
    public static Double signedPercentOff(double value, double reference) {
        return reference == 0 ? null : Math.signum(value - reference) * percentOff(value, reference);
    }

    private static Gate.Check check(
            String scenario, String figure, Object reference, Object now, String limit, boolean passed) {
        return new Gate.Check(KIND, scenario, figure, String.valueOf(reference), String.valueOf(now), limit, passed);
    }
}
