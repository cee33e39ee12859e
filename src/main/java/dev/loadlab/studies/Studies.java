package dev.loadlab.studies;

import dev.loadlab.report.compare.Changes;
import dev.loadlab.report.compare.CompareSection;
import dev.loadlab.report.compare.CompareSections;
import dev.loadlab.report.compare.Comparison;
import dev.loadlab.report.model.Check;
import dev.loadlab.report.model.Summary;
import dev.loadlab.settings.Experiment;
import dev.loadlab.settings.Settings;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The one list of experiments: loadlab's five studies and the calibration loop, then a team's studies, in the order of
 * the build and the report; every other experiment of a team's comes in by {@link #OWN}. Each study is found by
 * {@link ServiceLoader}: a new study is one line of {@code META-INF/services/dev.loadlab.studies.Study} (docs/build.md
 * lists the files it takes), so that nothing here names one. The studies are made without reading any setting, so that the settings' catalogue may ask for their
 * names while it is itself being made ({@link StudiesCatalogue}).
 */
public final class Studies {
    private Studies() {}

    public static final List<Study> ALL = loaded();

    /** The door of a team's experiments: each has its own name, and its requests' rows and finding. */
    public static final Study OWN = new OwnExperiments();

    /** The studies a team's project adds by the door (a class outside loadlab's packages), in the report's order. */
    public static List<Study> teams() {
        return ALL.stream().filter(s -> !isLoadlabs(s)).toList();
    }

    /** The studies' experiments, in the report's order. */
    public static List<Experiment> experiments() {
        return ALL.stream().map(Study::experiment).toList();
    }

    /** The study of this name, if it is one. */
    public static Optional<Study> study(String name) {
        return ALL.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /** The door an experiment of this name comes in by: its study's, else a team's. */
    public static Study of(String experiment) {
        return study(experiment).orElse(OWN);
    }

    /** The study's experiment of this name; an error for a name that is none. */
    public static Experiment experiment(String name) {
        return study(name)
                .map(Study::experiment)
                .orElseThrow(() -> new IllegalArgumentException("no study's experiment is named " + name));
    }

    /** The doors of the experiments that ran, each once, in the report's order: the studies', then a team's. */
    public static List<Study> ran(List<String> experiments) {
        List<Study> out = new ArrayList<>(
                ALL.stream().filter(s -> experiments.contains(s.name())).toList());
        if (experiments.stream().anyMatch(e -> study(e).isEmpty())) {
            out.add(OWN);
        }
        return out;
    }

    /** The scenario rows of an experiment's runs. */
    public static Predicate<Summary.Row> rowsOf(String experiment) {
        return r -> r.belongsTo().equals(experiment);
    }

    /** compare.html's table of an experiment's scenario rows. */
    public static Comparison<Summary.Row> scenarios(String experiment) {
        return CompareSections.scenarios(experiment, rowsOf(experiment));
    }

    /** compare.html's sections: each study's, then the rows of no study's (a team's experiments). */
    public static List<CompareSection> compareSections() {
        List<CompareSection> out =
                new ArrayList<>(ALL.stream().map(Study::compare).toList());
        out.add(OWN.compare());
        return out;
    }

    /**
     * How far {@code before}'s and {@code now}'s figures may stand apart and still be the same: the largest spread a
     * study measured in either run (Study#spread), never under the floors (Changes#noise).
     */
    public static Changes.Noise noise(Summary before, Summary now) {
        return Changes.noise(Stream.of(before, now)
                .flatMap(s -> ALL.stream().flatMap(study -> study.spread(s).stream()))
                .toList());
    }

    /** Every study's own checks of the gate on {@code s} (Study#checks), loadlab's first, then a team's door's. */
    public static List<Check> checks(Summary s, Settings settings) {
        return doors().flatMap(study -> study.checks(s, settings).stream()).toList();
    }

    /** The rows of {@code s} each study's design makes fail, which the gate's limits pass over (Study#passedOver). */
    public static List<Study.PassedOver> passedOver(Summary s) {
        return doors().flatMap(study -> study.passedOver(s).stream()).toList();
    }

    /** Every door: the studies, then a team's experiments'. */
    private static Stream<Study> doors() {
        return Stream.concat(ALL.stream(), Stream.of(OWN));
    }

    /**
     * The studies on the class path: loadlab's, then a team's, each in the order its services file lists them; a study
     * found twice counts once.
     */
    private static List<Study> loaded() {
        Map<String, Study> byName = new LinkedHashMap<>();
        ServiceLoader.load(Study.class, Study.class.getClassLoader()).stream()
                .map(ServiceLoader.Provider::get)
                .sorted(Comparator.comparing(s -> !isLoadlabs(s))) // a stable sort: each file's order kept
                .forEach(s -> byName.putIfAbsent(s.name(), s));
        return List.copyOf(byName.values());
    }

    private static boolean isLoadlabs(Study study) {
        return study.getClass().getName().startsWith("dev.loadlab.");
    }
}
