package dev.loadlab.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
                    Html.p("No LatencySimulation or latency.jmx results (see Missing results)."));
        }
        StringBuilder body = new StringBuilder(Html.p("Plain ab (a new connection, over https a new TLS handshake,"
                        + " per request) and ab -k (keep-alive) side by side. JMeter records connect time and latency (first"
                        + " byte), so its blocks have ab's whole Connection Times table and byte counts; Gatling records one"
                        + " time per request, so its table has the Total line only.")
                + AbReference.table(runs));
        Map<String, List<Summary.AbRun>> pairs = new LinkedHashMap<>();
        runs.forEach(
                r -> pairs.computeIfAbsent(r.pairKey(), k -> new ArrayList<>()).add(r));
        for (List<Summary.AbRun> pair : pairs.values()) {
            Summary.AbRun any = pair.get(0);
            Summary.AbRun plain =
                    pair.stream().filter(r -> !r.keepAlive()).findFirst().orElse(null);
            Summary.AbRun keepAlive =
                    pair.stream().filter(Summary.AbRun::keepAlive).findFirst().orElse(null);
            body.append("<h3>")
                    .append(Html.esc(any.tool() + ", " + any.protocol() + ": "
                            + any.label().replace(" -k", "")))
                    .append(
                            "</h3><table class=\"ab-pair\"><thead><tr><th>ab</th><th>ab -k</th></tr></thead><tbody><tr>")
                    .append(abCell(plain))
                    .append(abCell(keepAlive))
                    .append("</tr></tbody></table>");
        }
        return Html.section("ab", "ApacheBench-style latency runs", body.toString());
    }

    private static String abCell(Summary.AbRun r) {
        return r == null ? "<td>not run</td>" : "<td><pre class=\"ab\">" + Html.esc(abBlock(r)) + "</pre></td>";
    }

    /** ab's own summary lines, in its order and layout. */
    static String abBlock(Summary.AbRun r) {
        StringBuilder out = new StringBuilder();
        if (r.documentLengthBytes() != null) {
            out.append(String.format(Locale.ROOT, "Document Length:        %d bytes%n%n", r.documentLengthBytes()));
        }
        out.append(String.format(
                Locale.ROOT,
                "Concurrency Level:      %d%nTime taken for tests:   %.3f seconds%nComplete requests:      %d%n"
                        + "Failed requests:        %d%n",
                r.concurrency(),
                r.timeTakenSeconds(),
                r.completeRequests(),
                r.failedRequests()));
        if (r.totalTransferredBytes() != null) {
            out.append(String.format(Locale.ROOT, "Total transferred:      %d bytes%n", r.totalTransferredBytes()));
        }
        if (r.htmlTransferredBytes() != null) {
            out.append(String.format(Locale.ROOT, "HTML transferred:       %d bytes%n", r.htmlTransferredBytes()));
        }
        out.append(String.format(
                Locale.ROOT,
                "Requests per second:    %.2f [#/sec] (mean)%nTime per request:       %.3f [ms] (mean)%n"
                        + "Time per request:       %.3f [ms] (mean, across all concurrent requests)%n",
                r.requestsPerSecond(),
                r.timePerRequestMs(),
                r.timePerRequestAcrossMs()));
        if (r.totalTransferredBytes() != null) {
            out.append(String.format(
                    Locale.ROOT,
                    "Transfer rate:          %.2f [Kbytes/sec] received%n",
                    r.totalTransferredBytes() / 1024.0 / r.timeTakenSeconds()));
        }
        out.append("\nConnection Times (ms)\n              min  mean[+/-sd] median   max\n");
        r.times()
                .forEach((name, t) -> out.append(String.format(
                        Locale.ROOT,
                        "%-11s %6d %5.0f %5.1f %6d %6d%n",
                        name.substring(0, 1).toUpperCase(Locale.ROOT) + name.substring(1) + ":",
                        t.min(),
                        t.mean(),
                        t.sd(),
                        t.median(),
                        t.max())));
        out.append("\nPercentage of the requests served within a certain time (ms)\n");
        r.servedWithinMs().forEach((p, ms) -> out.append(String.format(Locale.ROOT, "%6s %6d%n", p, ms)));
        return out.toString();
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
