package dev.loadlab.studies.odatawrite;

import dev.loadlab.report.model.Spread;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The write study over -Drepeats: the runs of one cell (wire, strategy, width, record count) as one point at their
 * median ms per record, which the table, the charts, the finding and compare.html show, and their spread.
 */
public final class WriteRepeats {
    private WriteRepeats() {}

    /** A cell's ms per record over its repeats that passed (null where none did), and how many repeats ran. */
    public record Range(String protocol, String strategy, int width, int records, int repeats, Spread msPerRecord) {}

    /**
     * One point per cell, in the order the cells first ran: the median run's ms per record and wall time; failed
     * where a repeat failed, with the first failed repeat's kind (a step of invalid answers is broken, never held).
     */
    static List<WritePoint> medians(List<WritePoint> points) {
        List<WritePoint> medians = new ArrayList<>();
        byCell(points).values().forEach(runs -> {
            WritePoint first = runs.get(0);
            List<WritePoint> sorted = runs.stream()
                    .sorted(java.util.Comparator.comparingDouble(WritePoint::msPerRecord))
                    .toList();
            int n = sorted.size();
            WritePoint low = sorted.get((n - 1) / 2);
            WritePoint high = sorted.get(n / 2);
            WritePoint failed = runs.stream().filter(p -> !p.ok()).findFirst().orElse(null);
            medians.add(new WritePoint(
                    first.protocol(),
                    first.strategy(),
                    first.width(),
                    first.records(),
                    (low.wallMs() + high.wallMs()) / 2,
                    (low.msPerRecord() + high.msPerRecord()) / 2,
                    failed == null,
                    failed == null ? null : failed.errorKind(),
                    1));
        });
        return medians;
    }

    static List<Range> ranges(List<WritePoint> points) {
        List<Range> ranges = new ArrayList<>();
        byCell(points).values().forEach(runs -> {
            WritePoint first = runs.get(0);
            ranges.add(new Range(
                    first.protocol(),
                    first.strategy(),
                    first.width(),
                    first.records(),
                    runs.size(),
                    Spread.of(runs.stream()
                            .filter(WritePoint::ok)
                            .map(WritePoint::msPerRecord)
                            .toList())));
        });
        return ranges;
    }

    /** Whether any cell ran more than once. */
    static boolean repeated(List<WritePoint> points) {
        return points.stream().anyMatch(p -> p.repeat() > 1);
    }

    private static Map<List<Object>, List<WritePoint>> byCell(List<WritePoint> points) {
        Map<List<Object>, List<WritePoint>> cells = new LinkedHashMap<>();
        points.forEach(p -> cells.computeIfAbsent(
                        List.of(p.protocol(), p.strategy(), p.width(), p.records()), c -> new ArrayList<>())
                .add(p));
        return cells;
    }
}
