package dev.loadlab.report.model;

import org.HdrHistogram.Histogram;

/**
 * Times in ms, kept whole: an HdrHistogram (3 significant digits, so exact below 1,000 ms) for the percentiles,
 * exact count, sum, sum of squares, min and max for the rest. Never percentiles from averages.
 */
public final class LatencyStats {
    private final Histogram histogram = new Histogram(3);
    private long count;
    private double sum;
    private double sumOfSquares;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;

    public LatencyStats() {
        histogram.setAutoResize(true);
    }

    public LatencyStats add(long ms) {
        long value = Math.max(0, ms); // a clock step back must not break the histogram
        histogram.recordValue(value);
        count++;
        sum += value;
        sumOfSquares += (double) value * value;
        min = Math.min(min, value);
        max = Math.max(max, value);
        return this;
    }

    /**
     * True when two values fall in one bucket of the histogram (3 significant digits): equal below 2,048 ms, within
     * 0.1 % above. summary.json's percentiles are that bucket's highest value, so this is how close to the exact rank's
     * value they can be.
     */
    public static boolean sameBucket(long a, long b) {
        return BUCKETS.valuesAreEquivalent(Math.max(0, a), Math.max(0, b));
    }

    /** Only its bucket arithmetic is used, which depends on the significant digits alone. */
    private static final Histogram BUCKETS = new Histogram(3);

    public long count() {
        return count;
    }

    /** Nearest-rank value at {@code percent} (0..100): the smallest recorded value with that share at or below it. */
    public long percentile(double percent) {
        return count == 0 ? 0 : histogram.getValueAtPercentile(percent);
    }

    public Figures figures() {
        if (count == 0) {
            return new Figures(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        }
        double mean = sum / count;
        double stdDev = Math.sqrt(Math.max(0, sumOfSquares / count - mean * mean));
        return new Figures(
                count,
                min,
                max,
                mean,
                stdDev,
                percentile(50),
                percentile(75),
                percentile(90),
                percentile(95),
                percentile(99));
    }

    /** What every table row shows; population standard deviation like JMeter's and Gatling's. */
    public record Figures(
            long count,
            long minMs,
            long maxMs,
            double meanMs,
            double stdDevMs,
            long p50Ms,
            long p75Ms,
            long p90Ms,
            long p95Ms,
            long p99Ms) {}
}
