package dev.loadlab.steps;

import dev.loadlab.settings.Experiment;
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
                .map(Experiment::simpleName)
                .toList();
        List<String> lines = new ArrayList<>();
        for (OwnScenarios.Source source : OwnScenarios.sources(basedir)) {
            boolean java = source.language().equals("java");
            Matcher m = PLAIN_SIMULATION.matcher(source.text());
            while (m.find()) {
                if (classes.contains(m.group(1))) {
                    lines.add(basedir.relativize(source.file()) + ": " + m.group(1) + " extends Gatling's " + m.group(2)
                            + ", whose baseUrl is its own, not the build's target; expected extends "
                            + (java ? "dev.loadlab.OwnJavaSimulation" : "dev.loadlab.OwnSimulation")
                            + " and .protocols(" + (java ? "httpProtocol()" : "httpProtocol")
                            + ") (docs/own-scenarios.md#a-simulation)");
                }
            }
        }
        return lines;
    }
}
