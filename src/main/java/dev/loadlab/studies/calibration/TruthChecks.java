package dev.loadlab.studies.calibration;

import static dev.loadlab.report.model.Check.fmt;

import dev.loadlab.report.model.Check;
import dev.loadlab.report.model.LoadGenerators;
import dev.loadlab.report.model.Percent;
import dev.loadlab.report.model.Stall;
import dev.loadlab.settings.Settings;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The gate on truth, from the calibration experiment: every tool's count equals the server's for the same requests
 * and its throughput stands within gate.serverCountPct of the server's; on the held route its p50 and p99 stand
 * within gate.calibrationP50Ms and gate.calibrationP99Ms of the time the server held the same requests plus the stalls
 * measured meanwhile (and the server's own p50 within gate.calibrationP50Ms of the configured latency plus its
 * stalls); and Gatling and JMeter, on
 * the same wire, agree within gate.crossToolPct on the held route's p50 and throughput (where the route, not the
 * injector, sets both). A change that makes a tool's figures untrue fails one of these.
 */
final class TruthChecks {
    private static final String KIND = Check.TRUTH;
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

    static TruthChecks from(Settings settings) {
        return new TruthChecks(
                settings.integer(CalibrationKnobs.CALIBRATION_P50_MS),
                settings.integer(CalibrationKnobs.CALIBRATION_P99_MS),
                settings.decimal(CalibrationKnobs.SERVER_COUNT_PCT),
                settings.decimal(CalibrationKnobs.CROSS_TOOL_PCT));
    }

    List<Check> checks(List<CalibrationRow> rows) {
        return checks(rows, List.of());
    }

    /** As above; {@code generators} tells the engines a JMeter run had, each of which ran the whole plan. */
    List<Check> checks(List<CalibrationRow> rows, List<LoadGenerators> generators) {
        List<Check> checks = new ArrayList<>();
        if (rows == null) {
            return checks; // a summary from before the calibration experiment
        }
        for (CalibrationRow r : rows) {
            if (!GATED_TOOLS.contains(r.tool())) {
                continue; // an outside reference (wrk) is shown beside loadlab's tools, never gated
            }
            if (r.serverCount() != null) {
                checks.add(Check.count(r.key(), r.serverCount(), r.samples()));
                double off = Percent.off(r.throughputPerSec(), r.serverThroughputPerSec());
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
     * The held route's percentiles against the hold the server itself measured for the same requests (where the target
     * keeps one; else the configured latency), plus how late the tool's JVM and the server's woke in those seconds (the
     * p50 their stalls' p50, the p99 their longest stall): a server that answers late, or a machine too busy to let the
     * tool read an answer on time, is not the tool's error. A tool that adds its own time stands out beyond what the stalls explain. The server's own
     * p50 is held to the configured latency plus its stalls, so a server that holds too long fails too; its p99 is not:
     * beside a CPU hog its answers queue for the cores (115.7 ms at p99 for 100 ms, its own longest stall 5.5 ms), which
     * is the machine's, and the tools are held to that hold, whatever it was.
     */
    private List<Check> latency(CalibrationRow r) {
        int known = r.configuredLatencyMs();
        boolean measured = r.serverHoldP50Ms() != null;
        Stall tool = r.toolStall();
        Stall server = r.serverStall();
        double p50Hold = measured ? r.serverHoldP50Ms() : known;
        double p99Hold = measured ? r.serverHoldP99Ms() : known;
        String of = (measured ? " ms of the server's own hold" : " ms of the held latency") + stalls(tool, server);
        List<Check> checks = new ArrayList<>();
        checks.add(within(r.key(), "p50 ms", r.p50Ms(), p50Hold, p50(tool) + p50(server), p50Ms, of));
        checks.add(within(r.key(), "p99 ms", r.p99Ms(), p99Hold, max(tool) + max(server), p99Ms, of));
        if (measured) {
            String ofHeld = " ms of the held latency" + stalls(null, server);
            checks.add(within(r.key(), "server's hold p50 ms", r.serverHoldP50Ms(), known, p50(server), p50Ms, ofHeld));
        }
        return checks;
    }

    /**
     * {@code value} within {@code tolerance} of {@code reference}, where it may also be late by up to {@code stalled}
     * (what the machine's stalls explain) but never early by more than the tolerance: a stall delays, it never speeds.
     */
    private static Check within(
            String scenario, String figure, double value, double reference, double stalled, int tolerance, String of) {
        String baseline = stalled == 0 ? fmt(reference) : fmt(reference) + " to " + fmt(reference + stalled);
        boolean passed = value >= reference - tolerance && value <= reference + stalled + tolerance;
        return check(scenario, figure, baseline, fmt(value), "within " + tolerance + of, passed);
    }

    private static double p50(Stall stall) {
        return stall == null ? 0 : stall.p50Ms();
    }

    /**
     * The tail's allowance: the longest stall of those seconds. One stall delays every request waiting through it, and
     * a closed loop's users wait in step (ten users held 100 ms answer together), so the requests' p99 can stand as far
     * out as the longest stall where the wake-ups' p99 does not (a server hold's p99 18.7 ms late beside a stall p99 of
     * 0.5 ms and a max of 20.9, with a CPU hog).
     */
    private static double max(Stall stall) {
        return stall == null ? 0 : stall.maxMs();
    }

    /** What the limit's words add for the stalls allowed: " plus the stalls measured meanwhile (p50/max tool's ...)". */
    private static String stalls(Stall tool, Stall server) {
        List<String> measured = new ArrayList<>();
        if (tool != null) {
            measured.add("tool's " + fmt(tool.p50Ms()) + "/" + fmt(tool.maxMs()));
        }
        if (server != null) {
            measured.add("server's " + fmt(server.p50Ms()) + "/" + fmt(server.maxMs()));
        }
        return measured.isEmpty()
                ? ""
                : " plus the stalls measured meanwhile (p50/max " + String.join(", ", measured) + ")";
    }

    /**
     * Gatling against JMeter on the held route, wire by wire where both ran. JMeter's remote engines each run the
     * whole plan (its users on every engine, started one after the other), where Gatling's injectors share one load:
     * then the two throughputs are not of the same load, and only the p50 is compared.
     */
    private List<Check> crossTool(List<CalibrationRow> rows, List<LoadGenerators> generators) {
        Map<String, List<CalibrationRow>> byWire = rows.stream()
                .filter(r -> r.configuredLatencyMs() != null)
                .collect(Collectors.groupingBy(CalibrationRow::protocol));
        List<Check> checks = new ArrayList<>();
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
                    Percent.off(jmeter.get().p50Ms(), gatling.get().p50Ms()) <= crossToolPct));
            if (engines(generators, wire) > 1) {
                return;
            }
            checks.add(check(
                    scenario,
                    "throughput/s",
                    fmt(gatling.get().throughputPerSec()),
                    fmt(jmeter.get().throughputPerSec()),
                    limit,
                    Percent.off(jmeter.get().throughputPerSec(), gatling.get().throughputPerSec()) <= crossToolPct));
        });
        return checks;
    }

    /** How many remote engines ran JMeter's calibration plan on {@code wire}: 1 without -Pdistributed. */
    private static int engines(List<LoadGenerators> generators, String wire) {
        return generators.stream()
                .filter(g -> g.tool().equals("jmeter") && g.protocol().equals(wire))
                .filter(g -> g.run().startsWith(CalibrationStudy.NAME))
                .mapToInt(LoadGenerators::count)
                .findFirst()
                .orElse(1);
    }

    private static Optional<CalibrationRow> tool(List<CalibrationRow> rows, String tool) {
        return rows.stream().filter(r -> r.tool().equals(tool)).findFirst();
    }

    private static Check check(
            String scenario, String figure, Object reference, Object now, String limit, boolean passed) {
        return new Check(KIND, scenario, figure, String.valueOf(reference), String.valueOf(now), limit, passed);
    }
}
