package dev.loadlab.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The sections of index.html that reproduce one study each: its chart(s) and its table. */
final class StudySections {
    private StudySections() {}

    /**
     * The OData study as it printed it: one row per strategy (with its batch size or connection count), one column per
     * record count, ms per record in the cells; and per protocol one chart of ms per record against records. At
     * {@code -Pfull} that is 11 lines a chart and 48 columns, instead of 528 rows beside one chart of 22 lines.
     */
    static String writeStrategies(List<Summary.WritePoint> points) {
        if (points.isEmpty()) {
            return Html.section(
                    "write",
                    "Write strategies (OData)",
                    Html.p("No ODataWriteSimulation results (see Missing results)."));
        }
        Map<String, Map<String, List<double[]>>> chartsByProtocol = new LinkedHashMap<>();
        Map<String, Map<Integer, Summary.WritePoint>> rowsBySeries = new LinkedHashMap<>();
        java.util.SortedSet<Integer> counts = new java.util.TreeSet<>();
        for (Summary.WritePoint p : points) {
            chartsByProtocol
                    .computeIfAbsent(p.protocol(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(p.series(), k -> new ArrayList<>())
                    .add(new double[] {p.records(), p.msPerRecord()});
            rowsBySeries.computeIfAbsent(p.series(), k -> new LinkedHashMap<>()).put(p.records(), p);
            counts.add(p.records());
        }
        StringBuilder body = new StringBuilder();
        chartsByProtocol.forEach((protocol, bySeries) -> body.append(SvgChart.line(
                "chart-write-" + protocol.replaceAll("[^A-Za-z0-9]", ""),
                "ms per record (log) vs records (log): " + protocol,
                "records",
                "ms per record",
                true,
                true,
                bySeries.entrySet().stream()
                        .map(e -> new SvgChart.Series(e.getKey().substring(protocol.length() + 1), e.getValue()))
                        .toList(),
                List.of())));
        List<String> header = new ArrayList<>(List.of("protocol", "strategy", "batch size / connections"));
        counts.forEach(n -> header.add(n + " records"));
        List<List<Object>> rows = new ArrayList<>();
        rowsBySeries.values().forEach(byCount -> {
            Summary.WritePoint first = byCount.values().iterator().next();
            List<Object> row = new ArrayList<>(List.of(first.protocol(), first.strategy(), first.width()));
            counts.forEach(n -> {
                Summary.WritePoint p = byCount.get(n);
                row.add(p == null ? null : p.ok() ? (Object) p.msPerRecord() : "failed");
            });
            rows.add(row);
        });
        return Html.section(
                "write",
                "Write strategies (OData): ms per record against records",
                body
                        + Html.p("ms per record (wall time of the strategy's requests / records) by record count")
                        + Html.table("write", header, rows));
    }

    static String gateway(List<Summary.GatewayStep> steps, List<Summary.Knee> knees) {
        if (steps.isEmpty()) {
            return Html.section(
                    "gateway",
                    "Gateway capacity",
                    Html.p("No GatewayCapacitySimulation results (see Missing results)."));
        }
        StringBuilder body = new StringBuilder();
        for (Summary.Knee knee : knees) {
            List<Summary.GatewayStep> line = GatewaySteps.ofLatency(steps, knee.protocol(), knee.latencyMs());
            String name = knee.protocol() + ", upstream latency " + knee.latencyMs() + " ms";
            String id = (knee.protocol() + "-" + knee.latencyMs()).replaceAll("[^A-Za-z0-9-]", "");
            body.append("<h3>")
                    .append(Html.esc(name))
                    .append("</h3>")
                    .append(Html.p(
                            "searched maximum sustainable rate: " + searched(knee) + " (" + knee.criteria() + ")"));
            List<SvgChart.Marker> marker = knee.maxSustainableRps() == null
                    ? List.of()
                    : List.of(new SvgChart.Marker(
                            knee.maxSustainableRps(), "max sustainable " + knee.maxSustainableRps() + "/s"));
            body.append(SvgChart.line(
                    "chart-gateway-p95-" + id,
                    "P95 per arrival rate: " + name,
                    "arrival rate (requests/s, log)",
                    "ms",
                    true,
                    false,
                    List.of(
                            series("client P95", line, s -> (double) s.clientP95Ms()),
                            series("gateway P95", line, s -> asDouble(s.gatewayP95Ms())),
                            series("upstream P95", line, s -> asDouble(s.upstreamP95Ms()))),
                    marker));
            boolean serverSampled =
                    line.stream().anyMatch(st -> st.serverCpuPct() != null || st.serverHeapMb() != null);
            body.append(
                    !serverSampled
                            ? Html.p(
                                    "No server CPU or heap for these steps (no server-metrics.csv rows: a target without /metrics?).")
                            : SvgChart.line(
                                    "chart-gateway-server-" + id,
                                    "Server per arrival rate: " + name,
                                    "arrival rate (requests/s, log)",
                                    "CPU % / heap MiB",
                                    true,
                                    false,
                                    List.of(
                                            series("server CPU %", line, Summary.GatewayStep::serverCpuPct),
                                            series("server heap MiB", line, Summary.GatewayStep::serverHeapMb)),
                                    marker));
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
            body.append(Html.table(
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
        return Html.section(
                "gateway",
                "Gateway capacity: the steps in run order, client / gateway / upstream P95, the searched maximum",
                body.toString());
    }

    /** "10 requests/s (11 broke)", as the simulation's console says it. */
    static String searched(Summary.Knee knee) {
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

    private static SvgChart.Series series(
            String name, List<Summary.GatewayStep> steps, java.util.function.Function<Summary.GatewayStep, Double> y) {
        List<double[]> points = new ArrayList<>();
        steps.forEach(s -> {
            Double v = y.apply(s);
            if (v != null) {
                points.add(new double[] {s.stepRps(), v});
            }
        });
        points.sort(java.util.Comparator.comparingDouble(p -> p[0])); // the search's steps ran out of rate order
        return new SvgChart.Series(name, points);
    }
}
