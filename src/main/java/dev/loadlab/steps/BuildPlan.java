package dev.loadlab.steps;

import dev.loadlab.report.read.PlannedRuns;
import dev.loadlab.report.read.PlannedRuns.Run;
import dev.loadlab.settings.Experiment;
import dev.loadlab.settings.Wire;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Every run this build plans, in the order the build runs them (Gatling's wires, then JMeter's, as the pom's
 * executions), each with the seconds it took in the last kept build at the same scale: the settings fix the length of
 * few runs (the gateway search stops where the target breaks, the write study and the ab runs count records and
 * requests), so the plan's times are measured ones. Prepare writes it as {@code target/loadlab/build-plan.tsv};
 * {@link Progress} reads it at each run's start.
 */
final class BuildPlan {
    static final String FILE = PlannedRuns.FILE;
    static final String SCALE_HEADER = "# scale=";
    /** Gatling runs its wires in this order (the pom's executions), JMeter in Wire's. */
    private static final List<Wire> GATLING_ORDER = List.of(Wire.HTTP1, Wire.HTTP1_TLS, Wire.H2);

    private BuildPlan() {}

    /** The runs of this build: each simulation by its simple name, each plan by its file's. */
    static List<Run> of(Runs runs, Path jmeterDir, String planSetting, Map<String, Long> timed) {
        List<Run> out = new ArrayList<>();
        List<Wire> gatling = runs.gatlingWires();
        for (Wire wire : GATLING_ORDER) {
            if (!gatling.contains(wire)) {
                continue;
            }
            for (Experiment e : runs.experiments) {
                if (!runs.simulates(e)) {
                    continue;
                }
                for (String simple : e.simulationNames()) {
                    out.add(entry("gatling", wire, simple, e.name(), timed));
                }
            }
        }
        for (Wire wire : runs.jmeterWires(jmeterDir, planSetting)) {
            for (Path plan : runs.plans(jmeterDir, planSetting, wire)) {
                String name = plan.getFileName().toString();
                String experiment = Experiment.ofPlan(name, runs.experiments)
                        .map(Experiment::name)
                        .orElse("?");
                out.add(entry("jmeter", wire, name.replaceFirst("\\.jmx$", ""), experiment, timed));
            }
        }
        return out;
    }

    private static Run entry(String tool, Wire wire, String run, String experiment, Map<String, Long> timed) {
        return new Run(tool, wire.id, run, experiment, timed.getOrDefault(PlannedRuns.key(tool, wire.id, run), -1L));
    }

    static void write(Path file, String scale, List<Run> runs) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add(SCALE_HEADER + scale);
        runs.forEach(r -> lines.add(r.line()));
        Files.write(file, lines);
    }

    /** The plan Prepare wrote; empty outside a build (a gatling:test of its own, JMeter's GUI). */
    static Optional<List<Run>> read(Path file) {
        try {
            return Files.isRegularFile(file) ? Optional.of(PlannedRuns.read(file)) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    static String scale(Path file) throws IOException {
        return Files.readAllLines(file).stream()
                .filter(l -> l.startsWith(SCALE_HEADER))
                .map(l -> l.substring(SCALE_HEADER.length()))
                .findFirst()
                .orElse("");
    }

    /**
     * How long each run took in the kept builds at {@code scale} (reports/runs/&lt;label&gt;/progress.tsv), the newest
     * first: from its start to the start of the build's next run (its report and the tools' start-up included). The
     * last run of a build has no next: it stays untimed.
     */
    static Map<String, Long> timed(Path runsDir, String scale) throws IOException {
        Map<String, Long> out = new HashMap<>();
        if (!Files.isDirectory(runsDir)) {
            return out;
        }
        List<Path> kept;
        try (Stream<Path> dirs = Files.list(runsDir)) {
            kept = dirs.map(d -> d.resolve(Progress.FILE))
                    .filter(Files::isRegularFile)
                    .sorted(Comparator.comparing(BuildPlan::modified).reversed())
                    .toList();
        }
        for (Path progress : kept) {
            if (!scale(progress).equals(scale)) {
                continue;
            }
            List<Progress.Start> starts = Progress.starts(progress);
            for (int i = 0; i + 1 < starts.size(); i++) {
                long seconds =
                        Math.max(0, (starts.get(i + 1).epochMs() - starts.get(i).epochMs()) / 1000);
                out.putIfAbsent(starts.get(i).key(), seconds);
            }
        }
        return out;
    }

    private static long modified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }
}
