package dev.loadlab.report;

import dev.loadlab.settings.Protocol;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The Gatling runs of one build: {@code <gatlingDir>/<protocol>/<simulation>-<timestamp>/simulation.log}, the newest
 * run of each simulation per protocol (older folders are left from earlier builds without clean).
 */
final class GatlingResults {
    static final List<Protocol> PROTOCOLS = List.of(Protocol.values());
    static final String ALL_REQUESTS = "all requests";

    private final Path gatlingDir;
    private final GatewaySteps.Limits gatewayLimits;

    GatlingResults(Path gatlingDir, GatewaySteps.Limits gatewayLimits) {
        this.gatlingDir = gatlingDir;
        this.gatewayLimits = gatewayLimits;
    }

    void readInto(Parts parts) {
        for (Protocol protocol : PROTOCOLS) {
            Path dir = gatlingDir.resolve(protocol.id);
            List<Path> runs = newestRuns(dir);
            if (runs.isEmpty()) {
                parts.missing("no Gatling run in " + dir + " (Gatling figures for " + protocol.label + " are missing)");
            }
            for (Path runDir : runs) {
                Path log = runDir.resolve("simulation.log");
                try {
                    read(protocol.label, runDir, GatlingLog.read(log), parts);
                } catch (IOException | RuntimeException e) {
                    parts.missing("broken Gatling log " + (e instanceof IOException ? e.getMessage() : log + ": " + e));
                }
            }
        }
    }

    /** The newest run folder per simulation (folder names are {@code <simulation id>-<yyyyMMddHHmmssSSS>}). */
    static List<Path> newestRuns(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> children = Files.list(dir)) {
            Map<String, Path> newest = children.filter(p -> Files.isRegularFile(p.resolve("simulation.log")))
                    .collect(Collectors.toMap(
                            GatlingResults::simulationId,
                            p -> p,
                            (a, b) -> a.getFileName()
                                                    .toString()
                                                    .compareTo(b.getFileName().toString())
                                            > 0
                                    ? a
                                    : b));
            return newest.values().stream()
                    .sorted(Comparator.comparing(Path::getFileName))
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static String simulationId(Path runDir) {
        String name = runDir.getFileName().toString();
        int dash = name.lastIndexOf('-');
        return dash > 0 ? name.substring(0, dash) : name;
    }

    private void read(String protocol, Path runDir, GatlingLog log, Parts parts) {
        String simulation =
                log.simulationClass().substring(log.simulationClass().lastIndexOf('.') + 1);
        parts.toolVersions.put("Gatling", log.gatlingVersion());
        parts.rows.addAll(rows(protocol, simulation, log));
        switch (simulation) {
            case "LatencySimulation" -> parts.abRuns.addAll(AbRuns.of(protocol, log));
            case "ODataWriteSimulation" -> parts.writePoints.addAll(WriteStrategies.of(protocol, log));
            case "GatewayCapacitySimulation" -> new GatewaySteps(gatewayLimits).read(protocol, runDir, log, parts);
            default -> {}
        }
    }

    /** One row for all requests (Gatling's own "All Requests" line) and one per request and group path. */
    static List<Summary.Row> rows(String protocol, String simulation, GatlingLog log) {
        Map<String, RowBuilder> rows = new LinkedHashMap<>();
        rows.put(ALL_REQUESTS, new RowBuilder("gatling", protocol, simulation, ALL_REQUESTS, false));
        for (GatlingLog.Request r : log.requests()) {
            String path = r.groups().isEmpty() ? r.name() : String.join(" / ", r.groups()) + " / " + r.name();
            String error = r.ok() ? null : r.message();
            rows.get(ALL_REQUESTS).add(r.startMs(), r.responseMs(), error, 0, 0);
            rows.computeIfAbsent(path, p -> new RowBuilder("gatling", protocol, simulation, p, false))
                    .add(r.startMs(), r.responseMs(), error, 0, 0);
        }
        return rows.values().stream().map(RowBuilder::build).toList();
    }
}
