package dev.loadlab.report;

import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.Wire;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * What this build ran, as its first step decided (target/loadlab/build.properties, see dev.loadlab.build.Runs): the
 * experiments, the wires of each tool, and since when its results count (the target came up).
 *
 * @param experiments the experiments chosen with -Dexperiments, in the studies' order
 * @param leftOut     the others
 * @param gatling     the wires Gatling ran over
 * @param jmeter      the wires JMeter ran over
 * @param since       when the build's target came up: older Gatling run folders are earlier builds'
 */
record BuildRuns(
        List<String> experiments, List<String> leftOut, List<Wire> gatling, List<Wire> jmeter, FileTime since) {

    static BuildRuns read(BuildLayout layout, Settings settings) throws IOException {
        List<String> experiments = ContractKnobs.chosen(settings);
        List<String> leftOut = ContractKnobs.EXPERIMENT_NAMES.stream()
                .filter(e -> !experiments.contains(e))
                .toList();
        Properties build = new Properties();
        Path file = layout.target().resolve("loadlab/build.properties");
        if (Files.isRegularFile(file)) {
            try (Reader in = Files.newBufferedReader(file)) {
                build.load(in);
            }
        }
        Path targetFile = layout.target().resolve("loadlab/target.properties");
        FileTime since =
                Files.isRegularFile(targetFile) ? Files.getLastModifiedTime(targetFile) : FileTime.fromMillis(0);
        return new BuildRuns(experiments, leftOut, ran(build, "gatling"), ran(build, "jmeter"), since);
    }

    /** The wires a tool ran over: those build.properties does not skip; every wire when there is no such file. */
    private static List<Wire> ran(Properties build, String tool) {
        return Stream.of(Wire.values())
                .filter(w -> !Boolean.parseBoolean(build.getProperty("loadlab.skip." + tool + "." + w.id, "false")))
                .toList();
    }
}
