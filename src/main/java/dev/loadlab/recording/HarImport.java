package dev.loadlab.recording;

import dev.loadlab.replay.Recording;
import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.OwnKnobs;
import dev.loadlab.settings.OwnSecrets;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code mvn -q compile exec:java@har -Dhar=recording.har [-Dhar.name=shop] [-Dhar.static=true] [-Dhar.carry=false]
 * [-Dhar.targets=api=https://api.shop.example]}:
 * turns a browser's recording into an experiment of your own in both tools,
 * {@code src/test/scala/recorded/<Name>Simulation.scala} and {@code jmeter/<name>.jmx} (see {@link Har} for what is
 * kept), and its statuses for the replay check ({@link Recording}). It writes no file over an existing one. A bad setting
 * is one line and exit status 2, before anything is written.
 */
public final class HarImport {
    static final String HAR = "har";
    static final String NAME = "har.name";
    static final String STATIC = "har.static";
    static final String CARRY = "har.carry";

    private HarImport() {}

    public static void main(String[] args) throws IOException {
        Path basedir = Path.of(args.length > 0 ? args[0] : "");
        try {
            System.out.println(run(
                    basedir,
                    System.getProperty(HAR, ""),
                    System.getProperty(NAME, ""),
                    System.getProperty(STATIC, "false"),
                    System.getProperty(CARRY, "true"),
                    System.getProperty(Origins.SETTING, "")));
        } catch (IllegalArgumentException e) {
            System.err.println("loadlab har: " + e.getMessage());
            System.exit(2);
        }
    }

    /** Writes both files and says what it wrote; IllegalArgumentException (one line) for a bad setting. */
    public static String run(Path basedir, String har, String name, String statics) throws IOException {
        return run(basedir, har, name, statics, "true", "");
    }

    /** {@code targets}: -Dhar.targets, the origins replayed against named targets (Origins). */
    public static String run(Path basedir, String har, String name, String statics, String carry, String targets)
            throws IOException {
        if (har.isBlank()) {
            throw new IllegalArgumentException("-D" + HAR + " is not set: expected the path of a HAR file (DevTools:"
                    + " Network, Save all as HAR)");
        }
        Path file = basedir.resolve(har);
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(
                    "-D" + HAR + "=" + har + " is not allowed: expected a readable HAR file");
        }
        for (String flag : List.of(STATIC + "=" + statics, CARRY + "=" + carry)) {
            String value = flag.substring(flag.indexOf('=') + 1);
            if (!value.equals("true") && !value.equals("false")) {
                throw new IllegalArgumentException("-D" + flag + " is not allowed: expected true or false");
            }
        }
        Map<String, String> named = Origins.parse(targets);
        String experiment = name.isBlank() ? defaultName(file) : name;
        String className = className(experiment);
        Path simulation = basedir.resolve("src/test/scala")
                .resolve(SimulationWriter.PACKAGE)
                .resolve(className + ".scala");
        Path plan = basedir.resolve("jmeter").resolve(experiment + ".jmx");
        Path recorded = Recording.file(basedir, experiment);
        for (Path existing : List.of(simulation, plan, recorded)) {
            if (Files.exists(existing)) {
                throw new IllegalArgumentException("-D" + NAME + "=" + experiment + " is not allowed: "
                        + basedir.relativize(existing) + " exists; expected the name of no scenario yet");
            }
        }
        Har.Read recording;
        try {
            recording = Har.read(file, Boolean.parseBoolean(statics), Boolean.parseBoolean(carry), named);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(
                    "-D" + HAR + "=" + har + " is not allowed: not JSON (" + e.getOriginalMessage() + ")");
        }
        String source = file.getFileName().toString();
        Files.createDirectories(simulation.getParent());
        Files.writeString(
                simulation, SimulationWriter.write(className, experiment, source, recording), StandardCharsets.UTF_8);
        Files.createDirectories(plan.getParent()); // a project with no plan yet has no jmeter/
        Files.writeString(plan, PlanWriter.write(experiment, source, recording), StandardCharsets.UTF_8);
        Files.createDirectories(recorded.getParent());
        Files.writeString(
                recorded,
                Recording.write(
                        source,
                        recording.requests().stream()
                                .map(r -> new Recording.Step(r.name(), r.status()))
                                .toList()),
                StandardCharsets.UTF_8);
        StringBuilder said = new StringBuilder("loadlab har: " + SimulationWriter.summary(recording) + "\n  "
                + basedir.relativize(simulation) + "\n  " + basedir.relativize(plan) + "\n  "
                + basedir.relativize(recorded) + " (its statuses, for the replay check)\n");
        if (!recording.secrets().isEmpty()) {
            Path secrets = OwnSecrets.file(basedir, experiment);
            Files.createDirectories(secrets.getParent());
            Files.writeString(secrets, OwnSecrets.declare(recording.secrets()), StandardCharsets.UTF_8);
            said.append("  ").append(basedir.relativize(secrets)).append(" (the names only)\n");
        }
        recording.requests().stream()
                .map(Recorded::target)
                .filter(t -> !t.isEmpty())
                .distinct()
                .forEach(t -> said.append("target ")
                        .append(t)
                        .append(": its requests go to target.")
                        .append(t)
                        .append(".url (give it when the experiment runs)\n"));
        recording
                .otherOrigins()
                .forEach(l -> said.append("left out: ").append(l).append('\n'));
        recording.said().forEach(l -> said.append("carried ").append(l).append('\n'));
        recording.suspects().forEach(l -> said.append("look: ").append(l).append('\n'));
        for (String secret : recording.secrets()) {
            said.append("the journey needs ")
                    .append(experiment)
                    .append('.')
                    .append(secret)
                    .append(": what the user typed, from the environment: ")
                    .append(OwnSecrets.environment(experiment, secret))
                    .append("=... (never -D, a file or a log)\n");
        }
        return said.append("replay it once: mvn verify -Dexperiments=")
                .append(experiment)
                .append(" -Dreplay=true\nrun both: mvn verify -Dexperiments=")
                .append(experiment)
                .toString();
    }

    /** {@code demo-shop}: {@code DemoShopSimulation}; a name that would not come back from it is refused. */
    static String className(String experiment) {
        String camel = Arrays.stream(experiment.split("-"))
                .map(p -> p.isEmpty() ? p : Character.toUpperCase(p.charAt(0)) + p.substring(1))
                .collect(Collectors.joining());
        boolean study = ContractKnobs.EXPERIMENT_NAMES.stream().anyMatch(experiment::startsWith);
        if (!experiment.matches("[a-z][a-z0-9]*(-[a-z0-9]+)*")
                || study
                || !OwnKnobs.experimentOf(camel + OwnKnobs.SIMULATION).equals(experiment)) {
            throw new IllegalArgumentException("-D" + NAME + "=" + experiment + " is not allowed: expected lower-case"
                    + " words of two letters or more joined by '-' (e.g. shop or demo-shop), not beginning with a"
                    + " study's experiment (" + String.join("|", ContractKnobs.EXPERIMENT_NAMES) + ")");
        }
        return camel + OwnKnobs.SIMULATION;
    }

    /** {@code Demo Shop.har}: {@code demo-shop}. */
    static String defaultName(Path file) {
        String base = file.getFileName().toString().replaceFirst("(?i)\\.har$", "");
        return base.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
    }
}
