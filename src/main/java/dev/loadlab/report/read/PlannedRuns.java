package dev.loadlab.report.read;

import dev.loadlab.settings.PropertyFile;
import dev.loadlab.settings.Wire;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The runs the build's first step planned, as it wrote them in {@code target/loadlab/build-plan.tsv}
 * (dev.loadlab.steps.BuildPlan: tool, wire, run, experiment, seconds; a comment line of its scale): the one reader
 * of that file on the report's side, for the rows' labels and the gate's check that every planned run sent something.
 */
public final class PlannedRuns {
    /** The plan, in target/loadlab. */
    public static final String FILE = "build-plan.tsv";
    /** When each run started (dev.loadlab.steps.Progress), in target/loadlab. */
    public static final String PROGRESS_FILE = "progress.tsv";

    private PlannedRuns() {}

    /**
     * One planned run: its tool, wire id, name (simulation or plan), experiment ("?" for a plan of none), and the
     * seconds it took in the last kept build at this scale (-1: not timed).
     */
    public record Run(String tool, String wire, String run, String experiment, long seconds) {
        /** Its line in the plan, as {@link #read} reads it back (dev.loadlab.steps.BuildPlan writes it). */
        public String line() {
            return key(this) + "\t" + experiment + "\t" + seconds;
        }
    }

    /**
     * What is left of a plan: the seconds the last kept build took for the runs not done yet (the one running less what
     * it has run so far), how many of those it did not time, and how many are not done.
     */
    public record TimeLeft(long seconds, long untimed, long notDone) {
        /** False where every run not done is untimed: no figure can be given. */
        public boolean known() {
            return notDone == 0 || untimed < notDone;
        }
    }

    /**
     * The time left of {@code planned} at {@code nowMs}, with the runs {@code started} so far (epoch ms by "tool TAB
     * wire TAB run", as {@link #started} reads them): the last started is running, the others are done; nothing is
     * left once {@code ended}. The one definition both the progress lines and the live page give.
     */
    public static TimeLeft timeLeft(List<Run> planned, Map<String, Long> started, long nowMs, boolean ended) {
        if (ended) {
            return new TimeLeft(0, 0, 0);
        }
        long lastStart = runningSince(started);
        long seconds = 0;
        long untimed = 0;
        long notDone = 0;
        for (Run r : planned) {
            Long at = started.get(key(r));
            boolean running = at != null && at == lastStart;
            if (at != null && !running) {
                continue;
            }
            notDone++;
            if (r.seconds() < 0) {
                untimed++;
            } else {
                seconds += Math.max(0, r.seconds() - (running ? (nowMs - at) / 1000 : 0));
            }
        }
        return new TimeLeft(seconds, untimed, notDone);
    }

    /** When the run going on started: the last start of {@code started} (-1 before the first); it is running. */
    public static long runningSince(Map<String, Long> started) {
        return started.values().stream().mapToLong(Long::longValue).max().orElse(-1);
    }

    /** A run's key in {@link #started}'s map. */
    public static String key(Run r) {
        return key(r.tool(), r.wire(), r.run());
    }

    /** The same key from its parts: a run's start in progress.tsv, a run being planned. */
    public static String key(String tool, String wire, String run) {
        return tool + "\t" + wire + "\t" + run;
    }

    /** The file's runs, in its order; none when there is no such file (a merge of injectors' logs, an older build). */
    public static List<Run> read(Path planFile) throws IOException {
        List<Run> out = new ArrayList<>();
        if (Files.isRegularFile(planFile)) {
            for (String line : Files.readAllLines(planFile, StandardCharsets.UTF_8)) {
                String[] f = line.split("\t", -1);
                if (!line.startsWith("#") && f.length >= 4) {
                    out.add(new Run(f[0], f[1], f[2], f[3], f.length > 4 ? Long.parseLong(f[4]) : -1));
                }
            }
        }
        return out;
    }

    /** When each run of the build started so far (epoch ms), by "tool TAB wire TAB run"; none before the first. */
    public static Map<String, Long> started(Path progressFile) throws IOException {
        Map<String, Long> out = new java.util.LinkedHashMap<>();
        if (Files.isRegularFile(progressFile)) {
            for (String line : Files.readAllLines(progressFile, StandardCharsets.UTF_8)) {
                String[] f = line.split("\t", -1);
                if (!line.startsWith("#") && f.length == 4) {
                    out.putIfAbsent(f[1] + "\t" + f[2] + "\t" + f[3], Long.parseLong(f[0]));
                }
            }
        }
        return out;
    }

    /**
     * The runs of {@code loadlabDir}'s plan on a wire the target spoke, each with its wire: the wire check
     * ({@link Wire#CHECK_FILE}) left out the others, and says so in the gate's notes.
     */
    public static List<Map.Entry<Run, Wire>> onSpokenWires(Path loadlabDir) throws IOException {
        Properties leftOut = PropertyFile.read(loadlabDir.resolve(Wire.CHECK_FILE));
        List<Map.Entry<Run, Wire>> out = new ArrayList<>();
        for (Run run : read(loadlabDir.resolve(FILE))) {
            Wire.ofId(run.wire())
                    .filter(w -> !Boolean.parseBoolean(leftOut.getProperty(w.skipFlag(run.tool()), "false")))
                    .ifPresent(w -> out.add(Map.entry(run, w)));
        }
        return out;
    }
}
