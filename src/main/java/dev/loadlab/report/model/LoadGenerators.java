package dev.loadlab.report.model;

import java.util.List;

/**
 * A run that more than one load generator sent: Gatling injectors whose logs the report merged (kind "injector"),
 * or the JMeter engines a controller drove (kind "engine"). count: how many took part; parts: each one's own
 * figures, counted from its own log or its own samples; total: the run's figures as merged. The gate checks that
 * the parts' samples add up to the run's "all requests"/"all samples" row.
 */
public record LoadGenerators(
        String tool, String protocol, String run, String kind, int count, List<Generator> parts, Generator total) {
    public String key() {
        return Summary.runKey(tool, protocol, run);
    }
}
