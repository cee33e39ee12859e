package dev.loadlab.report.read;

import dev.loadlab.report.model.BuildLayout;
import dev.loadlab.report.model.Summary;
import dev.loadlab.settings.Injector;
import dev.loadlab.settings.ReportKnobs;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.Wire;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The Gatling runs of one build: {@code <gatlingDir>/<protocol>/<simulation>-<timestamp>/simulation.log}, the newest
 * run of each simulation per protocol (older folders are left from earlier builds without clean), and those of the
 * other injectors' folders, merged with this build's where they are runs of one simulation by injectors i/N.
 */
public final class GatlingResults {
    public static final String ALL_REQUESTS = Summary.Row.ALL_REQUESTS;

    private final Path gatlingDir;
    private final Map<String, RunReader> studyReaders;

    /** {@code studyReaders}: each study's reader of its runs, by its simulations' simple names. */
    public GatlingResults(Path gatlingDir, Map<String, RunReader> studyReaders) {
        this.gatlingDir = gatlingDir;
        this.studyReaders = studyReaders;
    }

    /**
     * Reads each wire's runs of this build, and of the other injectors' folders ({@code gatling.injectorResults}): the
     * runs of one simulation from injectors i/N (N &gt; 1) are merged into one run ({@link GatlingInjectors}), every
     * other run is read as it is.
     */
    public void readInto(Parts parts, List<Wire> wires, FileTime buildStart, List<Path> injectorFolders) {
        for (Wire wire : wires) {
            Path dir = gatlingDir.resolve(wire.id);
            List<GatlingInjectors.Run> runs = new ArrayList<>();
            Set<Path> seen = new HashSet<>();
            readRuns(runsSince(dir, buildStart), runs, parts);
            seen.add(real(gatlingDir));
            for (Path folder : injectorFolders) {
                if (!seen.add(real(folder))) {
                    continue; // this build's own folder (or one named twice) is read once
                }
                Path wireDir = folder.resolve(wire.id);
                // another injector's folder is read whole: its runs are not of this build's time line
                readRuns(runsSince(wireDir, FileTime.fromMillis(0)), runs, parts);
            }
            if (runs.isEmpty()) {
                parts.missing("no Gatling run in " + dir + " (Gatling figures for " + wire.label + " are missing)");
            }
            List<GatlingInjectors.Group> groups = GatlingInjectors.groups(wire.label, runs, parts::missing);
            // merged, or left out of a merge (a line says why): not read on their own. By identity: a run's log is a
            // large record, and each run is one object
            Set<GatlingInjectors.Run> notAlone = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
            for (GatlingInjectors.Group g : groups) {
                notAlone.addAll(g.leftOut());
                if (g.runs().size() > 1) {
                    notAlone.addAll(g.runs());
                }
            }
            for (GatlingInjectors.Run r : runs) {
                if (!notAlone.contains(r)) {
                    read(wire.label, r.dir(), r.log(), parts);
                }
            }
            for (GatlingInjectors.Group g : groups) {
                if (g.runs().size() > 1) {
                    readMerged(wire.label, g, parts);
                }
            }
        }
    }

    /** The folders {@code gatling.injectorResults} names, relative to the basedir; none when it is empty. */
    public static List<Path> injectorFolders(BuildLayout layout, Settings settings) {
        return settings.items(ReportKnobs.INJECTOR_RESULTS).stream()
                .filter(f -> !f.isBlank())
                .map(layout::resolve)
                .toList();
    }

    private static void readRuns(List<Path> runDirs, List<GatlingInjectors.Run> into, Parts parts) {
        for (Path runDir : runDirs) {
            Path log = runDir.resolve("simulation.log");
            try {
                GatlingLog read = GatlingLog.read(log);
                into.add(new GatlingInjectors.Run(runDir, read, Injector.fromDescription(read.runDescription())));
            } catch (IOException | RuntimeException e) {
                parts.missing("broken Gatling log " + (e instanceof IOException ? e.getMessage() : log + ": " + e));
            }
        }
    }

    private static Path real(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }

    /**
     * The injectors' runs as one: every figure from their merged requests; a study's reader says what of its own a
     * merge cannot give.
     */
    private void readMerged(String protocol, GatlingInjectors.Group group, Parts parts) {
        GatlingLog merged = GatlingInjectors.merge(
                group.runs().stream().map(GatlingInjectors.Run::log).toList());
        String simulation = group.simulation();
        parts.toolVersions.put("Gatling", merged.gatlingVersion());
        parts.rows.addAll(rows(protocol, simulation, merged));
        timelineInto(protocol, simulation, merged, parts);
        Optional.ofNullable(studyReaders.get(simulation))
                .ifPresent(r -> r.readMerged(protocol, group.runs().size(), merged, parts));
        parts.generators.add(GatlingInjectors.generators(protocol, group, merged));
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
        String simulation = log.simulation();
        parts.toolVersions.put("Gatling", log.gatlingVersion());
        parts.rows.addAll(rows(protocol, simulation, log));
        timelineInto(protocol, simulation, log, parts);
        Optional.ofNullable(studyReaders.get(simulation)).ifPresent(r -> r.read(protocol, runDir, log, parts));
    }

    /** One row for all requests (Gatling's own "All Requests" line) and one per request and group path. */
    public static List<Summary.Row> rows(String protocol, String simulation, GatlingLog log) {
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

    /** The run's samples and errors over time. */
    static void timelineInto(String protocol, String simulation, GatlingLog log, Parts parts) {
        RunTimeline timeline = new RunTimeline("gatling", protocol, simulation);
        for (GatlingLog.Request r : log.requests()) {
            String kind = r.ok() ? null : ErrorClassifier.gatling(r.message());
            timeline.add(log.startEpochMs() + r.startMs(), r.responseMs(), kind);
        }
        if (!timeline.isEmpty()) {
            parts.timelines.add(timeline.build());
        }
    }
}
