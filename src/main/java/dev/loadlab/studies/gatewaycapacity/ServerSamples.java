package dev.loadlab.studies.gatewaycapacity;

import dev.loadlab.report.read.Parts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A reference server's /metrics polled during a gateway run, written by the simulation beside simulation.log: the
 * gateway's ({@code server-metrics.csv}) and its upstream's ({@code upstream-metrics.csv}, where the upstream is a
 * process of its own): {@code epochMs,processCpuNanos,cores,heapUsedBytes,startupMs,residentBytes,openConnections}
 * (runs before the resident memory have the first five). Empty for targets without /metrics.
 */
public record ServerSamples(List<long[]> samples, Long startupMs) {
    public static final String FILE_NAME = "server-metrics.csv";
    public static final String UPSTREAM_FILE_NAME = "upstream-metrics.csv";
    private static final int RESIDENT = 5;
    private static final int OPEN_CONNECTIONS = 6;

    static ServerSamples read(Path csv, Parts parts) {
        if (!Files.isRegularFile(csv)) {
            parts.missing("missing " + csv + " (server CPU and heap per gateway step are not shown)");
            return new ServerSamples(List.of(), null);
        }
        return readFile(csv, parts);
    }

    /** The upstream's samples; none without the file (its upstream ran in the gateway's process, or elsewhere). */
    static ServerSamples readUpstream(Path csv, Parts parts) {
        return Files.isRegularFile(csv) ? readFile(csv, parts) : new ServerSamples(List.of(), null);
    }

    private static ServerSamples readFile(Path csv, Parts parts) {
        try {
            List<String> lines = Files.readAllLines(csv);
            List<long[]> samples = new ArrayList<>();
            for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
                String[] f = line.split(",");
                long[] sample = new long[f.length];
                for (int i = 0; i < f.length; i++) {
                    sample[i] = Long.parseLong(f[i].trim());
                }
                if (sample.length >= 5 && sample.length <= 7) {
                    samples.add(sample);
                }
            }
            if (samples.isEmpty()) {
                parts.missing(
                        "no rows in " + csv + " (the target has no /metrics: no server CPU and heap per gateway step)");
            }
            Long startup = samples.isEmpty() || samples.get(0)[4] < 0 ? null : samples.get(0)[4];
            return new ServerSamples(samples, startup);
        } catch (IOException | RuntimeException e) {
            parts.missing("broken " + csv + ": " + e.getMessage());
            return new ServerSamples(List.of(), null);
        }
    }

    /** Process CPU over the window as a share of all cores, from the samples just around it; null without two. */
    Double cpuPercent(long fromEpochMs, long toEpochMs) {
        Double millicores = cpuMillicores(fromEpochMs, toEpochMs);
        return millicores == null ? null : millicores / (10.0 * Math.max(1, cores()));
    }

    private long cores() {
        return samples.isEmpty() ? 1 : samples.get(samples.size() - 1)[2];
    }

    /**
     * Process CPU over the window in millicores, as a container's CPU is counted: CPU-seconds per second x 1000, from
     * the samples just around it; null without two.
     */
    Double cpuMillicores(long fromEpochMs, long toEpochMs) {
        long[] first = null;
        long[] last = null;
        for (long[] s : samples) {
            if (s[0] <= fromEpochMs || first == null) {
                first = s;
            }
            if (last == null && s[0] >= toEpochMs) {
                last = s;
            }
        }
        if (last == null && !samples.isEmpty()) {
            last = samples.get(samples.size() - 1);
        }
        if (first == null || last == null || last[0] <= first[0]) {
            return null;
        }
        return 1000.0 * (last[1] - first[1]) / ((last[0] - first[0]) * 1_000_000.0);
    }

    /** Highest heap in use seen within the window (or the nearest sample after it), in MiB. */
    Double maxHeapMb(long fromEpochMs, long toEpochMs) {
        long max = highest(3, fromEpochMs, toEpochMs);
        return max < 0 ? null : max / (1024.0 * 1024.0);
    }

    /** Highest resident memory within the window (or the nearest sample after it), in MB (10^6 bytes, as the study's). */
    Double maxResidentMb(long fromEpochMs, long toEpochMs) {
        long max = highest(RESIDENT, fromEpochMs, toEpochMs);
        return max < 0 ? null : max / 1e6;
    }

    /** Most TCP connections open on the load ports within the window: the clients' connections (and the poller's). */
    Long maxOpenConnections(long fromEpochMs, long toEpochMs) {
        long max = highest(OPEN_CONNECTIONS, fromEpochMs, toEpochMs);
        return max < 0 ? null : max;
    }

    /** The window's highest value of a column (-1 where unknown), else the first sample's after the window. */
    private long highest(int column, long fromEpochMs, long toEpochMs) {
        long max = -1;
        for (long[] s : samples) {
            if (s.length > column && s[0] >= fromEpochMs && s[0] <= toEpochMs) {
                max = Math.max(max, s[column]);
            }
        }
        if (max < 0) {
            for (long[] s : samples) {
                if (s.length > column && s[0] >= toEpochMs) {
                    return s[column];
                }
            }
        }
        return max;
    }
}
