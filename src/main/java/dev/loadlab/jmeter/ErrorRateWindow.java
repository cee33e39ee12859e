package dev.loadlab.jmeter;

/**
 * Samples and errors of the last N whole seconds, in one bucket per second. Not thread-safe: the owner
 * synchronizes. Pure arithmetic so the stop rule can be tested without JMeter.
 */
final class ErrorRateWindow {
    private final long[] seconds;
    private final long[] samples;
    private final long[] errors;

    ErrorRateWindow(int windowSeconds) {
        seconds = new long[windowSeconds];
        samples = new long[windowSeconds];
        errors = new long[windowSeconds];
        java.util.Arrays.fill(seconds, Long.MIN_VALUE);
    }

    void add(long epochMillis, boolean error) {
        long second = Math.floorDiv(epochMillis, 1000);
        int slot = (int) Math.floorMod(second, seconds.length);
        if (seconds[slot] != second) {
            seconds[slot] = second;
            samples[slot] = 0;
            errors[slot] = 0;
        }
        samples[slot]++;
        if (error) {
            errors[slot]++;
        }
    }

    /** Samples in the window ending at {@code nowMillis}'s second. */
    long samples(long nowMillis) {
        return sum(samples, nowMillis);
    }

    /** Error percentage in the window ending at {@code nowMillis}'s second, 0 when empty. */
    double errorPercent(long nowMillis) {
        long total = sum(samples, nowMillis);
        return total == 0 ? 0 : 100.0 * sum(errors, nowMillis) / total;
    }

    private long sum(long[] counts, long nowMillis) {
        long newest = Math.floorDiv(nowMillis, 1000);
        long total = 0;
        for (int i = 0; i < seconds.length; i++) {
            if (seconds[i] > newest - seconds.length && seconds[i] <= newest) {
                total += counts[i];
            }
        }
        return total;
    }
}
