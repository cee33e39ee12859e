package dev.loadlab.report.index;

import dev.loadlab.report.model.Summary;
import dev.loadlab.report.page.Block;
import dev.loadlab.report.page.ChartSpec;
import dev.loadlab.report.page.Section;
import dev.loadlab.report.read.GatewaySteps;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The sections of index.html that reproduce one study each: its chart(s) and its table. */
public final class StudySections {
    private StudySections() {}

    /**
     * The OData study as it printed it: one row per strategy (with its batch size or connection count), one column per
     * record count, ms per record in the cells; and per protocol one chart of ms per record against records. At
     * {@code -Pfull} that is 11 lines a chart and 48 columns, instead of 528 rows beside one chart of 22 lines.
     */
    static Section writeStrategies(List<Summary.WritePoint> points) {
        if (points.isEmpty()) {
            return Section.of(
                    "write",
                    "Write strategies (OData)",
                    Block.text("No ODataWriteSimulation results (see Missing results)."));
        }
        Map<String, Map<String, List<ChartSpec.Point>>> chartsByProtocol = new LinkedHashMap<>();
        Map<String, Map<Integer, Summary.WritePoint>> rowsBySeries = new LinkedHashMap<>();
        java.util.SortedSet<Integer> counts = new java.util.TreeSet<>();
        for (Summary.WritePoint p : points) {
            chartsByProtocol
                    .computeIfAbsent(p.protocol(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(p.series(), k -> new ArrayList<>())
                    .add(new ChartSpec.Point(p.records(), p.msPerRecord()));
            rowsBySeries.computeIfAbsent(p.series(), k -> new LinkedHashMap<>()).put(p.records(), p);
            counts.add(p.records());
        }
        List<Block> blocks = new ArrayList<>();
        chartsByProtocol.forEach((protocol, bySeries) -> blocks.add(Block.chart(ChartSpec.lines(
                "chart-write-" + protocol.replaceAll("[^A-Za-z0-9]", ""),
                "ms per record (log) vs records (log): " + protocol,
                "records",
                "ms per record",
                null,
                true,
                true,
                bySeries.entrySet().stream()
                        .map(e -> new ChartSpec.Series(e.getKey().substring(protocol.length() + 1), e.getValue()))
                        .toList()))));
        List<String> header = new ArrayList<>(List.of("protocol", "strategy", "batch size / connections"));
        counts.forEach(n -> header.add(n + " records"));
        List<List<Object>> rows = new ArrayList<>();
        rowsBySeries.values().forEach(byCount -> {
            Summary.WritePoint first = byCount.values().iterator().next();
            List<Object> row = new ArrayList<>(List.of(first.protocol(), first.strategy(), first.width()));
            boolean failedBefore = false;
            for (int n : counts) {
                Summary.WritePoint p = byCount.get(n);
                row.add(cell(p, failedBefore));
                failedBefore |= p != null && !p.ok();
            }
            rows.add(row);
        });
        blocks.add(Block.text("ms per record (wall time of the strategy's requests / records) by record count; where a"
                + " strategy's requests failed, the kind and the count its errors started at, and its later counts"
                + " skipped"));
        blocks.add(Block.table("write", header, rows));
        return Section.of("write", "Write strategies (OData): ms per record against records", blocks);
    }

    /**
     * A record count's cell: its ms per record; where its run failed, the kind and the count errors started at
     * ("HTTP 502 from 2000", as the study says "502 starts occurring"); after that, "skipped" (the simulation stops a
     * strategy where its errors start, as the study did).
     */
    private static Object cell(Summary.WritePoint p, boolean failedBefore) {
        if (p == null) {
            return failedBefore ? "skipped" : null;
        }
        if (p.ok()) {
            return p.msPerRecord();
        }
        return (p.errorKind() == null ? "failed" : p.errorKind()) + " from " + p.records();
    }

    public static Section gateway(List<Summary.GatewayStep> steps, List<Summary.Knee> knees) {
        if (steps.isEmpty()) {
            return Section.of(
                    "gateway",
                    "Gateway capacity",
                    Block.text("No GatewayCapacitySimulation results (see Missing results)."));
        }
        List<Block> blocks = new ArrayList<>();
        for (Summary.Knee knee : knees) {
            List<Summary.GatewayStep> line = GatewaySteps.ofLatency(steps, knee.protocol(), knee.latencyMs());
            String name = knee.protocol() + ", upstream latency " + knee.latencyMs() + " ms";
            String id = (knee.protocol() + "-" + knee.latencyMs()).replaceAll("[^A-Za-z0-9-]", "");
            blocks.add(Block.heading(name));
            blocks.add(
                    Block.text("searched maximum sustainable rate: " + searched(knee) + " (" + knee.criteria() + ")"));
            ChartSpec p95 = ChartSpec.lines(
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
                            series("upstream P95", line, s -> asDouble(s.upstreamP95Ms()))));
            blocks.add(Block.chart(marked(p95, knee)));
            boolean serverSampled =
                    line.stream().anyMatch(st -> st.serverCpuPct() != null || st.serverHeapMb() != null);
            blocks.add(
                    !serverSampled
                            ? Block.text("No server CPU or heap for these steps (no server-metrics.csv rows: a target"
                                    + " without /metrics?).")
                            : Block.chart(marked(
                                    ChartSpec.lines(
                                            "chart-gateway-server-" + id,
                                            "Server per arrival rate: " + name,
                                            "arrival rate (requests/s, log)",
                                            "CPU %",
                                            "heap MiB",
                                            true,
                                            false,
                                            List.of(
                                                    series("server CPU %", line, Summary.GatewayStep::serverCpuPct),
                                                    new ChartSpec.Series(
                                                            "server heap MiB",
                                                            series("", line, Summary.GatewayStep::serverHeapMb)
                                                                    .points(),
                                                            true))),
                                    knee)));
            List<List<Object>> rows = new ArrayList<>();
            line.forEach(s -> rows.add(Arrays.asList(
                    s.phase() == null ? "-" : s.phase(),
                    s.stepRps(),
                    s.achievedRps() == null ? null : Math.round(s.achievedRps() * 10) / 10.0,
                    s.requests(),
                    s.errorPct(),
                    s.clientP95Ms(),
                    s.gatewayP95Ms(),
                    s.upstreamP95Ms(),
                    s.serverCpuPct(),
                    s.serverHeapMb(),
                    s.sustained() == null ? "not judged" : s.sustained() ? "yes" : "no")));
            blocks.add(Block.table(
                    "gateway",
                    List.of(
                            "phase",
                            "offered (requests/s)",
                            "achieved (requests/s)",
                            "requests",
                            "error %",
                            "client P95 ms",
                            "gateway P95 ms",
                            "upstream P95 ms",
                            "server CPU %",
                            "server heap MiB",
                            "sustained"),
                    rows));
        }
        return Section.of(
                "gateway",
                "Gateway capacity: the steps in run order, client / gateway / upstream P95, the searched maximum",
                blocks);
    }

    /** The searched maximum as a dashed line across the chart, where the search found one. */
    private static ChartSpec marked(ChartSpec chart, Summary.Knee knee) {
        return knee.maxSustainableRps() == null
                ? chart
                : chart.withMarker(knee.maxSustainableRps(), "max sustainable " + knee.maxSustainableRps() + "/s");
    }

    /** "10 requests/s (11 broke)", as the simulation's console says it. */
    public static String searched(Summary.Knee knee) {
        if (knee.maxSustainableRps() == null) {
            return knee.firstBrokenRps() == null
                    ? "not known"
                    : "none (the first step, " + knee.firstBrokenRps() + " requests/s, already broke)";
        }
        return knee.firstBrokenRps() == null
                ? ">= " + knee.maxSustainableRps() + " requests/s (no step broke)"
                : knee.maxSustainableRps() + " requests/s (" + knee.firstBrokenRps() + " broke)";
    }

    private static Double asDouble(Long ms) {
        return ms == null ? null : (double) ms;
    }

    private static ChartSpec.Series series(
            String name, List<Summary.GatewayStep> steps, java.util.function.Function<Summary.GatewayStep, Double> y) {
        List<ChartSpec.Point> points = new ArrayList<>();
        steps.forEach(s -> {
            Double v = y.apply(s);
            if (v != null) {
                points.add(new ChartSpec.Point(s.stepRps(), v));
            }
        });
        points.sort(java.util.Comparator.comparingDouble(ChartSpec.Point::x)); // the search's steps ran out of order
        return new ChartSpec.Series(name, points);
    }
}
