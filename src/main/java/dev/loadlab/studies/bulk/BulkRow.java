package dev.loadlab.studies.bulk;

public record BulkRow(
        String mode,
        String pair,
        int batchCount,
        int batchSize,
        int runs,
        int failedRuns,
        double avgSeconds,
        double maxSeconds,
        double medianSeconds,
        double minSeconds,
        double rowsPerSecond) {}
