package dev.loadlab.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Collects one tool x protocol x run's samples per second of their start, and turns them into
 * {@link Summary.ErrorsOverTime}: buckets of 1 s, or of the shortest round width that keeps the run within
 * {@link #MAX_BUCKETS} (a 15-minute run: 10 s).
 */
final class ErrorTimeline {
    static final int MAX_BUCKETS = 120;
    private static final int[] ROUND_WIDTHS_SECONDS = {1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600};

    private final String tool;
    private final String protocol;
    private final String run;
    /** Epoch second -> its samples: a sample's second is known when it is read, the run's start only at the end. */
    private final TreeMap<Long, Bucket> seconds = new TreeMap<>();

    ErrorTimeline(String tool, String protocol, String run) {
        this.tool = tool;
        this.protocol = protocol;
        this.run = run;
    }

    /** One sample that started at {@code startEpochMs}; {@code errorKind} is null for a success. */
    void add(long startEpochMs, String errorKind) {
        seconds.computeIfAbsent(Math.floorDiv(startEpochMs, 1000L), s -> new Bucket())
                .add(1, errorKind == null ? Map.of() : Map.of(errorKind, 1L));
    }

    boolean isEmpty() {
        return seconds.isEmpty();
    }

    Summary.ErrorsOverTime build() {
        long first = seconds.firstKey();
        long span = seconds.lastKey() - first + 1;
        int width = widthFor(span);
        List<Bucket> buckets = new ArrayList<>();
        for (long i = 0; i < (span + width - 1) / width; i++) {
            buckets.add(new Bucket());
        }
        seconds.forEach(
                (second, b) -> buckets.get((int) ((second - first) / width)).add(b.samples, b.byKind));
        List<Summary.TimeBucket> out = new ArrayList<>(buckets.size());
        for (int i = 0; i < buckets.size(); i++) {
            Bucket b = buckets.get(i);
            long errors = b.byKind.values().stream().mapToLong(Long::longValue).sum();
            out.add(new Summary.TimeBucket((long) i * width, b.samples, errors, b.byKind));
        }
        return new Summary.ErrorsOverTime(tool, protocol, run, first * 1000, width, out);
    }

    /** The shortest round width that gives at most {@link #MAX_BUCKETS} buckets over {@code spanSeconds}. */
    static int widthFor(long spanSeconds) {
        for (int width : ROUND_WIDTHS_SECONDS) {
            if ((spanSeconds + width - 1) / width <= MAX_BUCKETS) {
                return width;
            }
        }
        return (int) Math.min(Integer.MAX_VALUE, (spanSeconds + MAX_BUCKETS - 1) / MAX_BUCKETS);
    }

    private static final class Bucket {
        long samples;
        final Map<String, Long> byKind = new TreeMap<>();

        void add(long count, Map<String, Long> errors) {
            samples += count;
            errors.forEach((kind, n) -> byKind.merge(kind, n, Long::sum));
        }
    }
}
