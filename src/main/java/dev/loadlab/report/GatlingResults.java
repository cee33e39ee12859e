package dev.loadlab.report;

import dev.loadlab.settings.Wire;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The Gatling runs of one build: {@code <gatlingDir>/<protocol>/<simulation>-<timestamp>/simulation.log}, the newest
 * run of each simulation per protocol (older folders are left from earlier builds without clean).
 */
final class GatlingResults {
    static final String ALL_REQUESTS = "all requests";

    private final Path gatlingDir;
    private final GatewaySteps.Judging gatewayJudging;
    private final StressRuns.Limits stressLimits;

    GatlingResults(Path gatlingDir, GatewaySteps.Judging gatewayJudging, StressRuns.Limits stressLimits) {
        this.gatlingDir = gatlingDir;
        this.gatewayJudging = gatewayJudging;
        this.stressLimits = stressLimits;
    }

    void readInto(Parts parts, List<Wire> wires, java.nio.file.attribute.FileTime buildStart) {
        for (Wire wire : wires) {
            Path dir = gatlingDir.resolve(wire.id);
            List<Path> runs = runsSince(dir, buildStart);
            if (runs.isEmpty()) {
                parts.missing("no Gatling run in " + dir + " (Gatling figures for " + wire.label + " are missing)");
            }
            for (Path runDir : runs) {
                Path log = runDir.resolve("simulation.log");
                try {
                    read(wire.label, runDir, GatlingLog.read(log), parts);
                } catch (IOException | RuntimeException e) {
                    parts.missing("broken Gatling log " + (e instanceof IOException ? e.getMessage() : log + ": " + e));
                }
            }
        }
    }

    /**
     * Every run folder of this build, oldest first: those written since its target came up (a folder of an earlier
     * build, left without clean, is not this build's figure).
     */
    static List<Path> runsSince(Path dir, java.nio.file.attribute.FileTime buildStart) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> children = Files.list(dir)) {
            return children.filter(p -> Files.isRegularFile(p.resolve("simulation.log")))
                    .filter(p -> modified(p.resolve("simulation.log")).compareTo(buildStart) >= 0)
                    .sorted(Comparator.comparing(Path::getFileName))
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static java.nio.file.attribute.FileTime modified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException e) {
            return java.nio.file.attribute.FileTime.fromMillis(0);
        }
    }

    private void read(String protocol, Path runDir, GatlingLog log, Parts parts) {
        String simulation =
                log.simulationClass().substring(log.simulationClass().lastIndexOf('.') + 1);
        parts.toolVersions.put("Gatling", log.gatlingVersion());
        parts.rows.addAll(rows(protocol, simulation, log));
        errorsInto(protocol, simulation, log, stressLimits, parts);
        switch (simulation) {
            case "LatencySimulation" -> parts.abRuns.addAll(AbRuns.of(protocol, log));
            case "ODataWriteSimulation" -> parts.writePoints.addAll(WriteStrategies.of(protocol, log));
            case "GatewayCapacitySimulation" -> new GatewaySteps(gatewayJudging).read(protocol, runDir, log, parts);
            default -> {}
        }
    }

    /** One row for all requests (Gatling's own "All Requests" line) and one per request and group path. */
    static List<Summary.Row> rows(String protocol, String simulation, GatlingLog log) {
        Map<String, RowBuilder> rows = new LinkedHashMap<>();
        rows.put(ALL_REQUESTS, new RowBuilder("gatling", protocol, simulation, ALL_REQUESTS, false));
        for (GatlingLog.Request r : log.requests()) {
            String path = r.groups().isEmpty() ? r.name() : String.join(" / ", r.groups()) + " / " + r.name();
            String kind = r.ok() ? null : ErrorClassifier.gatling(r.message());
            rows.get(ALL_REQUESTS).add(r.startMs(), r.responseMs(), kind, r.message(), 0, 0);
            rows.computeIfAbsent(path, p -> new RowBuilder("gatling", protocol, simulation, p, false))
                    .add(r.startMs(), r.responseMs(), kind, r.message(), 0, 0);
        }
        return rows.values().stream().map(RowBuilder::build).toList();
    }

    /** The run's samples and errors over time, and, for a stress run, its steps and where it stopped. */
    static void errorsInto(String protocol, String simulation, GatlingLog log, StressRuns.Limits limits, Parts parts) {
        ErrorTimeline timeline = new ErrorTimeline("gatling", protocol, simulation);
        Integer topStep = StressRuns.gatlingTopStep(log);
        StressRuns.Steps steps = new StressRuns.Steps();
        for (GatlingLog.Request r : log.requests()) {
            String kind = r.ok() ? null : ErrorClassifier.gatling(r.message());
            timeline.add(log.startEpochMs() + r.startMs(), kind);
            Integer step = topStep == null ? null : StressRuns.gatlingStep(r.groups());
            if (step != null) {
                steps.add(step, kind, r.message());
            }
        }
        if (!timeline.isEmpty()) {
            parts.errorsOverTime.add(timeline.build());
        }
        if (!steps.isEmpty()) {
            parts.stressStops.add(
                    steps.build("gatling", protocol, simulation, "requests/s", topStep, limits.gatlingMaxErrorPct()));
        }
    }
}
