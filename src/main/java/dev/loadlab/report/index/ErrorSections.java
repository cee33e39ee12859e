package dev.loadlab.report.index;

import dev.loadlab.report.model.Summary;
import dev.loadlab.report.model.Timeline;
import dev.loadlab.report.page.Block;
import dev.loadlab.report.page.ChartSpec;
import dev.loadlab.report.page.Section;
import dev.loadlab.report.page.Table;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** index.html's errors: by kind per scenario (raw messages beside), over time per run, and where stress runs stopped. */
public final class ErrorSections {
    /** Raw messages shown per kind in the table; summary.json keeps up to {@link ErrorTally#MAX_MESSAGES_PER_KIND}. */
    private static final int MESSAGES_SHOWN = 3;

    private ErrorSections() {}

    static Section byKind(List<Summary.Row> rows) {
        List<List<Object>> body = new ArrayList<>();
        for (Summary.Row r : rows) {
            for (Map.Entry<String, Long> e : r.errorsByKind().entrySet()) {
                body.add(List.of(
                        r.tool(),
                        r.protocol(),
                        r.run(),
                        r.scenario(),
                        e.getKey(),
                        e.getValue(),
                        messages(r.errorDetails().getOrDefault(e.getKey(), Map.of()))));
            }
        }
        if (body.isEmpty()) {
            return Section.of("errors", "Errors by kind", Block.text("No failed request in any run."));
        }
        return Section.of(
                "errors",
                "Errors by kind",
                Block.text("Every tool's failures in one set of kinds: HTTP <status>, connection refused,"
                        + " connection reset, timeout, TLS failure, unknown host, check failed, other;"
                        + " the tool's own messages beside them."),
                Block.table(
                        "errors", List.of("tool", "protocol", "run", "scenario", "kind", "count", "messages"), body));
    }

    /** The most frequent raw messages of one kind, with their counts. */
    private static String messages(Map<String, Long> details) {
        String shown = details.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .limit(MESSAGES_SHOWN)
                .map(e -> e.getKey() + " (" + Table.num(e.getValue()) + ")")
                .collect(Collectors.joining("; "));
        return details.size() > MESSAGES_SHOWN ? shown + "; ..." : shown;
    }

    /** One chart per run that had errors: its samples and each kind's errors per bucket, over the run's time. */
    static Section overTime(List<Timeline> timelines) {
        List<Block> charts = new ArrayList<>();
        for (Timeline t : timelines) {
            if (t.errors() == 0) {
                continue;
            }
            Set<String> kinds = new LinkedHashSet<>();
            t.buckets().forEach(b -> kinds.addAll(b.errorsByKind().keySet()));
            List<ChartSpec.Series> series = new ArrayList<>();
            series.add(new ChartSpec.Series(
                    "samples",
                    t.buckets().stream()
                            .map(b -> new ChartSpec.Point(b.fromSecond(), b.samples()))
                            .toList()));
            for (String kind : kinds) {
                series.add(new ChartSpec.Series(
                        kind,
                        t.buckets().stream()
                                .map(b -> new ChartSpec.Point(
                                        b.fromSecond(), b.errorsByKind().getOrDefault(kind, 0L)))
                                .toList()));
            }
            charts.add(Block.chart(ChartSpec.lines(
                    "chart-errors-" + charts.size(),
                    Summary.runKey(t.tool(), t.protocol(), t.run()) + ": samples and errors per " + t.bucketSeconds()
                            + " s",
                    "seconds since the run's first request",
                    "requests started per " + t.bucketSeconds() + " s",
                    null,
                    false,
                    false,
                    series)));
        }
        if (charts.isEmpty()) {
            return Section.of("errors-over-time", "Errors over time", Block.text("No run had a failed request."));
        }
        List<Block> blocks = new ArrayList<>();
        blocks.add(Block.text("Each run with failed requests: the requests that started in each bucket, and the"
                + " failed ones by kind, so that an outage shows where it happened."));
        blocks.addAll(charts);
        return Section.of("errors-over-time", "Errors over time", blocks);
    }
}
