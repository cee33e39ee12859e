package dev.loadlab.report.read;

import dev.loadlab.report.model.Generator;

/**
 * One load generator's samples in a run (a Gatling injector's log, a JMeter engine's share of a results CSV), or a
 * run's total: counted on their own, so that the gate can check the parts against the run's row.
 */
final class GeneratorTally {
    private long samples;
    private long errors;
    private long firstEpochMs = Long.MAX_VALUE;
    private long lastEpochMs = Long.MIN_VALUE;

    GeneratorTally add(long startEpochMs, long elapsedMs, boolean ok) {
        samples++;
        if (!ok) {
            errors++;
        }
        firstEpochMs = Math.min(firstEpochMs, startEpochMs);
        lastEpochMs = Math.max(lastEpochMs, startEpochMs + elapsedMs);
        return this;
    }

    /** Throughput as the rows count it: samples over the time from the first start to the last end. */
    Generator build(String name) {
        double seconds = samples == 0 ? 0 : Math.max(1, lastEpochMs - firstEpochMs) / 1000.0;
        return new Generator(
                name,
                samples,
                errors,
                samples == 0 ? 0 : firstEpochMs,
                samples == 0 ? 0 : lastEpochMs,
                samples == 0 ? 0 : samples / seconds);
    }
}
