package dev.loadlab.shared;

import dev.loadlab.jmeter.PlanFiles;
import dev.loadlab.settings.Experiment;
import dev.loadlab.studies.Studies;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * loadlab's own part of this tree, for a test to read: the studies' plans, the fragments and files they name, and
 * loadlab's simulations' sources. A team's plans, simulations and data sit beside them in jmeter/ and src/test; a test
 * that read the tree itself would pass or fail on what a team added (a plan imported from a recording, a CSV).
 */
public final class LoadlabTree {
    private static final Path PLANS = Path.of("jmeter");
    private static final Path SIMULATIONS = Path.of("src/main/scala/dev/loadlab");
    /** Gatling's answered version check, which the build's first step seeds (GatlingPrefs). */
    private static final Path GATLING_PREFS = Path.of("src/test/gatling-prefs");

    private LoadlabTree() {}

    /** The studies' plans in jmeter/, sorted: those whose name a study's experiment owns. */
    public static List<Path> studyPlans() {
        try (Stream<Path> files = Files.list(PLANS)) {
            return files.filter(f -> f.toString().endsWith(".jmx"))
                    .filter(f -> Experiment.ofPlan(f.getFileName().toString(), Studies.experiments())
                            .isPresent())
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The studies' plans and every file they name (their fragments first among them), sorted. */
    public static List<Path> studyPlansAndTheirFiles() {
        return studyPlans().stream()
                .flatMap(plan -> Stream.concat(
                        Stream.of(plan), PlanFiles.named(PLANS, plan).stream().map(n -> PLANS.resolve(n.path()))))
                .distinct()
                .sorted()
                .toList();
    }

    /** A copy of loadlab's part under {@code dir} (jmeter/, src/main/scala/dev/loadlab/, Gatling's prefs), returned. */
    public static Path copy(Path dir) {
        try {
            for (Path file : studyPlansAndTheirFiles()) {
                Path to = dir.resolve(file.toString());
                Files.createDirectories(to.getParent());
                Files.copy(file, to);
            }
            Trees.copy(SIMULATIONS, dir.resolve(SIMULATIONS.toString()));
            Trees.copy(GATLING_PREFS, dir.resolve(GATLING_PREFS.toString()));
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
