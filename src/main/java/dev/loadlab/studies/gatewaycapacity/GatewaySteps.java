package dev.loadlab.studies.gatewaycapacity;

import dev.loadlab.report.model.LatencyStats;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.read.ErrorClassifier;
import dev.loadlab.report.read.GatlingLog;
import dev.loadlab.report.read.Parts;
import dev.loadlab.report.read.RowBuilder;
import dev.loadlab.report.read.RunReader;
import dev.loadlab.settings.LimitKnobs;
import dev.loadlab.settings.Settings;
import dev.loadlab.shared.CapacitySearch;
import dev.loadlab.shared.Repeats;
import dev.loadlab.studies.gatewaycapacity.GatewayStepFiles.Judged;
import dev.loadlab.studies.gatewaycapacity.GatewayStepFiles.Timings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The gateway study from a GatewayCapacitySimulation run, step by step in the order the search ran them
 * ({@code gateway-steps.csv}: phase doubling or search, achieved rate, the simulation's verdict), with three P95s
 * side by side as the study tabulates them: the client's (simulation.log), the gateway's own timing of each request
 * and the upstream's ({@code upstream-timing.csv}, from Server-Timing), and the server's CPU and heap
 * ({@code server-metrics.csv}; the first two read by {@link GatewayStepFiles}). Per latency, the searched maximum:
 * the steps' verdicts replayed through {@link CapacitySearch}, the simulation's own search, so the report cannot end
 * elsewhere than the run did.
 */
public final class GatewaySteps implements RunReader {
    public static final String SIMULATION = "GatewayCapacitySimulation"; // the run name of its rows
    private static final Pattern STEP = Pattern.compile("latencyMs=(\\d+) stepRps=(\\d+)" + Repeats.OPTIONAL);
    private static final String DOUBLING = CapacitySearch.Phase.DOUBLING.name().toLowerCase(Locale.ROOT);
    public static final String STEPS_CSV = "gateway-steps.csv";
    static final String TIMING_CSV = "upstream-timing.csv";
    /** The subgraph's and the gateway's own answers' times, where gateway.subgraphUrl names a subgraph of loadlab's. */
    public static final String SUBGRAPH_CSV = "subgraph-answers.csv";

    public static final String GATEWAY_CSV = "gateway-answers.csv";

    /**
     * How the simulation judged and searched, from the same gateway.* settings: its criteria, for the report's text,
     * and its resolution, to replay the search (the replay refuses steps that a search at another one would not run);
     * the margin of "no degradation" and of a broken step's limit; the study's pod request and limit.
     */
    public record Judging(String criteria, int resolutionRps, int marginMs, Pod pod, int h2MaxStreams) {
        public static Judging from(Settings settings) {
            return new Judging(
                    GatewayKnobs.criteria(settings).describe(),
                    settings.integer(GatewayKnobs.GATEWAY_RESOLUTION_RPS),
                    settings.integer(GatewayKnobs.GATEWAY_DEGRADATION_MARGIN_MS),
                    new Pod(
                            settings.integer(GatewayKnobs.GATEWAY_CPU_REQUEST),
                            settings.integer(GatewayKnobs.GATEWAY_CPU_LIMIT),
                            settings.integer(GatewayKnobs.GATEWAY_MEMORY_REQUEST),
                            settings.integer(GatewayKnobs.GATEWAY_MEMORY_LIMIT)),
                    settings.integer(LimitKnobs.H2_MAX_STREAMS));
        }
    }

    /** The request and limit the gateway's use is set against (by default the study's pod's, gateway.*). */
    public record Pod(int cpuRequestMillicores, int cpuLimitMillicores, int memoryRequestMb, int memoryLimitMb) {}

    private final Judging judging;
    /** Every run's steps and knees so far, every wire's, in the order they ran. */
    private final List<Gateway.Step> steps = new ArrayList<>();

    private final List<Gateway.Knee> knees = new ArrayList<>();

    public GatewaySteps(Judging judging) {
        this.judging = judging;
    }

    /**
     * The latency, rate and repeat of a step's group ("latencyMs=100 stepRps=64", a later repeat's "latencyMs=100
     * stepRps=64 repeat=2") or row (its group / its request).
     */
    public static Optional<List<Integer>> stepOf(String name) {
        Matcher m = STEP.matcher(name);
        return m.matches() || (m.lookingAt() && name.startsWith(" / ", m.end()))
                ? Optional.of(
                        List.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Repeats.of(m.group(3))))
                : Optional.empty();
    }

    @Override
    public void read(String protocol, Path runDir, GatlingLog log, Parts parts) {
        Map<List<Integer>, RowBuilder> client = new TreeMap<>(GatewayStepFiles::compareSteps);
        Map<List<Integer>, long[]> windows = new TreeMap<>(GatewayStepFiles::compareSteps);
        for (GatlingLog.Request r : log.requests()) {
            List<Integer> step =
                    r.groups().isEmpty() ? null : stepOf(r.groups().get(0)).orElse(null);
            if (step == null) {
                continue;
            }
            client.computeIfAbsent(step, s -> new RowBuilder("gatling", protocol, "", "", false))
                    .add(
                            r.startMs(),
                            r.responseMs(),
                            r.ok() ? null : ErrorClassifier.gatling(r.message()),
                            r.message(),
                            0,
                            0);
            long[] w = windows.computeIfAbsent(step, s -> new long[] {Long.MAX_VALUE, Long.MIN_VALUE});
            w[0] = Math.min(w[0], log.startEpochMs() + r.startMs());
            w[1] = Math.max(w[1], log.startEpochMs() + r.endMs());
        }
        List<Judged> judged = GatewayStepFiles.judged(runDir.resolve(STEPS_CSV), client.keySet(), parts);
        Map<List<Integer>, Timings> timings = GatewayStepFiles.timings(runDir.resolve(TIMING_CSV), parts);
        boolean selfTimed = GatewayStepFiles.selfTimed(
                timings, windows, runDir.resolve(GATEWAY_CSV), runDir.resolve(SUBGRAPH_CSV), parts);
        ServerSamples server = ServerSamples.read(runDir.resolve(ServerSamples.FILE_NAME), parts);
        ServerSamples upstream = ServerSamples.readUpstream(runDir.resolve(ServerSamples.UPSTREAM_FILE_NAME), parts);
        if (server.startupMs() != null) {
            parts.serverStartupMs = server.startupMs();
        }
        Map<List<Integer>, List<Judged>> byCell = new LinkedHashMap<>(); // latency and repeat
        for (Judged j : judged) {
            // every step the search ran counts in its replay, even one that no request reached
            byCell.computeIfAbsent(List.of(j.latencyMs(), j.repeat()), l -> new ArrayList<>())
                    .add(j);
            List<Integer> key = j.step();
            RowBuilder requests = client.get(key);
            if (requests == null) {
                continue; // a step the search chose but no request reached (the run was cut short)
            }
            Summary.Row row = requests.build();
            Timings t = timings.getOrDefault(
                    key, new Timings(new LatencyStats(), new LatencyStats(), new StepLimit.Split()));
            long[] w = windows.get(key);
            Long gatewayP95 = p95(t.gateway());
            Long connections = server.maxOpenConnections(w[0], w[1]);
            Long upstreamP95 = p95(t.upstream());
            steps.add(new Gateway.Step(
                    protocol,
                    j.latencyMs(),
                    j.rps(),
                    j.phase(),
                    row.samples(),
                    row.errorPct(),
                    j.achievedRps(),
                    row.p95Ms(),
                    gatewayP95,
                    upstreamP95,
                    server.cpuPercent(w[0], w[1]),
                    server.maxHeapMb(w[0], w[1]),
                    j.sustained(),
                    gatewayP95 == null || upstreamP95 == null ? null : gatewayP95 - upstreamP95,
                    p95(t.split().queue()),
                    use(server, w),
                    use(upstream, w),
                    connections,
                    !Boolean.FALSE.equals(j.sustained())
                            ? null
                            : StepLimit.of(
                                    t.split(),
                                    protocol,
                                    j.latencyMs(),
                                    judging.marginMs(),
                                    row.errorPct(),
                                    row.errorsByKind(),
                                    j.achievedRps(),
                                    j.rps(),
                                    new StepLimit.Connections(connections, judging.h2MaxStreams())),
                    j.repeat()));
        }
        Gateway.NotGiven notGiven = Gateway.NotGiven.of(
                timings.values(),
                selfTimed,
                Files.isRegularFile(runDir.resolve(ServerSamples.FILE_NAME)),
                server,
                upstream);
        byCell.forEach(
                (cell, steps) -> knees.add(searched(protocol, cell.get(0), cell.get(1), steps, parts, notGiven)));
    }

    /** A process's CPU and memory over a step's window; null where it was not polled. */
    private static Gateway.ProcessUse use(ServerSamples samples, long[] window) {
        Double millicores = samples.cpuMillicores(window[0], window[1]);
        Double memoryMb = samples.maxResidentMb(window[0], window[1]);
        return millicores == null && memoryMb == null ? null : new Gateway.ProcessUse(millicores, memoryMb);
    }

    /**
     * Where the search ended: CapacitySearch's verdict on the steps in run order. The doubling rates it replays are
     * the run's own doubling steps (up to the first broken one, or all of them): only the resolution comes from
     * the settings, as the run's did.
     */
    private Gateway.Knee searched(
            String protocol, int latencyMs, int repeat, List<Judged> steps, Parts parts, Gateway.NotGiven notGiven) {
        List<Gateway.Step> ran = Gateway.ofCell(this.steps, protocol, latencyMs, repeat);
        if (steps.stream().anyMatch(s -> s.sustained() == null)) {
            return notJudged(protocol, latencyMs, repeat, "the run wrote no " + STEPS_CSV, ran, notGiven);
        }
        List<Integer> doubling = steps.stream()
                .filter(s -> DOUBLING.equals(s.phase()))
                .map(Judged::rps)
                .toList();
        List<CapacitySearch.Tried> tried = steps.stream()
                .map(s -> new CapacitySearch.Tried(s.rps(), s.sustained()))
                .toList();
        CapacitySearch.Verdict verdict;
        try {
            verdict = CapacitySearch.verdict(doubling, judging.resolutionRps(), tried);
        } catch (IllegalArgumentException e) {
            parts.missing(STEPS_CSV + " at " + latencyMs + " ms: not the steps a search at "
                    + GatewayKnobs.GATEWAY_RESOLUTION_RPS.name() + "=" + judging.resolutionRps() + " runs ("
                    + e.getMessage() + "); no searched maximum");
            return notJudged(protocol, latencyMs, repeat, "its steps are not the search's", ran, notGiven);
        }
        if (!verdict.finished()) {
            parts.missing("the gateway search at " + latencyMs + " ms stopped before its end (run cut short?): its"
                    + " maximum is the highest rate sustained so far");
        }
        return new Gateway.Knee(
                protocol,
                latencyMs,
                verdict.maxSustainableRps(),
                verdict.firstBrokenRps(),
                judging.criteria(),
                KneeFigures.noDegradationUpTo(ran, latencyMs, judging.marginMs()),
                judging.marginMs(),
                KneeFigures.headroom(ran, judging.pod()),
                notGiven,
                repeat);
    }

    /** No searched maximum nor degradation point (both need the verdicts); the processes' use is still known. */
    private Gateway.Knee notJudged(
            String protocol, int latencyMs, int repeat, String why, List<Gateway.Step> ran, Gateway.NotGiven notGiven) {
        return new Gateway.Knee(
                protocol,
                latencyMs,
                null,
                null,
                "not judged: " + why,
                null,
                null,
                KneeFigures.headroom(ran, judging.pod()),
                notGiven,
                repeat);
    }

    private static Long p95(LatencyStats stats) {
        return stats.count() == 0 ? null : stats.percentile(95);
    }

    /**
     * The gateway search ran on each injector on its own, so its steps and verdicts stay with each injector's folder
     * (gateway-steps.csv) and are not shown.
     */
    @Override
    public void readMerged(String protocol, int injectors, GatlingLog merged, Parts parts) {
        parts.missing(SIMULATION + " over " + protocol + ": merged from " + injectors
                + " injectors, each of which searched on its own: the steps and verdicts are each injector's"
                + " (gateway-steps.csv in its folder), not shown here");
    }

    @Override
    public void finish(Parts parts) {
        if (!steps.isEmpty() || !knees.isEmpty()) {
            parts.figures(GatewayCapacityStudy.NAME, new Gateway.Figures(steps, knees));
        }
    }
}
