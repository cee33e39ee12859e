package dev.loadlab.report.model;

/** JMeter's sample overview of the study: load time, connect time, latency (first byte), bytes. */
public record JmeterOverview(
        String protocol,
        String plan,
        String label,
        long samples,
        Times loadTimeMs,
        Times connectMs,
        Times latencyMs,
        double avgReceivedBytes,
        double avgSentBytes) {}
