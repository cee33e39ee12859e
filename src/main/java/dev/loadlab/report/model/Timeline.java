package dev.loadlab.report.model;

import java.util.List;

/**
 * The samples of one tool x protocol x run per time bucket, from its first sample's start (epoch ms): throughput,
 * percentiles and errors over time, as Gatling's own report draws them, so that an outage or a slow patch shows
 * where it happened. A sample counts in the bucket it started in; buckets without samples are there (zero), so a
 * run has every bucket from its first to its last; bucketSeconds keeps a run within about 120.
 */
public record Timeline(
        String tool, String protocol, String run, long startEpochMs, int bucketSeconds, List<TimeBucket> buckets) {
    /** Where its last bucket ends (epoch ms). */
    public long endEpochMs() {
        return startEpochMs + 1000L * bucketSeconds * buckets.size();
    }

    public long errors() {
        return buckets.stream().mapToLong(TimeBucket::errors).sum();
    }
}
