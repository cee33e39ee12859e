package dev.loadlab.report.read;

import dev.loadlab.report.model.LatencyStats;
import dev.loadlab.report.model.Summary;

/** Collects the samples of one tool x protocol x run x scenario and turns them into a {@link Summary.Row}. */
public final class RowBuilder {
    private final String tool;
    private final String protocol;
    private final String run;
    private final String scenario;
    private final LatencyStats times = new LatencyStats();
    private final ErrorTally errors = new ErrorTally();
    private final boolean recordsBytes;
    private long firstStartMs = Long.MAX_VALUE;
    private long lastEndMs = Long.MIN_VALUE;
    private long receivedBytes;
    private long sentBytes;

    public RowBuilder(String tool, String protocol, String run, String scenario, boolean recordsBytes) {
        this.tool = tool;
        this.protocol = protocol;
        this.run = run;
        this.scenario = scenario;
        this.recordsBytes = recordsBytes;
    }

    /** One sample; {@code errorKind} (an {@link ErrorKind} key) is null for a success, else its raw message is kept. */
    public RowBuilder add(long startMs, long elapsedMs, String errorKind, String rawMessage, long received, long sent) {
        times.add(elapsedMs);
        firstStartMs = Math.min(firstStartMs, startMs);
        lastEndMs = Math.max(lastEndMs, startMs + elapsedMs);
        receivedBytes += received;
        sentBytes += sent;
        if (errorKind != null) {
            errors.add(errorKind, rawMessage);
        }
        return this;
    }

    public long count() {
        return times.count();
    }

    /** Throughput like JMeter's: samples over the time from the first start to the last end. */
    public Summary.Row build() {
        LatencyStats.Figures f = times.figures();
        long n = f.count();
        double seconds = n == 0 ? 0 : Math.max(1, lastEndMs - firstStartMs) / 1000.0;
        Double receivedKBps = recordsBytes && n > 0 ? receivedBytes / 1024.0 / seconds : null;
        Double sentKBps = recordsBytes && n > 0 ? sentBytes / 1024.0 / seconds : null;
        Double avgBytes = recordsBytes && n > 0 ? (double) receivedBytes / n : null;
        return new Summary.Row(
                tool,
                protocol,
                run,
                scenario,
                n,
                f.meanMs(),
                f.minMs(),
                f.maxMs(),
                f.stdDevMs(),
                n == 0 ? 0 : 100.0 * errors.total() / n,
                n == 0 ? 0 : n / seconds,
                receivedKBps,
                sentKBps,
                avgBytes,
                f.p50Ms(),
                f.p75Ms(),
                f.p90Ms(),
                f.p95Ms(),
                f.p99Ms(),
                errors.byKind(),
                errors.details(),
                null);
    }
}
