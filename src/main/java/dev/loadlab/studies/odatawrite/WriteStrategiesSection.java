package dev.loadlab.studies.odatawrite;

import static dev.loadlab.report.page.Table.column;

import dev.loadlab.report.model.Summary;
import dev.loadlab.report.page.Block;
import dev.loadlab.report.page.ChartSpec;
import dev.loadlab.report.page.Section;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** The OData study's section of index.html: its charts and its table as the study printed them. */
public final class WriteStrategiesSection {
    private WriteStrategiesSection() {}

    /**
     * The OData study as it printed it: one row per strategy (with its batch size or connection count), one column per
     * record count, ms per record in the cells; and per protocol one chart of ms per record against records. At
     * {@code -Pfull} that is 11 lines a chart and 48 columns, instead of 528 rows beside one chart of 22 lines. Over
     * -Drepeats each cell shows its repeats' median, and a table after it their least and most.
     */
    public static Section writeStrategies(List<WritePoint> runs, String testType) {
        List<WritePoint> points = WriteRepeats.medians(runs);
        if (points.isEmpty()) {
            return Section.of(
                    "write",
                    "Write strategies (OData)",
                    Block.text("No ODataWriteSimulation results (see Missing results)."));
        }
        Map<String, Map<String, List<ChartSpec.Point>>> chartsByProtocol = new LinkedHashMap<>();
        Map<String, Map<Integer, WritePoint>> rowsBySeries = new LinkedHashMap<>();
        java.util.SortedSet<Integer> counts = new java.util.TreeSet<>();
        for (WritePoint p : points) {
            chartsByProtocol
                    .computeIfAbsent(p.protocol(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(p.series(), k -> new ArrayList<>())
                    .add(new ChartSpec.Point(p.records(), p.msPerRecord()));
            rowsBySeries.computeIfAbsent(p.series(), k -> new LinkedHashMap<>()).put(p.records(), p);
            counts.add(p.records());
        }
        List<Block> blocks = new ArrayList<>();
        chartsByProtocol.forEach((protocol, bySeries) -> blocks.add(Block.chart(ChartSpec.lines(
                "chart-write-" + protocol.replaceAll("[^A-Za-z0-9]", ""),
                "ms per record (log) vs records (log): " + protocol,
                "records",
                "ms per record",
                null,
                true,
                true,
                bySeries.entrySet().stream()
                        .map(e -> new ChartSpec.Series(e.getKey().substring(protocol.length() + 1), e.getValue()))
                        .toList()))));
        chartsByProtocol.keySet().forEach(protocol -> blocks.addAll(studyForm(points, protocol)));
        List<String> header = new ArrayList<>(List.of("test type", "protocol", "strategy", "batch size / connections"));
        counts.forEach(n -> header.add(n + " records"));
        List<List<Object>> rows = new ArrayList<>();
        rowsBySeries.values().forEach(byCount -> {
            WritePoint first = byCount.values().iterator().next();
            List<Object> row = new ArrayList<>(List.of(testType, first.protocol(), first.strategy(), first.width()));
            boolean failedBefore = false;
            for (int n : counts) {
                WritePoint p = byCount.get(n);
                row.add(cell(p, failedBefore));
                failedBefore |= p != null && !p.ok();
            }
            rows.add(row);
        });
        blocks.add(Block.text("ms per record (wall time of the strategy's requests / records) by record count; where a"
                + " strategy's requests failed, the kind and the count its errors started at, and its later counts"
                + " skipped"));
        blocks.add(Block.table("write", header, rows));
        if (WriteRepeats.repeated(runs)) {
            blocks.add(Block.text("each cell above is the median of its repeats (-Drepeats); their spread:"));
            blocks.add(ranges(WriteRepeats.ranges(runs)));
        }
        return Section.of("write", "Write strategies (OData): ms per record against records", blocks);
    }

    /** Each cell's ms per record over the repeats that passed: median, least and most. */
    private static Block ranges(List<WriteRepeats.Range> ranges) {
        return Block.table(
                "write-ranges",
                ranges,
                column("protocol", WriteRepeats.Range::protocol),
                column("strategy", r -> r.strategy() + (r.width() > 1 ? "-" + r.width() : "")),
                column("records", WriteRepeats.Range::records),
                column("repeats", WriteRepeats.Range::repeats),
                column(
                        "median ms per record",
                        r -> r.msPerRecord() == null ? null : r.msPerRecord().median()),
                column(
                        "least",
                        r -> r.msPerRecord() == null ? null : r.msPerRecord().least()),
                column(
                        "most",
                        r -> r.msPerRecord() == null ? null : r.msPerRecord().most()));
    }

    /**
     * The study's own chart of one protocol: its four strategies (sequential, $batch and parallel at the batch size and
     * connection count nearest its 100, custom REST) on linear axes, then the same zoomed to 0-20 ms per record.
     */
    private static List<Block> studyForm(List<WritePoint> points, String protocol) {
        Map<String, List<WritePoint>> byStrategy = new LinkedHashMap<>();
        points.stream()
                .filter(p -> p.protocol().equals(protocol) && p.ok())
                .forEach(p -> byStrategy
                        .computeIfAbsent(p.strategy(), k -> new ArrayList<>())
                        .add(p));
        List<ChartSpec.Series> four = new ArrayList<>();
        byStrategy.forEach((strategy, ofStrategy) -> {
            int width = ofStrategy.stream()
                    .map(WritePoint::width)
                    .min(java.util.Comparator.comparingInt((Integer w) -> Math.abs(w - STUDY_WIDTH))
                            .thenComparing(java.util.Comparator.reverseOrder()))
                    .orElseThrow();
            List<ChartSpec.Point> line = ofStrategy.stream()
                    .filter(p -> p.width() == width)
                    .map(p -> new ChartSpec.Point(p.records(), p.msPerRecord()))
                    .toList();
            four.add(new ChartSpec.Series(strategy + (width > 1 ? "-" + width : ""), line));
        });
        if (four.isEmpty()) {
            return List.of();
        }
        String id = protocol.replaceAll("[^A-Za-z0-9]", "");
        ChartSpec linear = ChartSpec.lines(
                "chart-write-study-" + id,
                "the study's chart: ms per record vs records (linear): " + protocol,
                "records",
                "ms per record",
                null,
                false,
                false,
                four);
        return List.of(
                Block.chart(linear),
                Block.chart(linear.zoomedTo(
                        "chart-write-zoom-" + id, "the study's zoom to 0-" + ZOOM_MS + " ms: " + protocol, ZOOM_MS)));
    }

    /** The study drew its $batch and parallel lines at 100 records a batch and 100 connections. */
    private static final int STUDY_WIDTH = 100;

    private static final int ZOOM_MS = 20;

    /**
     * The study's "Test Type": local (client and server on one machine) or the hosts of a target elsewhere. A merge of
     * jobs holds each job's target URL, joined (Summary.JOINED): their hosts, local only if all are.
     */
    public static String testType(String targetUrl) {
        List<String> hosts = targetUrl == null
                ? List.of()
                : Arrays.stream(targetUrl.split(Summary.JOINED))
                        .map(u -> URI.create(u.trim()).getHost())
                        .filter(Objects::nonNull)
                        .distinct()
                        .toList();
        if (hosts.isEmpty()) {
            return "not known";
        }
        boolean loopback =
                hosts.stream().allMatch(h -> h.startsWith("127.") || h.equals("localhost") || h.equals("[::1]"));
        return (loopback ? "local (" : "remote (") + String.join(", ", hosts) + ")";
    }

    /**
     * A record count's cell: its ms per record; where its run failed, the kind and the count errors started at
     * ("HTTP 502 from 2000", as the study says "502 starts occurring"); after that, "skipped" (the simulation stops a
     * strategy where its errors start, where the study's table leaves its cells empty).
     */
    private static Object cell(WritePoint p, boolean failedBefore) {
        if (p == null) {
            return failedBefore ? "skipped" : null;
        }
        if (p.ok()) {
            return p.msPerRecord();
        }
        return (p.errorKind() == null ? "failed" : p.errorKind()) + " from " + p.records();
    }
}
