package dev.loadlab.build;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A chosen simulation of yours must take the build's target: one on Gatling's plain Simulation is refused. */
final class PlainSimulations {
    private PlainSimulations() {}

    /** Gatling's own base classes: a simulation on one of them loads the baseUrl it names itself. */
    private static final Pattern PLAIN_SIMULATION = Pattern.compile(
            "\\bclass\\s+(\\w+)\\b[^{]*?\\bextends\\s+((io\\.gatling\\.(core\\.scenario|javaapi\\.core)\\.)?Simulation)\\b");

    /**
     * One line for each simulation of yours on Gatling's plain {@code Simulation}: it would send its load to the
     * {@code baseUrl} it names, not to the build's target (a URL no one gave the build); loadlab's base classes point
     * {@code httpProtocol} at the target over the run's wire. Only the chosen experiments' simulations are read.
     */
    static List<String> problems(Path basedir, List<OwnScenarios> chosen) {
        List<String> classes = chosen.stream()
                .flatMap(o -> o.simulation().stream())
                .map(c -> c.substring(c.lastIndexOf('.') + 1))
                .toList();
        List<String> lines = new ArrayList<>();
        for (String language : List.of("scala", "java")) {
            Path root = basedir.resolve("src/test").resolve(language);
            for (Path file : OwnScenarios.files(root, "." + language)) {
                if (root.relativize(file).startsWith(OwnScenarios.OURS)) {
                    continue;
                }
                String source = read(file);
                Matcher m = PLAIN_SIMULATION.matcher(source);
                while (m.find()) {
                    if (!classes.contains(m.group(1))) {
                        continue;
                    }
                    lines.add(basedir.relativize(file) + ": " + m.group(1) + " extends Gatling's " + m.group(2)
                            + ", whose baseUrl is its own, not the build's target; expected extends "
                            + (language.equals("java") ? "dev.loadlab.OwnJavaSimulation" : "dev.loadlab.OwnSimulation")
                            + " and .protocols(" + (language.equals("java") ? "httpProtocol()" : "httpProtocol")
                            + ") (docs/own-scenarios.md#a-simulation)");
                }
            }
        }
        return lines;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
