package dev.loadlab.steps;

import dev.loadlab.settings.Wire;
import dev.loadlab.shared.BuildStop;
import dev.loadlab.shared.ErrorCopy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Right after the build's Gatling runs (integration-test, before JMeter, the bench and the report): a simulation that
 * crashed (threw at start or after its run, did not load) fails the build at once, its cause in one line per wire. The build's Gatling runs leave every failure to a later step (failOnError=false, so that a broken
 * assertion or a stress run's errors are the gate's verdict, with the report written first): gatling-maven-plugin
 * writes each run's outcome into its results folder's lastRun.txt, where a crash and broken assertions read apart.
 */
public final class GatlingCrashes {
    static final String LAST_RUN = "lastRun.txt";
    /** What gatling-maven-plugin 4.x writes before a run's failure in lastRun.txt. */
    static final String ERROR_LINE = "ExecutionError: ";
    /** ... and what it writes there for broken assertions, which are no crash. */
    static final String ASSERTIONS = "Gatling simulation assertions failed!";

    private GatlingCrashes() {}

    /** In Maven's JVM (exec:java): a crash is the build's error, its lines printed above. */
    public static void main(String[] args) throws IOException {
        Path target = Path.of(args.length > 0 ? args[0] : "target");
        List<String> crashes = crashes(target.resolve("gatling"), since(target));
        crashes.forEach(System.err::println);
        if (!crashes.isEmpty()) {
            throw new BuildStop(crashes.size() == 1 ? crashes.get(0) : "Gatling crashed (listed above)");
        }
    }

    /** One line per wire whose Gatling run of this build (lastRun.txt newer than {@code since}) crashed. */
    static List<String> crashes(Path gatling, FileTime since) throws IOException {
        List<String> lines = new ArrayList<>();
        for (Wire wire : Wire.values()) {
            Path lastRun = gatling.resolve(wire.id).resolve(LAST_RUN);
            if (!Files.isRegularFile(lastRun)
                    || Files.getLastModifiedTime(lastRun).compareTo(since) < 0) {
                continue;
            }
            Optional<String> error = Files.readAllLines(lastRun).stream()
                    .filter(l -> l.startsWith(ERROR_LINE))
                    .map(l -> l.substring(ERROR_LINE.length()))
                    .filter(l -> !l.equals(ASSERTIONS))
                    .findFirst();
            if (error.isEmpty()) {
                continue;
            }
            Path copy = gatling.resolve(wire.id).resolve(ErrorCopy.FILE);
            Optional<String> cause = Files.isRegularFile(copy) ? crashCause(Files.readAllLines(copy)) : error;
            cause.ifPresent(c -> lines.add("loadlab: Gatling crashed on " + wire.id + ": " + c
                    + " (Gatling's output above has the whole trace)"));
        }
        return lines;
    }

    /**
     * The root cause of a crash Gatling logged ("Run crashed"): the last "Caused by:" of its trace, else the trace's
     * first line. Empty where Gatling logged no crash: a simulation that stopped itself in one line (a target that
     * went silent after the build's check, as in the fault drill's kill) leaves its verdict to the report and the gate.
     */
    static Optional<String> crashCause(List<String> errors) {
        int crashed = -1;
        for (int i = 0; i < errors.size(); i++) {
            if (errors.get(i).contains("Run crashed")) {
                crashed = i;
            }
        }
        if (crashed < 0) {
            return Optional.empty();
        }
        String crashLine = errors.get(crashed).strip();
        List<String> trace = errors.subList(crashed + 1, errors.size());
        return trace.stream()
                .filter(l -> l.startsWith("Caused by: "))
                .reduce((a, b) -> b)
                .map(l -> l.substring("Caused by: ".length()))
                .or(() -> trace.stream().findFirst().map(String::strip))
                .or(() -> Optional.of(crashLine));
    }

    /** When this build's target came up: older lastRun.txt files are earlier builds'. */
    private static FileTime since(Path target) throws IOException {
        Path file = target.resolve("loadlab").resolve("target.properties");
        return Files.isRegularFile(file) ? Files.getLastModifiedTime(file) : FileTime.fromMillis(0);
    }
}
