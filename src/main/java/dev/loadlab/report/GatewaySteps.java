package dev.loadlab.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The gateway study from a GatewayCapacitySimulation run: per latency and arrival-rate step the client P95 (from
 * simulation.log), the upstream P95 ({@code upstream-timing.csv}, the gateway's Server-Timing), their difference
 * as the time in the gateway, the server's CPU and heap ({@code server-metrics.csv}, polled during the run) and
 * the knee: the highest step, counting up from the first, whose errors and client P95 stay within the limits.
 */
final class GatewaySteps {
    private static final Pattern STEP = Pattern.compile("latencyMs=(\\d+) stepRps=(\\d+)");

    /** A step is sustainable with at most maxErrorPct failed and client P95 <= latency + maxOverheadMs. */
    record Limits(double maxErrorPct, long maxOverheadMs) {
        String describe() {
            return "errors <= " + maxErrorPct + " %, client P95 <= upstream latency + " + maxOverheadMs + " ms";
        }
    }

    private final Limits limits;

    GatewaySteps(Limits limits) {
        this.limits = limits;
    }

    void read(String protocol, Path runDir, GatlingLog log, Parts parts) {
        Map<List<Integer>, RowBuilder> client = new TreeMap<>(GatewaySteps::compareSteps);
        Map<List<Integer>, long[]> windows = new TreeMap<>(GatewaySteps::compareSteps);
        for (GatlingLog.Request r : log.requests()) {
            Matcher m = r.groups().isEmpty() ? null : STEP.matcher(r.groups().get(0));
            if (m == null || !m.matches()) {
                continue;
            }
            List<Integer> step = List.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
            client.computeIfAbsent(step, s -> new RowBuilder("gatling", protocol, "", "", false))
                    .add(r.startMs(), r.responseMs(), r.ok() ? null : r.message(), 0, 0);
            long[] w = windows.computeIfAbsent(step, s -> new long[] {Long.MAX_VALUE, Long.MIN_VALUE});
            w[0] = Math.min(w[0], log.startEpochMs() + r.startMs());
            w[1] = Math.max(w[1], log.startEpochMs() + r.endMs());
        }
        Map<List<Integer>, LatencyStats> upstream = upstream(runDir.resolve("upstream-timing.csv"), parts);
        ServerSamples server = ServerSamples.read(runDir.resolve(ServerSamples.FILE_NAME), parts);
        if (server.startupMs() != null) {
            parts.serverStartupMs = server.startupMs();
        }
        Map<Integer, Integer> knee = new TreeMap<>();
        Map<Integer, Boolean> stillWithin = new TreeMap<>();
        for (Map.Entry<List<Integer>, RowBuilder> e : client.entrySet()) {
            int latencyMs = e.getKey().get(0);
            int rps = e.getKey().get(1);
            Summary.Row row = e.getValue().build();
            LatencyStats up = upstream.get(e.getKey());
            Long upP95 = up == null || up.count() == 0 ? null : up.percentile(95);
            long[] w = windows.get(e.getKey());
            boolean within =
                    row.errorPct() <= limits.maxErrorPct() && row.p95Ms() <= latencyMs + limits.maxOverheadMs();
            if (within && stillWithin.getOrDefault(latencyMs, true)) {
                knee.put(latencyMs, rps);
            } else {
                stillWithin.put(latencyMs, false);
            }
            knee.putIfAbsent(latencyMs, null);
            parts.gatewaySteps.add(new Summary.GatewayStep(
                    protocol,
                    latencyMs,
                    rps,
                    row.samples(),
                    row.errorPct(),
                    row.p95Ms(),
                    upP95,
                    upP95 == null ? null : row.p95Ms() - upP95,
                    server.cpuPercent(w[0], w[1]),
                    server.maxHeapMb(w[0], w[1]),
                    within));
        }
        knee.forEach(
                (latencyMs, rps) -> parts.knees.add(new Summary.Knee(protocol, latencyMs, rps, limits.describe())));
    }

    private static int compareSteps(List<Integer> a, List<Integer> b) {
        int byLatency = Integer.compare(a.get(0), b.get(0));
        return byLatency != 0 ? byLatency : Integer.compare(a.get(1), b.get(1));
    }

    /** upstream-timing.csv: {@code latencyMs,stepRps,status,clientMs,upstreamMs}; answered requests only. */
    private static Map<List<Integer>, LatencyStats> upstream(Path csv, Parts parts) {
        Map<List<Integer>, LatencyStats> byStep = new TreeMap<>(GatewaySteps::compareSteps);
        if (!Files.isRegularFile(csv)) {
            parts.missing("missing " + csv + " (the gateway's upstream P95 per step is not shown)");
            return byStep;
        }
        try {
            List<String> lines = Files.readAllLines(csv);
            for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
                String[] f = line.split(",", -1);
                if (f.length == 5 && !f[4].isEmpty()) {
                    byStep.computeIfAbsent(
                                    List.of(Integer.parseInt(f[0]), Integer.parseInt(f[1])), s -> new LatencyStats())
                            .add(Math.round(Double.parseDouble(f[4])));
                }
            }
        } catch (IOException | RuntimeException e) {
            parts.missing("broken " + csv + ": " + e.getMessage());
            return new TreeMap<>();
        }
        return byStep;
    }

    /** The steps of every latency, in order; used by the HTML chart. */
    static List<Summary.GatewayStep> ofLatency(List<Summary.GatewayStep> steps, String protocol, int latencyMs) {
        List<Summary.GatewayStep> out = new ArrayList<>();
        for (Summary.GatewayStep s : steps) {
            if (s.protocol().equals(protocol) && s.latencyMs() == latencyMs) {
                out.add(s);
            }
        }
        return out;
    }
}
