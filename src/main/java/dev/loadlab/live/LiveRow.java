package dev.loadlab.live;

import java.util.Arrays;

/**
 * One row's figures while its run goes on: count, errors, and each sample's time to the millisecond, so that a
 * percentile is an exact rank as the report's (a run's rows are few; the counts grow to the slowest sample seen).
 */
final class LiveRow {
    private long[] byMs = new long[1024];
    private long samples;
    private long errors;
    private long sumMs;
    private long maxMs;

    void add(long elapsedMs, boolean ok) {
        int ms = (int) Math.max(0, Math.min(elapsedMs, Integer.MAX_VALUE - 1));
        if (ms >= byMs.length) {
            byMs = Arrays.copyOf(byMs, Math.max(ms + 1, byMs.length * 2));
        }
        byMs[ms]++;
        samples++;
        errors += ok ? 0 : 1;
        sumMs += ms;
        maxMs = Math.max(maxMs, ms);
    }

    long samples() {
        return samples;
    }

    long errors() {
        return errors;
    }

    /** A figure as gate.limits names it (errorPct, p50Ms ... maxMs); minRps is the run's whole, judged after it. */
    double figure(String name) {
        return switch (name) {
            case "errorPct" -> samples == 0 ? 0 : 100.0 * errors / samples;
            case "p50Ms" -> percentile(50);
            case "p90Ms" -> percentile(90);
            case "p95Ms" -> percentile(95);
            case "p99Ms" -> percentile(99);
            case "meanMs" -> samples == 0 ? 0 : (double) sumMs / samples;
            case "maxMs" -> maxMs;
            default -> throw new IllegalArgumentException("not judged while a run goes on: " + name);
        };
    }

    /** The smallest time that at least {@code pct} % of the samples took no longer than (nearest rank). */
    long percentile(double pct) {
        long rank = Math.max(1, (long) Math.ceil(pct / 100 * samples));
        long seen = 0;
        for (int ms = 0; ms < byMs.length; ms++) {
            seen += byMs[ms];
            if (seen >= rank) {
                return ms;
            }
        }
        return maxMs;
    }
}
