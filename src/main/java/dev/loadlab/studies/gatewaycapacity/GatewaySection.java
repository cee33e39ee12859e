package dev.loadlab.studies.gatewaycapacity;

import static dev.loadlab.report.page.Table.column;

import dev.loadlab.report.page.Block;
import dev.loadlab.report.page.ChartSpec;
import dev.loadlab.report.page.Section;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * The gateway study as it tabulated each upstream latency: what the gateway sustained and up to where it did not
 * degrade, its system table (most CPU and memory against the pod's request and limit), the P95s per rate and the
 * processes' CPU and memory per rate as charts, then every step in run order with the time in the gateway and, for a
 * step that broke, what broke it.
 */
public final class GatewaySection {
    private GatewaySection() {}

    public static Section of(List<Gateway.Step> steps, List<Gateway.Knee> knees) {
        if (steps.isEmpty()) {
            return Section.of(
                    "gateway",
                    "Gateway capacity",
                    Block.text("No GatewayCapacitySimulation results (see Missing results)."));
        }
        List<Block> blocks = new ArrayList<>();
        List<Gateway.KneeRange> ranges = KneeFigures.ranges(knees);
        boolean repeated = ranges.stream().anyMatch(r -> r.repeats() > 1);
        if (repeated) {
            blocks.add(Block.heading("Maximum sustainable rate over the repeats (-Drepeats)"));
            blocks.add(ranges(ranges));
        }
        for (Gateway.Knee knee : knees) {
            List<Gateway.Step> line = Gateway.ofCell(steps, knee.protocol(), knee.latencyMs(), knee.repeat());
            String repeat = repeated ? ", repeat " + knee.repeat() : "";
            String name = knee.protocol() + ", upstream latency " + knee.latencyMs() + " ms" + repeat;
            String id = (knee.protocol() + "-" + knee.latencyMs() + (repeated ? "-" + knee.repeat() : ""))
                    .replaceAll("[^A-Za-z0-9-]", "");
            blocks.add(Block.heading(name));
            blocks.add(Block.text("searched maximum sustainable rate: " + searched(knee) + " (" + knee.criteria() + ")"
                    + noDegradation(knee)));
            Gateway.NotGiven notGiven = knee.notGiven() == null ? Gateway.NotGiven.NOTHING : knee.notGiven();
            if (knee.headroom() != null) {
                blocks.add(headroom(knee.headroom(), line, notGiven));
            }
            blocks.add(Block.chart(marked(
                    ChartSpec.lines(
                            "chart-gateway-p95-" + id,
                            "P95 per arrival rate: " + name,
                            "arrival rate (requests/s, log)",
                            "ms",
                            null,
                            true,
                            false,
                            List.of(
                                    series("client P95", line, s -> (double) s.clientP95Ms()),
                                    series("gateway P95", line, s -> asDouble(s.gatewayP95Ms())),
                                    series("upstream P95", line, s -> asDouble(s.upstreamP95Ms())))),
                    knee)));
            blocks.add(processes(line, name, id, knee, notGiven));
            blocks.add(steps(line, notGiven));
        }
        return Section.of(
                "gateway",
                "Gateway capacity: the steps in run order, client / gateway / upstream P95, the searched maximum",
                blocks);
    }

    /** Per wire and latency, the median, least and most of its repeats' maximum sustainable rates. */
    private static Block ranges(List<Gateway.KneeRange> ranges) {
        return Block.table(
                "gateway-knee-ranges",
                ranges,
                column("protocol", Gateway.KneeRange::protocol),
                column("upstream latency ms", Gateway.KneeRange::latencyMs),
                column("repeats", Gateway.KneeRange::repeats),
                column("median max sustainable (requests/s)", r -> or(r.medianRps(), "none sustained")),
                column("least", Gateway.KneeRange::leastRps),
                column("most", Gateway.KneeRange::mostRps));
    }

    /** "10 requests/s (11 broke)", as the simulation's console says it. */
    public static String searched(Gateway.Knee knee) {
        if (knee.maxSustainableRps() == null) {
            return knee.firstBrokenRps() == null
                    ? "not known"
                    : "none (the first step, " + knee.firstBrokenRps() + " requests/s, already broke)";
        }
        return knee.firstBrokenRps() == null
                ? ">= " + knee.maxSustainableRps() + " requests/s (no step broke)"
                : knee.maxSustainableRps() + " requests/s (" + knee.firstBrokenRps() + " broke)";
    }

    /** "; no degradation up to 8 requests/s (client P95 within 100 ms of the upstream's 100 ms)". */
    static String noDegradation(Gateway.Knee knee) {
        if (knee.degradationMarginMs() == null) {
            return "";
        }
        String within = " (client P95 within " + knee.degradationMarginMs() + " ms of the upstream's "
                + knee.latencyMs() + " ms)";
        return knee.noDegradationUpToRps() == null
                ? "; no step without degradation (the first was not sustained)"
                : "; no degradation up to " + knee.noDegradationUpToRps() + " requests/s" + within;
    }

    /**
     * The study's system table: the gateway process's most use in any step that held against the pod's request and
     * limit; where there is none, why.
     */
    private static Block headroom(Gateway.Headroom h, List<Gateway.Step> line, Gateway.NotGiven notGiven) {
        String none = notGiven.gatewayUse() != null
                ? notGiven.gatewayUse()
                : line.stream().anyMatch(s -> s.gateway() != null) ? "n/a: no step held" : "n/a: not polled";
        return Block.table(
                "gateway-system",
                List.of("system metric", "max usage in test (steps that held)", "request", "limit"),
                List.of(
                        Arrays.asList(
                                "CPU (millicore)",
                                or(round(h.maxCpuMillicores()), none),
                                h.cpuRequestMillicores(),
                                h.cpuLimitMillicores()),
                        Arrays.asList(
                                "Memory (MB, resident)",
                                or(round(h.maxMemoryMb()), none),
                                h.memoryRequestMb(),
                                h.memoryLimitMb())));
    }

    /** Each process's CPU (millicores, left) and resident memory (MB, right) per arrival rate. */
    private static Block processes(
            List<Gateway.Step> line, String name, String id, Gateway.Knee knee, Gateway.NotGiven notGiven) {
        List<ChartSpec.Series> series = new ArrayList<>();
        for (String who : List.of("gateway", "upstream")) {
            Function<Gateway.Step, Gateway.ProcessUse> of =
                    who.equals("gateway") ? Gateway.Step::gateway : Gateway.Step::upstream;
            ChartSpec.Series cpu = series(
                    who + " CPU (millicore)",
                    line,
                    s -> of.apply(s) == null ? null : of.apply(s).cpuMillicores());
            ChartSpec.Series memory = series(
                    who + " memory (MB)",
                    line,
                    s -> of.apply(s) == null ? null : of.apply(s).memoryMb());
            if (!cpu.points().isEmpty()) {
                series.add(cpu);
            }
            if (!memory.points().isEmpty()) {
                series.add(new ChartSpec.Series(memory.name(), memory.points(), true));
            }
        }
        if (series.isEmpty()) {
            return Block.text(
                    notGiven.gatewayUse() != null
                            ? "No CPU or memory for these steps (" + notGiven.gatewayUse() + ")."
                            : "No CPU or memory for these steps (no server-metrics.csv rows: a target without /metrics?).");
        }
        return Block.chart(marked(
                ChartSpec.lines(
                        "chart-gateway-server-" + id,
                        "CPU and memory per arrival rate: " + name,
                        "arrival rate (requests/s, log)",
                        "millicores",
                        "MB",
                        true,
                        false,
                        series),
                knee));
    }

    /** Every step in run order; a column the target could not give says why in its cells (Gateway.NotGiven). */
    private static Block steps(List<Gateway.Step> line, Gateway.NotGiven n) {
        return Block.table(
                "gateway",
                line,
                column("phase", s -> s.phase() == null ? "-" : s.phase()),
                column("offered (requests/s)", Gateway.Step::stepRps),
                column(
                        "achieved (requests/s)",
                        s -> s.achievedRps() == null ? null : Math.round(s.achievedRps() * 10) / 10.0),
                column("requests", Gateway.Step::requests),
                column("error %", Gateway.Step::errorPct),
                column("client P95 ms", Gateway.Step::clientP95Ms),
                column("gateway P95 ms", s -> or(s.gatewayP95Ms(), n.gatewayTiming())),
                column("upstream P95 ms", s -> or(s.upstreamP95Ms(), n.upstreamTiming())),
                column("time in gateway ms", s -> or(s.timeInGatewayMs(), n.timeInGateway())),
                column("queue P95 ms", s -> or(s.queueP95Ms(), n.queueTiming())),
                column(
                        "gateway CPU (millicore)",
                        s -> or(s.gateway() == null ? null : round(s.gateway().cpuMillicores()), n.gatewayUse())),
                column(
                        "gateway memory (MB)",
                        s -> or(s.gateway() == null ? null : round(s.gateway().memoryMb()), n.gatewayUse())),
                column(
                        "upstream CPU (millicore)",
                        s -> or(s.upstream() == null ? null : round(s.upstream().cpuMillicores()), n.upstreamUse())),
                column(
                        "upstream memory (MB)",
                        s -> or(s.upstream() == null ? null : round(s.upstream().memoryMb()), n.upstreamUse())),
                column("connections", s -> or(s.openConnections(), n.gatewayUse())),
                column("sustained", s -> s.sustained() == null ? "not judged" : s.sustained() ? "yes" : "no"),
                column("broken by", Gateway.Step::brokenBy));
    }

    /** The searched maximum as a dashed line across the chart, where the search found one. */
    private static ChartSpec marked(ChartSpec chart, Gateway.Knee knee) {
        return knee.maxSustainableRps() == null
                ? chart
                : chart.withMarker(knee.maxSustainableRps(), "max sustainable " + knee.maxSustainableRps() + "/s");
    }

    /** The figure, else why the target could not give it (null: an empty cell, as before the reasons). */
    private static Object or(Object figure, String notGiven) {
        return figure != null ? figure : notGiven;
    }

    private static Long round(Double value) {
        return value == null ? null : Math.round(value);
    }

    private static Double asDouble(Long ms) {
        return ms == null ? null : (double) ms;
    }

    private static ChartSpec.Series series(String name, List<Gateway.Step> steps, Function<Gateway.Step, Double> y) {
        List<ChartSpec.Point> points = new ArrayList<>();
        steps.forEach(s -> {
            Double v = y.apply(s);
            if (v != null) {
                points.add(new ChartSpec.Point(s.stepRps(), v));
            }
        });
        points.sort(Comparator.comparingDouble(ChartSpec.Point::x)); // the search's steps ran out of order
        return new ChartSpec.Series(name, points);
    }
}
