package dev.loadlab.report.index;

import dev.loadlab.report.model.Summary;
import dev.loadlab.report.model.TimeBucket;
import dev.loadlab.report.model.Timeline;
import dev.loadlab.report.page.Block;
import dev.loadlab.report.page.ChartSpec;
import dev.loadlab.report.page.Section;
import dev.loadlab.report.read.RunTimeline;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * index.html's "Over time": per run, the requests that started per second and the p50, p95 and p99 of those requests,
 * bucket by bucket, as Gatling's own report draws its "responses per second" and "response time percentiles over time"
 * (there by the end of each response, here by its start, which is how every tool's results are read).
 */
final class OverTimeSection {
    private OverTimeSection() {}

    static Section render(List<Timeline> timelines) {
        if (timelines.isEmpty()) {
            return Section.of(
                    "over-time", "Over time", Block.text("No run's samples were read (see Missing results)."));
        }
        List<Block> blocks = new ArrayList<>();
        blocks.add(Block.text("Each run: requests started per second (right axis) and the p50, p95 and p99 in ms of the"
                + " requests that started in each bucket (left axis). A run's buckets are 1 s, or wider where the run"
                + " is long (at most " + RunTimeline.MAX_BUCKETS + " buckets)."));
        for (Timeline t : timelines) {
            blocks.add(Block.chart(ChartSpec.lines(
                    "chart-time-" + (blocks.size() - 1),
                    Summary.runKey(t.tool(), t.protocol(), t.run()) + " (buckets of " + t.bucketSeconds() + " s)",
                    "seconds since the run's first request",
                    "ms",
                    "requests/s",
                    false,
                    false,
                    List.of(
                            series("p50 ms", t, TimeBucket::p50Ms),
                            series("p95 ms", t, TimeBucket::p95Ms),
                            series("p99 ms", t, TimeBucket::p99Ms),
                            new ChartSpec.Series(
                                    "requests/s",
                                    t.buckets().stream()
                                            .map(b -> new ChartSpec.Point(
                                                    b.fromSecond(), (double) b.samples() / t.bucketSeconds()))
                                            .toList(),
                                    true)))));
        }
        return Section.of("over-time", "Over time: throughput and percentiles per run", blocks);
    }

    /** A bucket without samples has no percentile: no point there, rather than a false 0. */
    private static ChartSpec.Series series(String name, Timeline t, Function<TimeBucket, Long> figure) {
        return new ChartSpec.Series(
                name,
                t.buckets().stream()
                        .map(b -> new ChartSpec.Point(b.fromSecond(), figure.apply(b)))
                        .toList());
    }
}
