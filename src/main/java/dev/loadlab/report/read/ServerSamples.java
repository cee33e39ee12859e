package dev.loadlab.report.read;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The server's /metrics polled during a gateway run ({@code server-metrics.csv} beside simulation.log, written by
 * the simulation): {@code epochMs,processCpuNanos,cores,heapUsedBytes,startupMs}. Empty for targets without /metrics.
 */
public record ServerSamples(List<long[]> samples, Long startupMs) {
    public static final String FILE_NAME = "server-metrics.csv";

    static ServerSamples read(Path csv, Parts parts) {
        if (!Files.isRegularFile(csv)) {
            parts.missing("missing " + csv + " (server CPU and heap per gateway step are not shown)");
            return new ServerSamples(List.of(), null);
        }
        try {
            List<String> lines = Files.readAllLines(csv);
            List<long[]> samples = new ArrayList<>();
            for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
                String[] f = line.split(",");
                long[] sample = new long[f.length];
                for (int i = 0; i < f.length; i++) {
                    sample[i] = Long.parseLong(f[i].trim());
                }
                if (sample.length == 5) {
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
        return 100.0 * (last[1] - first[1]) / ((last[0] - first[0]) * 1_000_000.0 * Math.max(1, last[2]));
    }

    /** Highest heap in use seen within the window (or the nearest sample after it), in MiB. */
    Double maxHeapMb(long fromEpochMs, long toEpochMs) {
        long max = -1;
        for (long[] s : samples) {
            if (s[0] >= fromEpochMs && s[0] <= toEpochMs) {
                max = Math.max(max, s[3]);
            }
        }
        if (max < 0) {
            for (long[] s : samples) {
                if (s[0] >= toEpochMs) {
                    max = s[3];
                    break;
                }
            }
        }
        return max < 0 ? null : max / (1024.0 * 1024.0);
    }
}
