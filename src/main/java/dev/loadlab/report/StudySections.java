package dev.loadlab.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** The sections of index.html that reproduce one study each: its chart(s) and its table. */
final class StudySections {
    private StudySections() {}

    static String writeStrategies(List<Summary.WritePoint> points) {
        if (points.isEmpty()) {
            return Html.section(
                    "write",
                    "Write strategies (OData)",
                    Html.p("No ODataWriteSimulation results (see Missing results)."));
        }
        Map<String, List<double[]>> bySeries = new LinkedHashMap<>();
        List<List<Object>> rows = new ArrayList<>();
        for (Summary.WritePoint p : points) {
            bySeries.computeIfAbsent(p.series(), k -> new ArrayList<>())
                    .add(new double[] {p.records(), p.msPerRecord()});
            rows.add(List.of(
                    p.protocol(),
                    p.strategy(),
                    p.width(),
                    p.records(),
                    p.wallMs(),
                    p.msPerRecord(),
                    p.ok() ? "ok" : "failed"));
        }
        List<SvgChart.Series> series = bySeries.entrySet().stream()
                .map(e -> new SvgChart.Series(e.getKey(), e.getValue()))
                .toList();
        return Html.section(
                "write",
                "Write strategies (OData): ms per record against records",
                SvgChart.line(
                                "chart-write",
                                "ms per record (log) vs records (log)",
                                "records",
                                "ms per record",
                                true,
                                true,
                                series,
                                List.of())
                        + Html.table(
                                "write",
                                List.of(
                                        "protocol",
                                        "strategy",
                                        "batch size / connections",
                                        "records",
                                        "wall ms",
                                        "ms per record",
                                        "status"),
                                rows));
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
                    .append(Html.p("max sustainable rate: "
                            + (knee.maxSustainableRps() == null
                                    ? "none (the first step is already over the limits)"
                                    : knee.maxSustainableRps() + " requests/s")
                            + " (" + knee.limits() + ")"));
            List<SvgChart.Marker> marker = knee.maxSustainableRps() == null
                    ? List.of()
                    : List.of(new SvgChart.Marker(
                            knee.maxSustainableRps(), "max sustainable " + knee.maxSustainableRps() + "/s"));
            body.append(SvgChart.line(
                    "chart-gateway-p95-" + id,
                    "P95 per arrival-rate step: " + name,
                    "arrival rate (requests/s, log)",
                    "ms",
                    true,
                    false,
                    List.of(
                            series("client P95", line, s -> (double) s.clientP95Ms()),
                            series(
                                    "upstream P95",
                                    line,
                                    s -> s.upstreamP95Ms() == null ? null : (double) s.upstreamP95Ms()),
                            series(
                                    "gateway (difference)",
                                    line,
                                    s -> s.gatewayP95Ms() == null ? null : (double) s.gatewayP95Ms())),
                    marker));
            boolean serverSampled =
                    line.stream().anyMatch(st -> st.serverCpuPct() != null || st.serverHeapMb() != null);
            body.append(
                    !serverSampled
                            ? Html.p(
                                    "No server CPU or heap for these steps (no server-metrics.csv rows: a target without /metrics?).")
                            : SvgChart.line(
                                    "chart-gateway-server-" + id,
                                    "Server per step: " + name,
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
                    s.stepRps(),
                    s.requests(),
                    s.errorPct(),
                    s.clientP95Ms(),
                    s.upstreamP95Ms(),
                    s.gatewayP95Ms(),
                    s.serverCpuPct(),
                    s.serverHeapMb(),
                    s.withinLimits() ? "yes" : "no")));
            body.append(Html.table(
                    "gateway",
                    List.of(
                            "step (requests/s)",
                            "requests",
                            "error %",
                            "client P95 ms",
                            "upstream P95 ms",
                            "gateway ms",
                            "server CPU %",
                            "server heap MiB",
                            "within limits"),
                    rows));
        }
        return Html.section(
                "gateway", "Gateway capacity: P95 per step, time in the gateway, server CPU and heap", body.toString());
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
        return new SvgChart.Series(name, points);
    }

    static String apacheBench(List<Summary.AbRun> runs) {
        if (runs.isEmpty()) {
            return Html.section(
                    "ab",
                    "ApacheBench-style latency runs",
                    Html.p("No LatencySimulation results (see Missing results)."));
        }
        StringBuilder body =
                new StringBuilder(Html.p("Gatling records one time per request (no connect/processing/waiting"
                        + " split), so the connection-times table has the total line only."));
        for (Summary.AbRun r : runs) {
            body.append("<h3>")
                    .append(Html.esc(r.protocol() + ": " + r.label()))
                    .append("</h3><pre class=\"ab\">")
                    .append(Html.esc(String.format(
                            java.util.Locale.ROOT,
                            "Concurrency Level:      %d%nTime taken for tests:   %.3f seconds%nComplete requests:      %d%n"
                                    + "Failed requests:        %d%nRequests per second:    %.2f [#/sec] (mean)%n"
                                    + "Time per request:       %.3f [ms] (mean)%n"
                                    + "Time per request:       %.3f [ms] (mean, across all concurrent requests)%n%n"
                                    + "Connection Times (ms)%n              min  mean[+/-sd] median   max%n",
                            r.concurrency(),
                            r.timeTakenSeconds(),
                            r.completeRequests(),
                            r.failedRequests(),
                            r.requestsPerSecond(),
                            r.timePerRequestMs(),
                            r.timePerRequestAcrossMs())));
            r.times()
                    .forEach((name, t) -> body.append(Html.esc(String.format(
                            java.util.Locale.ROOT,
                            "%-11s %6d %5.0f %5.1f %6d %6d%n",
                            name.substring(0, 1).toUpperCase() + name.substring(1) + ":",
                            t.min(),
                            t.mean(),
                            t.sd(),
                            t.median(),
                            t.max()))));
            body.append("\nPercentage of the requests served within a certain time (ms)\n");
            r.servedWithinMs()
                    .forEach(
                            (p, ms) -> body.append(Html.esc(String.format(java.util.Locale.ROOT, "%6s %6d%n", p, ms))));
            body.append("</pre>");
        }
        return Html.section("ab", "ApacheBench-style latency runs", body.toString());
    }

    static String jmeterOverview(List<Summary.JmeterOverview> samples, Long startupMs) {
        StringBuilder body = new StringBuilder(Html.p("Embedded target's start-up time: "
                + (startupMs == null
                        ? "not measured (no server-metrics.csv: external target, or no gateway run)"
                        : startupMs + " ms")));
        if (samples.isEmpty()) {
            return Html.section(
                    "jmeter", "JMeter sample overview", body + Html.p("No JMeter results (see Missing results)."));
        }
        List<List<Object>> rows = new ArrayList<>();
        for (Summary.JmeterOverview o : samples) {
            rows.add(List.of(
                    o.protocol(),
                    o.plan(),
                    o.label(),
                    o.samples(),
                    o.loadTimeMs().mean(),
                    o.loadTimeMs().max(),
                    o.connectMs().mean(),
                    o.connectMs().max(),
                    o.latencyMs().mean(),
                    o.latencyMs().max(),
                    o.avgReceivedBytes(),
                    o.avgSentBytes()));
        }
        body.append(
                        Html.p(
                                "JMeter's CSV records bytes received with headers and body together, so no separate header size is shown."))
                .append(Html.table(
                        "jmeter",
                        List.of(
                                "protocol",
                                "plan",
                                "label",
                                "samples",
                                "load time mean ms",
                                "load time max ms",
                                "connect mean ms",
                                "connect max ms",
                                "latency (first byte) mean ms",
                                "latency max ms",
                                "received bytes (headers + body) avg",
                                "sent bytes avg"),
                        rows));
        return Html.section("jmeter", "JMeter sample overview and target start-up", body.toString());
    }

    static String bulk(Summary.Bulk bulk) {
        if (bulk == null || bulk.rows().isEmpty()) {
            return Html.section("bulk", "Bulk-insert bench", Html.p("No bulk bench results (see Missing results)."));
        }
        List<List<Object>> rows = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        List<Double> rates = new ArrayList<>();
        for (Summary.BulkRow r : bulk.rows()) {
            rows.add(List.of(
                    r.mode(),
                    r.batchCount(),
                    r.batchSize(),
                    r.runs(),
                    r.failedRuns(),
                    r.avgSeconds(),
                    r.maxSeconds(),
                    r.medianSeconds(),
                    r.minSeconds(),
                    r.rowsPerSecond()));
            labels.add(r.mode().substring(0, 3) + "-" + r.pair());
            rates.add(r.rowsPerSecond());
        }
        String info = new TreeSet<>(bulk.runtime().keySet())
                .stream()
                        .map(k -> k + ": " + bulk.runtime().get(k))
                        .reduce((a, b) -> a + "; " + b)
                        .orElse("");
        return Html.section(
                "bulk",
                "Bulk-insert bench (status " + bulk.status() + ")",
                Html.p(info)
                        + SvgChart.bars(
                                "chart-bulk",
                                "rows per second by mode and batchCount x batchSize",
                                "rows/s",
                                labels,
                                rates)
                        + Html.table(
                                "bulk",
                                List.of(
                                        "mode",
                                        "batchCount",
                                        "batchSize",
                                        "runs",
                                        "failed runs",
                                        "avg s",
                                        "max s",
                                        "median s",
                                        "min s",
                                        "rows/s"),
                                rows));
    }
}
