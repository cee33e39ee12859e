package dev.loadlab.report.model;

/**
 * One load generator's samples in a run (or the run's total): failed ones, its first sample's start and its last
 * sample's end (epoch ms), and its throughput over that time (samples per second).
 */
public record Generator(
        String name, long samples, long errors, long firstEpochMs, long lastEpochMs, double throughputPerSec) {}
