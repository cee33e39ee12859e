package dev.loadlab.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loadlab.report.compare.ComparePage;
import dev.loadlab.report.compare.ComparedRuns;
import dev.loadlab.report.index.IndexPage;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.model.TimeBucket;
import dev.loadlab.report.model.Timeline;
import dev.loadlab.report.read.RunTimeline;
import dev.loadlab.studies.Studies;
import dev.loadlab.studies.odatawrite.WriteFigures;
import dev.loadlab.studies.odatawrite.WritePoint;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report's pages at -Pfull's size, without running -Pfull's three hours: a summary of -Pfull's shape (every run's
 * timeline at its full 120 buckets, the write study's 48 record counts for each of its 11 series per wire, three times
 * the scenario rows) grown from a smoke run's own figures, written as index.html and as a compare.html of three such
 * runs into target/full-size/, for scripts/report-check.sh to open and time. The figures are the smoke run's,
 * repeated: the pages' size and drawing time are what this measures, not any result.
 *
 * <p>mvn -q test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=dev.loadlab.report.FullSizePages
 * [-Dexec.args=reports/summary.json]
 */
public final class FullSizePages {
    private static final int RECORD_COUNTS = 48;
    private static final int SERIES_PER_WIRE = 11;
    private static final int ROW_COPIES = 3;

    private FullSizePages() {}

    public static void main(String[] args) throws IOException {
        Summary smoke = Summary.read(Path.of(args.length > 0 ? args[0] : "reports/summary.json"), "");
        Summary full = grown(smoke);
        Path out = Path.of("target/full-size");
        Files.createDirectories(out);
        Files.writeString(out.resolve("index.html"), IndexPage.render(full, 3));
        List<ComparedRuns.Run> runs = List.of(
                new ComparedRuns.Run("full-a", full),
                new ComparedRuns.Run("full-b", full),
                new ComparedRuns.Run("full-c", full));
        Files.writeString(
                out.resolve("compare.html"),
                ComparePage.render(new ComparedRuns(runs, List.of()), Studies.compareSections(), Studies::noise));
        System.out.printf(
                "[loadlab] full-size pages: %d scenario rows, %d timelines of up to %d buckets, %d write points -> %s%n",
                full.scenarios().size(),
                full.timelines().size(),
                RunTimeline.MAX_BUCKETS,
                full.figures("odata-write", WriteFigures.class)
                        .map(w -> w.writeStrategies().size())
                        .orElse(0),
                out);
    }

    static Summary grown(Summary s) {
        List<Summary.Row> rows = new ArrayList<>();
        for (int copy = 0; copy < ROW_COPIES; copy++) {
            String suffix = copy == 0 ? "" : " #" + (copy + 1);
            s.scenarios().forEach(r -> rows.add(r.as(r.scenario() + suffix, null)));
        }
        List<Timeline> timelines = s.timelines().stream()
                .map(t -> new Timeline(
                        t.tool(), t.protocol(), t.run(), t.startEpochMs(), t.bucketSeconds(), buckets(t.buckets())))
                .toList();
        Map<String, JsonNode> figures = new LinkedHashMap<>(s.figures());
        s.figures("odata-write", WriteFigures.class)
                .ifPresent(w -> figures.put(
                        "odata-write", Summary.figuresOf(new WriteFigures(writePoints(w.writeStrategies())))));
        return new Summary(
                s.run(),
                s.missing(),
                rows,
                s.jmeterSamples(),
                s.nativeReports(),
                timelines,
                s.generators(),
                s.stalls(),
                s.targets(),
                figures);
    }

    /** The run's buckets over and over, up to the most a timeline holds. */
    private static List<TimeBucket> buckets(List<TimeBucket> smoke) {
        List<TimeBucket> out = new ArrayList<>();
        for (int i = 0; i < RunTimeline.MAX_BUCKETS && !smoke.isEmpty(); i++) {
            TimeBucket b = smoke.get(i % smoke.size());
            out.add(new TimeBucket(i, b.samples(), b.errors(), b.errorsByKind(), b.p50Ms(), b.p95Ms(), b.p99Ms()));
        }
        return out;
    }

    /** Per wire, 11 series of 48 record counts each, their ms per record the smoke run's, repeated. */
    private static List<WritePoint> writePoints(List<WritePoint> smoke) {
        List<WritePoint> out = new ArrayList<>();
        smoke.stream().map(WritePoint::protocol).distinct().forEach(wire -> {
            List<WritePoint> ofWire =
                    smoke.stream().filter(p -> p.protocol().equals(wire)).toList();
            for (int series = 0; series < SERIES_PER_WIRE; series++) {
                for (int n = 0; n < RECORD_COUNTS; n++) {
                    WritePoint p = ofWire.get((series * RECORD_COUNTS + n) % ofWire.size());
                    int records = (int) Math.round(Math.pow(10, 4.0 * n / (RECORD_COUNTS - 1)));
                    out.add(new WritePoint(
                            wire,
                            "strategy" + series,
                            1,
                            records + n,
                            p.wallMs(),
                            p.msPerRecord(),
                            p.ok(),
                            p.errorKind(),
                            1));
                }
            }
        });
        return out;
    }
}
