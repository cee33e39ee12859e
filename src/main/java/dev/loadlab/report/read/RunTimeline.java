package dev.loadlab.report.read;

import dev.loadlab.report.model.TimeBucket;
import dev.loadlab.report.model.Timeline;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Collects one tool x protocol x run's samples per second of their start, and turns them into a
 * {@link Timeline}: buckets of 1 s, or of the shortest round width that keeps the run within
 * {@link #MAX_BUCKETS} (a 15-minute run: 10 s), each with its samples, errors by kind and percentiles.
 */
public final class RunTimeline {
    public static final int MAX_BUCKETS = 120;
    private static final int[] ROUND_WIDTHS_SECONDS = {1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600};

    private final String tool;
    private final String protocol;
    private final String run;
    /** Epoch second -> its samples: a sample's second is known when it is read, the run's start only at the end. */
    private final TreeMap<Long, Bucket> seconds = new TreeMap<>();

    RunTimeline(String tool, String protocol, String run) {
        this.tool = tool;
        this.protocol = protocol;
        this.run = run;
    }

    /** One sample that started at {@code startEpochMs} and took {@code ms}; {@code errorKind} is null for a success. */
    void add(long startEpochMs, long ms, String errorKind) {
        seconds.computeIfAbsent(Math.floorDiv(startEpochMs, 1000L), s -> new Bucket())
                .add(ms, errorKind);
    }

    boolean isEmpty() {
        return seconds.isEmpty();
    }

    Timeline build() {
        long first = seconds.firstKey();
        long span = seconds.lastKey() - first + 1;
        int width = widthFor(span);
        List<Bucket> buckets = new ArrayList<>();
        for (long i = 0; i < (span + width - 1) / width; i++) {
            buckets.add(new Bucket());
        }
        seconds.forEach(
                (second, b) -> buckets.get((int) ((second - first) / width)).merge(b));
        List<TimeBucket> out = new ArrayList<>(buckets.size());
        for (int i = 0; i < buckets.size(); i++) {
            out.add(buckets.get(i).build((long) i * width));
        }
        return new Timeline(tool, protocol, run, first * 1000, width, out);
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

    /**
     * A bucket's samples: their times kept whole (4 bytes each; one run's at a time), so that its percentiles are exact
     * ranks rather than an estimate from per-second figures.
     */
    private static final class Bucket {
        private long[] ms = new long[16];
        private int samples;
        private final Map<String, Long> byKind = new TreeMap<>();

        void add(long time, String errorKind) {
            if (samples == ms.length) {
                ms = Arrays.copyOf(ms, samples * 2);
            }
            ms[samples++] = Math.max(0, time);
            if (errorKind != null) {
                byKind.merge(errorKind, 1L, Long::sum);
            }
        }

        void merge(Bucket other) {
            if (samples + other.samples > ms.length) {
                ms = Arrays.copyOf(ms, Math.max(ms.length * 2, samples + other.samples));
            }
            System.arraycopy(other.ms, 0, ms, samples, other.samples);
            samples += other.samples;
            other.byKind.forEach((kind, n) -> byKind.merge(kind, n, Long::sum));
        }

        TimeBucket build(long fromSecond) {
            long errors = byKind.values().stream().mapToLong(Long::longValue).sum();
            long[] sorted = Arrays.copyOf(ms, samples);
            Arrays.sort(sorted);
            return new TimeBucket(
                    fromSecond, samples, errors, byKind, rank(sorted, 50), rank(sorted, 95), rank(sorted, 99));
        }

        /** Nearest rank: the smallest time with at least {@code percent} of the bucket's samples at or below it. */
        private static Long rank(long[] sorted, double percent) {
            if (sorted.length == 0) {
                return null;
            }
            int index = (int) Math.ceil(percent / 100.0 * sorted.length) - 1;
            return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
        }
    }
}
