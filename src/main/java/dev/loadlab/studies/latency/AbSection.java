package dev.loadlab.studies.latency;

import static dev.loadlab.report.page.Table.column;

import dev.loadlab.report.model.Spread;
import dev.loadlab.report.page.Block;
import dev.loadlab.report.page.Section;
import dev.loadlab.report.page.Table;
import dev.loadlab.studies.latency.LatencyStudy.AbRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The latency study's section of index.html in ab's own form: ab's block per run, plain and -k side by side (001). */
public final class AbSection {
    private AbSection() {}

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
        if (AbRuns.repeated(runs)) {
            blocks.add(Block.heading("Each ab run over its repeats (-Drepeats): median, least and most"));
            blocks.add(ranges(AbRuns.ranges(runs)));
        }
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

    private static Block ranges(List<AbRuns.Range> ranges) {
        return Block.table(
                "ab-ranges",
                ranges,
                column("tool", AbRuns.Range::tool),
                column("protocol", AbRuns.Range::protocol),
                column("ab run", AbRuns.Range::label),
                column("repeats", AbRuns.Range::repeats),
                column("requests/s", r -> spread(r.requestsPerSecond(), "%.1f")),
                column("time per request ms", r -> spread(r.timePerRequestMs(), "%.2f")),
                column("50 % within ms", r -> spread(r.p50Ms(), "%.0f")),
                column("95 % within ms", r -> spread(r.p95Ms(), "%.0f")),
                column("99 % within ms", r -> spread(r.p99Ms(), "%.0f")));
    }

    /** "514.2 (497.0 to 530.8)": the median, then the least and the most. */
    private static String spread(Spread s, String format) {
        return s == null
                ? "-"
                : String.format(
                        Locale.ROOT, format + " (" + format + " to " + format + ")", s.median(), s.least(), s.most());
    }

    private static Table.Cell abCell(AbRun r) {
        return r == null ? Table.Cell.of("not run") : new Table.Cell(abBlock(r), null, true);
    }

    /** ab's own summary lines, in its order and layout. */
    static String abBlock(AbRun r) {
        StringBuilder out = new StringBuilder();
        if (r.documentLengthBytes() != null) {
            line(out, "Document Length", "%d bytes%n", r.documentLengthBytes());
        }
        line(out, "Concurrency Level", "%d", r.concurrency());
        line(out, "Time taken for tests", "%.3f seconds", r.timeTakenSeconds());
        line(out, "Complete requests", "%d", r.completeRequests());
        line(out, "Failed requests", "%d", r.failedRequests());
        if (r.totalTransferredBytes() != null) {
            line(out, "Total transferred", "%d bytes", r.totalTransferredBytes());
        }
        if (r.htmlTransferredBytes() != null) {
            line(out, "HTML transferred", "%d bytes", r.htmlTransferredBytes());
        }
        line(out, "Requests per second", "%.2f [#/sec] (mean)", r.requestsPerSecond());
        line(out, "Time per request", "%.3f [ms] (mean)", r.timePerRequestMs());
        line(out, "Time per request", "%.3f [ms] (mean, across all concurrent requests)", r.timePerRequestAcrossMs());
        if (r.totalTransferredBytes() != null) {
            line(
                    out,
                    "Transfer rate",
                    "%.2f [Kbytes/sec] received",
                    r.totalTransferredBytes() / 1024.0 / r.timeTakenSeconds());
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

    /** One of ab's summary lines: its label and colon in a column of 24, then the value. */
    private static void line(StringBuilder out, String label, String valueFormat, Object value) {
        out.append(String.format(Locale.ROOT, "%-24s" + valueFormat + "%n", label + ":", value));
    }
}
