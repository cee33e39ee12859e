package dev.loadlab.report.read;

import dev.loadlab.report.model.BuildLayout;
import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.Injector;
import dev.loadlab.settings.PropertyFile;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.StudyCatalogue;
import dev.loadlab.settings.Wire;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * What this build ran, as its first step decided (target/loadlab/build.properties, see dev.loadlab.steps.Runs): the
 * experiments, the wires of each tool, and since when its results count (the target came up).
 *
 * @param experiments the experiments chosen with -Dexperiments, in the studies' order, then your own
 * @param leftOut     the others
 * @param gatling     the wires Gatling ran over
 * @param jmeter      the wires JMeter ran over
 * @param since       when the build's target came up: older Gatling run folders are earlier builds'
 * @param injector    which of several Gatling injectors this build was (-Dinjector; 1/1 when it was alone)
 * @param wiresLeftOut one line per wire the target did not speak, left out before any load (wire-check.properties)
 * @param planned     each run's experiment as the first step labelled it (build-plan.tsv), by tool and run name
 */
public record BuildRuns(
        List<String> experiments,
        List<String> leftOut,
        List<Wire> gatling,
        List<Wire> jmeter,
        FileTime since,
        Injector injector,
        List<String> wiresLeftOut,
        Map<String, String> planned) {

    public static BuildRuns read(BuildLayout layout, Settings settings) throws IOException {
        List<String> studies = ContractKnobs.chosen(settings);
        List<String> experiments = studies;
        List<String> leftOut = new java.util.ArrayList<>(ContractKnobs.EXPERIMENT_NAMES.stream()
                .filter(e -> !studies.contains(e))
                .toList());
        Properties build = PropertyFile.read(layout.target().resolve("loadlab/build.properties"));
        // the studies' experiments and your own, as the first step found them (dev.loadlab.steps.OwnScenarios)
        String all = build.getProperty("loadlab.experiments", "");
        if (!all.isBlank()) {
            experiments = List.of(all.split(","));
        }
        // the wires the target did not speak: no tool ran them, whatever the first step planned
        Map<Wire, String> wiresLeftOut = Wire.leftOut(layout.target().resolve("loadlab"));
        Path targetFile = layout.target().resolve("loadlab/target.properties");
        FileTime since =
                Files.isRegularFile(targetFile) ? Files.getLastModifiedTime(targetFile) : FileTime.fromMillis(0);
        Injector injector = injector(build);
        if (!injector.alone()) {
            leftOut.add(injector.index() > 1 ? LEFT_OUT_OF_OTHER_INJECTORS : LEFT_OUT_OF_INJECTORS);
        }
        return new BuildRuns(
                experiments,
                List.copyOf(leftOut),
                ran(build, "gatling", wiresLeftOut.keySet()),
                ran(build, "jmeter", wiresLeftOut.keySet()),
                since,
                injector,
                List.copyOf(wiresLeftOut.values()),
                planned(layout.target().resolve("loadlab/build-plan.tsv")));
    }

    /** The experiment a tool's run was labelled with when the build planned it, else the one its name tells. */
    public String experimentOf(String tool, String run) {
        String label = planned.get(tool + "\t" + run);
        return label == null || label.equals("?") ? StudyCatalogue.experimentOfRun(tool, run) : label;
    }

    /** Each planned run's experiment, by tool and run name; none without the build's plan. */
    private static Map<String, String> planned(Path plan) throws IOException {
        Map<String, String> out = new java.util.HashMap<>();
        PlannedRuns.read(plan).forEach(r -> out.put(r.tool() + "\t" + r.run(), r.experiment()));
        return Map.copyOf(out);
    }

    static final String LEFT_OUT_OF_INJECTORS = "JMeter plans and the bulk bench (an injector of several runs Gatling"
            + " only: JMeter scales out through its own remote engines, and each injector would multiply their load)";
    static final String LEFT_OUT_OF_OTHER_INJECTORS =
            LEFT_OUT_OF_INJECTORS.replace("only:", "only, and the write experiment runs whole on injector 1:");

    /** The injector build.properties names (loadlab.injector=i/N); alone when it names none. */
    private static Injector injector(Properties build) {
        try {
            return Injector.parse(build.getProperty("loadlab.injector", "1/1"));
        } catch (IllegalArgumentException e) {
            return Injector.ALONE;
        }
    }

    /**
     * The wires a tool ran over: those build.properties does not skip (every wire when there is no such file) and the
     * wire check did not leave out.
     */
    private static List<Wire> ran(Properties build, String tool, java.util.Set<Wire> leftOut) {
        return Stream.of(Wire.values())
                .filter(w -> !Boolean.parseBoolean(build.getProperty(w.skipFlag(tool), "false")))
                .filter(w -> !leftOut.contains(w))
                .toList();
    }
}
