package dev.loadlab.report;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The sections of index.html in the form of a tool's own summary, one study each: ab's block per run (001),
 * bulkbench's table (002) and JMeter's sample overview (004).
 */
final class ToolSummarySections {
    private ToolSummarySections() {}

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
