package dev.loadlab.report.model;

/**
 * How late one JVM woke in some seconds (dev.loadlab.shared.StallMeter): percentiles and max of the lateness in ms,
 * over {@code seconds} measured seconds. Zero-ish on an idle machine; a busy one shows here before it shows as a
 * tool's error.
 */
public record Stall(double p50Ms, double p99Ms, double maxMs, int seconds) {}
