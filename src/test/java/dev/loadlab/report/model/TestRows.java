package dev.loadlab.report.model;

/**
 * A summary's row for tests, by the figures each test sets (its samples, latency, errors, throughput, percentiles),
 * every figure it leaves out 0, no byte counts, no errors by kind unless it sets them, and no experiment: no test builds a row by the
 * position of its figures.
 */
public final class TestRows {
    private final String tool;
    private final String protocol;
    private final String run;
    private final String scenario;
    private long samples;
    private double avgMs;
    private long minMs;
    private long maxMs;
    private double stdDevMs;
    private double errorPct;
    private double throughputPerSec;
    private long p50Ms;
    private long p75Ms;
    private long p90Ms;
    private long p95Ms;
    private long p99Ms;
    private java.util.Map<String, Long> errorsByKind;
    private String experiment;

    private TestRows(String tool, String protocol, String run, String scenario) {
        this.tool = tool;
        this.protocol = protocol;
        this.run = run;
        this.scenario = scenario;
    }

    /** The row of {@code tool}'s {@code run} on {@code protocol} for one scenario (or the run's total). */
    public static TestRows row(String tool, String protocol, String run, String scenario) {
        return new TestRows(tool, protocol, run, scenario);
    }

    public TestRows samples(long samples) {
        this.samples = samples;
        return this;
    }

    public TestRows latency(double avgMs, long minMs, long maxMs, double stdDevMs) {
        this.avgMs = avgMs;
        this.minMs = minMs;
        this.maxMs = maxMs;
        this.stdDevMs = stdDevMs;
        return this;
    }

    public TestRows errorPct(double errorPct) {
        this.errorPct = errorPct;
        return this;
    }

    public TestRows throughput(double perSec) {
        this.throughputPerSec = perSec;
        return this;
    }

    public TestRows percentiles(long p50Ms, long p75Ms, long p90Ms, long p95Ms, long p99Ms) {
        this.p50Ms = p50Ms;
        this.p75Ms = p75Ms;
        this.p90Ms = p90Ms;
        this.p95Ms = p95Ms;
        this.p99Ms = p99Ms;
        return this;
    }

    /** Its failed requests by the report's error kinds ("HTTP 503", "graphql error: ..."). */
    public TestRows errors(java.util.Map<String, Long> byKind) {
        this.errorsByKind = byKind;
        return this;
    }

    public TestRows experiment(String experiment) {
        this.experiment = experiment;
        return this;
    }

    public Summary.Row build() {
        return new Summary.Row(
                tool,
                protocol,
                run,
                scenario,
                samples,
                avgMs,
                minMs,
                maxMs,
                stdDevMs,
                errorPct,
                throughputPerSec,
                null,
                null,
                null,
                p50Ms,
                p75Ms,
                p90Ms,
                p95Ms,
                p99Ms,
                errorsByKind,
                null,
                experiment);
    }
}
