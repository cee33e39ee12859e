package dev.loadlab.steps;

import static dev.loadlab.settings.ContractKnobs.EXPERIMENT_NAMES;

import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.Experiment;
import dev.loadlab.settings.GatlingKnobs;
import dev.loadlab.settings.JmeterKnobs;
import dev.loadlab.settings.OwnDeclared;
import dev.loadlab.settings.OwnKnobs;
import dev.loadlab.settings.Setting;
import dev.loadlab.settings.SettingError;
import dev.loadlab.settings.Settings;
import dev.loadlab.studies.Studies;
import dev.loadlab.studies.Study;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Your own scenarios, found at build time: a Gatling simulation {@code <Name>Simulation} (Scala or Java, under
 * src/test, outside loadlab's own package, named by no study of yours) and a JMeter plan {@code jmeter/<name>.jmx} (one whose name does not begin
 * with a study's experiment) of the same name are the experiment {@code <name>}, in kebab case
 * ({@code MyCheckoutSimulation} and {@code jmeter/my-checkout.jmx}: {@code my-checkout}); either alone is fine.
 *
 * @param name       the experiment's name, as -Dexperiments names it
 * @param simulation the simulation's class name, if there is one
 * @param plan       the plan's file name in jmeter/, if there is one
 */
record OwnScenarios(String name, Optional<String> simulation, Optional<String> plan, Map<String, String> declared) {
    /** A scenario that declares no setting of its own. */
    OwnScenarios(String name, Optional<String> simulation, Optional<String> plan) {
        this(name, simulation, plan, Map.of());
    }

    private static final String SUFFIX = OwnKnobs.SIMULATION;
    /** loadlab's own sources: the studies' simulations and what they are made of (src/main), and their tests. */
    static final Path OURS = Path.of("dev", "loadlab");

    /** This scenario as an experiment: what the build runs of it. */
    Experiment experiment() {
        return Experiment.own(name, simulation);
    }

    /** Every own scenario of the project at {@code basedir}, by name. */
    static List<OwnScenarios> discover(Path basedir) {
        Map<String, String> simulations = new TreeMap<>();
        Set<String> studies = Studies.experiments().stream()
                .flatMap(e -> e.simulations().stream())
                .collect(Collectors.toSet());
        for (String language : List.of("scala", "java")) {
            Path root = basedir.resolve("src/test").resolve(language);
            for (Path file : files(root, "." + language)) {
                Path relative = root.relativize(file);
                String className = relative.getFileName().toString().replaceFirst("\\.[a-z]+$", "");
                if (relative.startsWith(OURS) || !className.endsWith(SUFFIX) || className.equals(SUFFIX)) {
                    continue;
                }
                String qualified =
                        relative.toString().replaceFirst("\\.[a-z]+$", "").replace('/', '.');
                if (!studies.contains(qualified)) {
                    simulations.put(OwnKnobs.experimentOf(className), qualified); // a simulation no study names
                }
            }
        }
        Map<String, String> plans = new TreeMap<>();
        for (Path plan : files(basedir.resolve("jmeter"), ".jmx")) {
            String file = plan.getFileName().toString();
            if (plan.getParent().equals(basedir.resolve("jmeter"))
                    && Runs.experimentOf(plan).isEmpty()) {
                plans.put(file.substring(0, file.length() - ".jmx".length()), file);
            }
        }
        TreeMap<String, OwnScenarios> all = new TreeMap<>();
        simulations.forEach((name, cls) -> all.put(name, new OwnScenarios(name, Optional.of(cls), Optional.empty())));
        plans.forEach((name, file) -> all.merge(
                name,
                new OwnScenarios(name, Optional.empty(), Optional.of(file)),
                (s, p) -> new OwnScenarios(name, s.simulation(), p.plan())));
        return all.values().stream()
                .map(o -> new OwnScenarios(
                        o.name, o.simulation, o.plan, OwnDeclared.read(OwnDeclared.file(basedir, o.name))))
                .toList();
    }

    /** Its settings: users, rampSeconds and durationSeconds, and those it declares (OwnDeclared). */
    List<Setting> knobs() {
        List<Setting> knobs = new ArrayList<>(OwnKnobs.of(name));
        List<String> fixed = knobs.stream().map(Setting::name).toList();
        OwnDeclared.settings(name, declared).stream()
                .filter(s -> !fixed.contains(s.name()))
                .forEach(knobs::add);
        return knobs;
    }

    /**
     * One line for each own setting that cannot be used: a value out of its range, or a name under an own
     * experiment's that names none of its settings (a typo that would otherwise be ignored).
     */
    static List<String> settingProblems(Settings settings, List<OwnScenarios> all) {
        List<String> lines = new ArrayList<>();
        for (OwnScenarios o : all) {
            List<String> names = o.knobs().stream().map(Setting::name).toList();
            for (Setting s : o.knobs()) {
                try {
                    settings.get(s);
                } catch (SettingError e) {
                    lines.add(e.getMessage());
                }
            }
            settings.given(o.name() + ".").stream()
                    .filter(n -> !names.contains(n))
                    .forEach(n -> lines.add("-D" + n + " is not allowed: expected one of " + String.join(", ", names)
                            + " (declare one of your own in src/test/resources/" + OwnDeclared.FOLDER + "/" + o.name()
                            + ".properties)"));
        }
        return lines;
    }

    /** Every own experiment's settings, resolved: what its simulation and its plan read. */
    static Map<String, String> settings(Settings settings, List<OwnScenarios> all) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        all.forEach(o -> o.knobs().forEach(s -> out.put(s.name(), settings.get(s))));
        return out;
    }

    /**
     * The tools' JIT where the build runs an experiment of a team's own: the JVM's default (C2, {@code 4}), as the
     * tools' own Maven plugins run it, for a run as long as the team makes it; unless {@code -Dgatling.jitTier} or
     * {@code -Djmeter.jitTier} says otherwise. The studies' smoke runs of seconds keep C1 alone (the settings' default):
     * a 30 s closed loop ran at 0.78 of the stock plugin's rate with C1 alone (docs/benchmarks.md).
     */
    static Map<String, String> jitTiers(Settings settings, List<OwnScenarios> all) {
        if (chosen(settings, all).isEmpty()) {
            return Map.of();
        }
        Map<String, String> tiers = new TreeMap<>();
        for (Setting tier : List.of(GatlingKnobs.JIT_TIER, JmeterKnobs.JIT_TIER)) {
            if (!settings.isGiven(tier)) {
                tiers.put(tier.name(), "4");
            }
        }
        return tiers;
    }

    /** The own scenarios -Dexperiments chose: every one when it names none. */
    static List<OwnScenarios> chosen(Settings settings, List<OwnScenarios> all) {
        List<String> given = ContractKnobs.named(settings);
        return all.stream()
                .filter(o -> given.isEmpty() || given.contains(o.name()))
                .toList();
    }

    /**
     * What a team's project (one without loadlab's own sources) runs when -Dexperiments names nothing: its own studies
     * and experiments, or where it has none the studies that run in an empty project (the calibration); the studies run
     * there by name. loadlab's own build runs every study and the calibration.
     */
    static Settings teamDefault(Path basedir, Settings settings, List<OwnScenarios> all) {
        if (!ContractKnobs.named(settings).isEmpty()
                || Files.isDirectory(basedir.resolve("src/main/scala").resolve(OURS))) {
            return settings;
        }
        List<String> names =
                new ArrayList<>(Studies.teams().stream().map(Study::name).toList());
        all.forEach(o -> names.add(o.name()));
        if (names.isEmpty()) {
            Studies.ALL.stream().filter(Study::runsInAnEmptyProject).forEach(study -> names.add(study.name()));
        }
        return settings.with(Map.of(ContractKnobs.EXPERIMENTS.name(), String.join(",", names)));
    }

    /** A name -Dexperiments gives that is neither a study's experiment nor one of yours, in one line; else empty. */
    static Optional<String> problem(Settings settings, List<OwnScenarios> all) {
        List<String> known = new ArrayList<>(EXPERIMENT_NAMES);
        all.forEach(o -> known.add(o.name()));
        List<String> unknown = ContractKnobs.named(settings).stream()
                .filter(n -> !known.contains(n))
                .toList();
        return unknown.isEmpty()
                ? Optional.empty()
                : Optional.of("-D" + ContractKnobs.EXPERIMENTS.name() + "=" + settings.get(ContractKnobs.EXPERIMENTS)
                        + " is not allowed: " + String.join(",", unknown)
                        + " is no experiment; expected a comma-separated list of " + String.join("|", known)
                        + " (your own: a simulation <Name>Simulation under src/test or a plan jmeter/<name>.jmx)");
    }

    /** A source of the team's under src/test (Scala or Java, not loadlab's own), with its text. */
    record Source(Path file, String language, String text) {}

    /** Every source of the team's simulations and what they share, Scala's then Java's, each read once. */
    static List<Source> sources(Path basedir) {
        List<Source> out = new java.util.ArrayList<>();
        for (String language : List.of("scala", "java")) {
            Path root = basedir.resolve("src/test").resolve(language);
            for (Path file : files(root, "." + language)) {
                if (!root.relativize(file).startsWith(OURS)) {
                    try {
                        out.add(new Source(file, language, Files.readString(file)));
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            }
        }
        return out;
    }

    static List<Path> files(Path root, String ending) {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(f -> Files.isRegularFile(f) && f.toString().endsWith(ending))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
