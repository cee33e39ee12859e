package dev.loadlab.report.model;

/** min, mean, sd, median, max in ms, like ab's "Connection Times" table. */
public record Times(long min, double mean, double sd, long median, long max) {
    public static Times of(LatencyStats stats) {
        LatencyStats.Figures f = stats.figures();
        return new Times(f.minMs(), f.meanMs(), f.stdDevMs(), f.p50Ms(), f.maxMs());
    }
}
