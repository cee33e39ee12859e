package dev.loadlab.report.model;

import java.util.Map;

/**
 * One time bucket: its start in seconds after the run's first sample, its samples, its failed ones by kind, and the
 * nearest-rank p50/p95/p99 in ms of its samples (null without samples, and in a summary from before schema 3).
 */
public record TimeBucket(
        long fromSecond,
        long samples,
        long errors,
        Map<String, Long> errorsByKind,
        Long p50Ms,
        Long p95Ms,
        Long p99Ms) {}
