package dev.loadlab.studies.gatewaycapacity;

import dev.loadlab.report.model.LatencyStats;
import dev.loadlab.report.read.Parts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The two files GatewayCapacitySimulation writes beside simulation.log, read for {@link GatewaySteps}: the steps as the
 * search judged them, and the gateway's and the upstream's own timing of each answered request. A step is the list
 * (latency in ms, rate in requests/s, repeat), ordered by repeat, then latency, then rate; a file from before repeats
 * has none, its steps are the first repeat's.
 */
final class GatewayStepFiles {
    private GatewayStepFiles() {}

    /** One step of gateway-steps.csv; phase and sustained are null for a run without that file. */
    record Judged(int latencyMs, int rps, String phase, Double achievedRps, Boolean sustained, int repeat) {
        List<Integer> step() {
            return List.of(latencyMs, rps, repeat);
        }
    }

    /** The gateway's and the upstream's own times of one step's answered requests, and their split. */
    record Timings(LatencyStats gateway, LatencyStats upstream, StepLimit.Split split) {}

    static int compareSteps(List<Integer> a, List<Integer> b) {
        int byRepeat = Integer.compare(a.get(2), b.get(2));
        int byLatency = Integer.compare(a.get(0), b.get(0));
        return byRepeat != 0 ? byRepeat : byLatency != 0 ? byLatency : Integer.compare(a.get(1), b.get(1));
    }

    /**
     * gateway-steps.csv: {@code latencyMs,stepRps,phase,requests,errorPct,achievedRps,clientP95Ms,sustained,repeat}, in
     * run order. Without it (a run from before the search), the steps of simulation.log ({@code logged}) by rate, not
     * judged.
     */
    static List<Judged> judged(Path csv, Iterable<List<Integer>> logged, Parts parts) {
        List<Judged> steps = new ArrayList<>();
        if (Files.isRegularFile(csv)) {
            try {
                List<String> lines = Files.readAllLines(csv);
                for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
                    String[] f = line.split(",", -1);
                    steps.add(new Judged(
                            Integer.parseInt(f[0]),
                            Integer.parseInt(f[1]),
                            f[2],
                            f[5].isEmpty() ? null : Double.parseDouble(f[5]),
                            Boolean.parseBoolean(f[7]),
                            f.length > 8 ? Integer.parseInt(f[8]) : 1));
                }
                return steps;
            } catch (IOException | RuntimeException e) {
                parts.missing("broken " + csv + ": " + e.getMessage());
                steps.clear();
            }
        } else {
            parts.missing(
                    "missing " + csv + " (the gateway steps are not judged: no phase, verdict or searched maximum)");
        }
        logged.forEach(k -> steps.add(new Judged(k.get(0), k.get(1), null, null, null, k.get(2))));
        return steps;
    }

    /**
     * upstream-timing.csv: {@code latencyMs,stepRps,status,clientMs,upstreamMs,gatewayMs,queueMs,repeat}, answered
     * requests only (a run from before the gateway's own timing has no gatewayMs column, one before its queue's no
     * queueMs, one before repeats no repeat).
     */
    static Map<List<Integer>, Timings> timings(Path csv, Parts parts) {
        Map<List<Integer>, Timings> byStep = new TreeMap<>(GatewayStepFiles::compareSteps);
        if (!Files.isRegularFile(csv)) {
            parts.missing("missing " + csv + " (the gateway's and the upstream's P95 per step are not shown)");
            return byStep;
        }
        try {
            List<String> lines = Files.readAllLines(csv);
            for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
                String[] f = line.split(",", -1);
                Timings t = byStep.computeIfAbsent(
                        List.of(
                                Integer.parseInt(f[0]),
                                Integer.parseInt(f[1]),
                                f.length > 7 ? Integer.parseInt(f[7]) : 1),
                        s -> new Timings(new LatencyStats(), new LatencyStats(), new StepLimit.Split()));
                Double upstream = field(f, 4);
                Double gateway = field(f, 5);
                if (upstream != null) {
                    t.upstream().add(Math.round(upstream));
                }
                if (gateway != null) {
                    t.gateway().add(Math.round(gateway));
                }
                if ("OK".equals(f[2]) && !f[3].isEmpty()) {
                    t.split().add(Double.parseDouble(f[3]), gateway, upstream, field(f, 6));
                }
            }
        } catch (IOException | RuntimeException e) {
            parts.missing("broken " + csv + ": " + e.getMessage());
            return new TreeMap<>();
        }
        return byStep;
    }

    /**
     * Where no Server-Timing gave them: the gateway's and the subgraph's own times of the answers each step's window
     * holds ({@code gateway-answers.csv}, {@code subgraph-answers.csv}: {@code endEpochMs,ms}; gateway.subgraphUrl).
     * A window runs from the step's first request to its last answer, so an answer of another step is not in it.
     *
     * @return whether there were such times (a gateway that times itself sends no Server-Timing, so no queue either)
     */
    static boolean selfTimed(
            Map<List<Integer>, Timings> timings,
            Map<List<Integer>, long[]> windows,
            Path gatewayCsv,
            Path subgraphCsv,
            Parts parts) {
        List<double[]> gateway = answers(gatewayCsv, parts);
        List<double[]> subgraph = answers(subgraphCsv, parts);
        if (gateway.isEmpty() && subgraph.isEmpty()) {
            return false; // the files are written only with gateway.subgraphUrl
        }
        windows.forEach((step, w) -> {
            Timings t = timings.computeIfAbsent(
                    step, s -> new Timings(new LatencyStats(), new LatencyStats(), new StepLimit.Split()));
            within(gateway, w, t.gateway());
            within(subgraph, w, t.upstream());
        });
        return true;
    }

    /** Adds the answers that ended within the window, unless the stats already hold Server-Timing's. */
    private static void within(List<double[]> answers, long[] window, LatencyStats stats) {
        if (stats.count() > 0) {
            return;
        }
        for (double[] a : answers) {
            if (a[0] >= window[0] && a[0] <= window[1]) {
                stats.add(Math.round(a[1]));
            }
        }
    }

    private static List<double[]> answers(Path csv, Parts parts) {
        List<double[]> out = new ArrayList<>();
        if (!Files.isRegularFile(csv)) {
            return out;
        }
        try {
            List<String> lines = Files.readAllLines(csv);
            for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
                String[] f = line.split(",");
                out.add(new double[] {Long.parseLong(f[0]), Double.parseDouble(f[1])});
            }
        } catch (IOException | RuntimeException e) {
            parts.missing("broken " + csv + ": " + e.getMessage());
            out.clear();
        }
        return out;
    }

    private static Double field(String[] f, int i) {
        return f.length > i && !f[i].isEmpty() ? Double.parseDouble(f[i]) : null;
    }
}
