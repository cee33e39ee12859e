package dev.loadlab.report.index;

import static dev.loadlab.report.page.Table.column;

import dev.loadlab.live.LiveState;
import dev.loadlab.report.page.Block;
import dev.loadlab.report.page.ChartSpec;
import dev.loadlab.report.page.Section;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * index.html's "The build as it ran": the live page's timeline kept (dev.loadlab.live.LiveState#whole), read from the
 * same files the page read: each row's requests, p95 and errors per second on the build's one clock, the machine's
 * stalls, when each run started, and each {@code :stop} that fired. Where the build ran long, seconds are averaged in
 * buckets (their p95 and stall: the bucket's worst second), so that a chart keeps at most {@link #MAX_POINTS} points
 * a line.
 */
final class BuildTimelineSection {
    static final int MAX_POINTS = 600;
    private static final String ID = "build-timeline";
    private static final String TITLE = "The build as it ran (the live page's timeline)";

    private BuildTimelineSection() {}

    /** Null: no timeline was read (a merge of jobs, each job's own report has its own). */
    static Section render(LiveState.View v) {
        if (v == null) {
            return null;
        }
        if (v.rows().isEmpty()) {
            return Section.of(
                    ID,
                    TITLE,
                    Block.text("No run wrote a live feed: the live page was off (-Dlive=false) and no :stop limit"
                            + " watched a run."));
        }
        long first = v.rows().stream()
                .flatMap(r -> r.history().stream())
                .mapToLong(LiveState.Second::at)
                .min()
                .orElse(0);
        long last = v.rows().stream()
                .flatMap(r -> r.history().stream())
                .mapToLong(LiveState.Second::at)
                .max()
                .orElse(first);
        int bucket = (int) Math.max(1, (last - first + MAX_POINTS) / MAX_POINTS);
        String x = "s since the first row began" + (bucket == 1 ? "" : " (buckets of " + bucket + " s)");
        List<Block> blocks = new ArrayList<>();
        blocks.add(Block.text("What the live page showed, every second kept, from the feeds the runs wrote while they"
                + " loaded (docs/report.md \"While it runs: the live page\"): one line per row (tool, wire, run and"
                + " request), and one per kind of JVM for the machine's stalls. The rows' totals are in the tables"
                + " above; these are their seconds."));
        blocks.add(chart("requests/s", x, rows(v, first, bucket, s -> s.requests(), false)));
        blocks.add(chart("p95 ms", x, rows(v, first, bucket, s -> s.p95Ms(), true)));
        blocks.add(chart("errors/s", x, rows(v, first, bucket, s -> s.errors(), false)));
        if (!v.stalls().isEmpty()) {
            blocks.add(chart("worst stall in the second, ms", x, stalls(v, first, last, bucket)));
        }
        blocks.add(Block.table(
                "build-runs",
                v.runs(),
                column("tool", LiveState.Run::tool),
                column("wire", LiveState.Run::wire),
                column("run", LiveState.Run::run),
                column("experiment", LiveState.Run::experiment),
                column("started, s", r -> r.startedAt() < 0 ? null : Math.max(0, r.startedAt() / 1000 - first)),
                column("state", LiveState.Run::state)));
        if (!v.stops().isEmpty()) {
            blocks.add(Block.table(
                    "build-stops",
                    v.stops(),
                    column("at, s", s -> s.at() / 1000 - first),
                    column("row", LiveState.Stop::row),
                    column("limit", LiveState.Stop::text)));
        }
        return Section.of(ID, TITLE, blocks);
    }

    private static Block chart(String y, String x, List<ChartSpec.Series> series) {
        String id = "chart-build-" + y.replaceAll("[^a-z0-9]+", "-").replaceAll("-$", "");
        return Block.chart(ChartSpec.lines(id, y + " over the build", x, y, null, false, false, series));
    }

    private static List<ChartSpec.Series> rows(
            LiveState.View v, long first, int bucket, ToDoubleFunction<LiveState.Second> figure, boolean worst) {
        List<ChartSpec.Series> out = new ArrayList<>();
        for (LiveState.Row r : v.rows()) {
            TreeMap<Long, double[]> buckets = new TreeMap<>(); // from: sum or worst, seconds
            for (LiveState.Second s : r.history()) {
                double value = figure.applyAsDouble(s);
                double[] b = buckets.computeIfAbsent((s.at() - first) / bucket * bucket, k -> new double[2]);
                b[0] = worst ? Math.max(b[0], value) : b[0] + value;
                b[1]++;
            }
            List<ChartSpec.Point> points = new ArrayList<>();
            buckets.forEach((from, b) -> points.add(new ChartSpec.Point(from, worst ? b[0] : b[0] / bucket)));
            out.add(new ChartSpec.Series(r.tool() + " " + r.wire() + " " + r.run() + " / " + r.request(), points));
        }
        return out;
    }

    private static List<ChartSpec.Series> stalls(LiveState.View v, long first, long last, int bucket) {
        List<ChartSpec.Series> out = new ArrayList<>();
        for (LiveState.Stall jvm : v.stalls()) {
            TreeMap<Long, Double> buckets = new TreeMap<>();
            jvm.history().stream()
                    .filter(s -> s.at() >= first && s.at() <= last)
                    .forEach(s -> buckets.merge((s.at() - first) / bucket * bucket, s.maxMs(), Math::max));
            List<ChartSpec.Point> points = new ArrayList<>();
            buckets.forEach((from, ms) -> points.add(new ChartSpec.Point(from, ms)));
            out.add(new ChartSpec.Series(jvm.who(), points));
        }
        return out;
    }
}
