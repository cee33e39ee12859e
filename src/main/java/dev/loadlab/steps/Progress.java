package dev.loadlab.steps;

import dev.loadlab.report.read.PlannedRuns;
import dev.loadlab.settings.Wire;
import dev.loadlab.shared.JmeterRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One line at the start of each run of the build, between the tools' own output: which experiment, tool and wire
 * starts, how many of the build's runs are done, and the time left as the plan has it ({@link BuildPlan}). Each start
 * is appended to {@code target/loadlab/progress.tsv}, which the report keeps with the run, so that the next build at
 * this scale knows how long each run takes. A courtesy: nothing here may fail a run.
 */
public final class Progress {
    static final String FILE = "progress.tsv";

    record Start(long epochMs, String tool, String wire, String run) {
        String key() {
            return PlannedRuns.key(tool, wire, run);
        }
    }

    private Progress() {}

    /** Gatling's side: a simulation of the build starts (its JVM has loadlab.resolved and loadlab.wire). */
    public static void gatlingStarting(String simulation) {
        String settings = System.getProperty(dev.loadlab.settings.Settings.FILE_PROPERTY);
        String wire = System.getProperty("loadlab.wire");
        if (settings != null && wire != null) {
            starting(Path.of(settings).toAbsolutePath().getParent(), "gatling", wire, simulation);
        }
    }

    /**
     * JMeter's side, from its start-up script (jsr223.init.file): the plan is the one on JMeter's command line (-t),
     * the wire the one its run's properties name. Nothing in the GUI (no -n) or on an engine (no plan to run).
     */
    public static void jmeterStarting(Properties props) {
        String command = System.getProperty("sun.java.command", "");
        Optional<String> plan = command.contains(" -n") ? JmeterRun.planOf(command) : Optional.empty();
        String dir = props.getProperty(JmeterRun.DIR_PROPERTY);
        String wire = props.getProperty("wire");
        if (plan.isPresent() && dir != null && wire != null) {
            starting(Path.of(dir), "jmeter", wire, plan.get());
        }
    }

    static void starting(Path dir, String tool, String wire, String run) {
        try {
            Path planFile = dir.resolve(BuildPlan.FILE);
            Optional<List<PlannedRuns.Run>> plan = BuildPlan.read(planFile);
            if (plan.isEmpty()) {
                return; // not a run of the build
            }
            String scale = BuildPlan.scale(planFile);
            Path log = dir.resolve(FILE);
            if (!Files.exists(log)) {
                Files.writeString(log, BuildPlan.SCALE_HEADER + scale + "\n", StandardCharsets.UTF_8);
            }
            Start now = new Start(System.currentTimeMillis(), tool, wire, run);
            Files.writeString(
                    log, now.epochMs() + "\t" + now.key() + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
            Set<String> leftOut =
                    Wire.leftOut(dir).keySet().stream().map(w -> w.id).collect(Collectors.toSet());
            System.out.println(line(plan.get(), starts(log), leftOut, scale));
            System.out.flush();
        } catch (IOException | RuntimeException e) {
            System.out.println("[loadlab] progress: not known (" + e + ")");
        }
    }

    /** The runs started so far, in order. */
    static List<Start> starts(Path log) throws IOException {
        List<Start> out = new ArrayList<>();
        for (String l : Files.readAllLines(log)) {
            String[] f = l.split("\t", -1);
            if (!l.startsWith("#") && f.length == 4) {
                out.add(new Start(Long.parseLong(f[0]), f[1], f[2], f[3]));
            }
        }
        return out;
    }

    /** The line for the last of {@code started}: the runs of wires the target did not speak are out of the plan. */
    static String line(List<PlannedRuns.Run> plan, List<Start> started, Set<String> leftOutWires, String scale) {
        Start now = started.get(started.size() - 1);
        List<PlannedRuns.Run> planned =
                plan.stream().filter(e -> !leftOutWires.contains(e.wire())).toList();
        String experiment = planned.stream()
                .filter(e -> PlannedRuns.key(e).equals(now.key()))
                .map(PlannedRuns.Run::experiment)
                .findFirst()
                .orElse("?");
        Map<String, Long> begun = new LinkedHashMap<>();
        started.forEach(s -> begun.putIfAbsent(s.key(), s.epochMs()));
        PlannedRuns.TimeLeft ahead = PlannedRuns.timeLeft(planned, begun, now.epochMs(), false);
        String wire = Wire.ofId(now.wire()).map(w -> w.label).orElse(now.wire());
        boolean anyTimed = planned.stream().anyMatch(e -> e.seconds() >= 0);
        String left = !ahead.known()
                ? "time left not known: "
                        + (anyTimed
                                ? "the last " + scale + " build did not time the runs ahead"
                                : "no earlier " + scale + " build kept its progress")
                : "about " + duration(ahead.seconds()) + " left as the last " + scale + " build took"
                        + (ahead.untimed() == 0
                                ? ""
                                : " (and " + ahead.untimed() + (ahead.untimed() == 1 ? " run" : " runs")
                                        + " it did not time)");
        return String.format(
                Locale.ROOT,
                "[loadlab] run %d of %d: %s, %s over %s (%s); %d done, %s",
                started.size(),
                Math.max(planned.size(), started.size()),
                experiment,
                now.tool(),
                wire,
                now.run(),
                started.size() - 1,
                left);
    }

    static String duration(long seconds) {
        if (seconds < 60) {
            return seconds + " s";
        }
        long minutes = (seconds + 30) / 60;
        return minutes < 60 ? minutes + " min" : minutes / 60 + " h " + minutes % 60 + " min";
    }
}
