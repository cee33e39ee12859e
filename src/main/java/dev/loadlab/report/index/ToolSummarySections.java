package dev.loadlab.report.index;

import dev.loadlab.report.model.AbRun;
import dev.loadlab.report.model.BulkRow;
import dev.loadlab.report.model.JmeterOverview;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.page.Block;
import dev.loadlab.report.page.ChartSpec;
import dev.loadlab.report.page.Section;
import dev.loadlab.report.page.Table;
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
public final class ToolSummarySections {
    private ToolSummarySections() {}

    public static Section apacheBench(List<AbRun> runs) {
        if (runs.isEmpty()) {
            return Section.of(
                    "ab",
                    "ApacheBench-style latency runs",
                    Block.text("No LatencySimulation or latency.jmx results (see Missing results)."));
        }
        List<Block> blocks = new ArrayList<>();
        blocks.add(Block.text("Plain ab (a new connection, over https a new TLS handshake,"
                + " per request) and ab -k (keep-alive) side by side. JMeter records connect time and latency (first"
                + " byte), so its blocks have ab's whole Connection Times table and byte counts; Gatling records one"
                + " time per request, so its table has the Total line only."));
        blocks.addAll(AbReference.table(runs));
        Map<String, List<AbRun>> pairs = new LinkedHashMap<>();
        runs.forEach(
                r -> pairs.computeIfAbsent(r.pairKey(), k -> new ArrayList<>()).add(r));
        for (List<AbRun> pair : pairs.values()) {
            AbRun any = pair.get(0);
            AbRun plain = pair.stream().filter(r -> !r.keepAlive()).findFirst().orElse(null);
            AbRun keepAlive = pair.stream().filter(AbRun::keepAlive).findFirst().orElse(null);
            blocks.add(Block.heading(
                    any.tool() + ", " + any.protocol() + ": " + any.label().replace(" -k", "")));
            blocks.add(Block.table(new Table(
                    "ab-pair",
                    List.of(new Table.HeaderRow(List.of(Table.HeaderCell.of("ab"), Table.HeaderCell.of("ab -k")))),
                    List.of(new Table.Row(List.of(abCell(plain), abCell(keepAlive)))))));
        }
        return Section.of("ab", "ApacheBench-style latency runs", blocks);
    }

    private static Table.Cell abCell(AbRun r) {
        return r == null ? Table.Cell.of("not run") : new Table.Cell(abBlock(r), null, true);
    }

    /** ab's own summary lines, in its order and layout. */
    static String abBlock(AbRun r) {
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

    static Section jmeterOverview(List<JmeterOverview> samples, Long startupMs) {
        Block startup = Block.text("Embedded target's start-up time: "
                + (startupMs == null
                        ? "not measured (no server-metrics.csv: external target, or no gateway run)"
                        : startupMs + " ms"));
        if (samples.isEmpty()) {
            return Section.of(
                    "jmeter",
                    "JMeter sample overview",
                    startup,
                    Block.text("No JMeter results (see Missing results)."));
        }
        List<List<Object>> rows = new ArrayList<>();
        for (JmeterOverview o : samples) {
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
        return Section.of(
                "jmeter",
                "JMeter sample overview and target start-up",
                startup,
                Block.text("JMeter's CSV records bytes received with headers and body together, so no separate header"
                        + " size is shown."),
                Block.table(
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
    }

    static Section bulk(Summary.Bulk bulk) {
        if (bulk == null || bulk.rows().isEmpty()) {
            return Section.of("bulk", "Bulk-insert bench", Block.text("No bulk bench results (see Missing results)."));
        }
        List<List<Object>> rows = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        List<Number> rates = new ArrayList<>();
        for (BulkRow r : bulk.rows()) {
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
            rates.add(ChartSpec.rounded(r.rowsPerSecond()));
        }
        String info = new TreeSet<>(bulk.runtime().keySet())
                .stream()
                        .map(k -> k + ": " + bulk.runtime().get(k))
                        .reduce((a, b) -> a + "; " + b)
                        .orElse("");
        return Section.of(
                "bulk",
                "Bulk-insert bench (status " + bulk.status() + ")",
                Block.text(info),
                Block.chart(ChartSpec.bars(
                        "chart-bulk",
                        "rows per second by mode and batchCount x batchSize",
                        "rows/s",
                        false,
                        labels,
                        List.of(new ChartSpec.Dataset("rows/s", rates, ChartSpec.colour(0, 0, 1), null, null)))),
                Block.table(
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
