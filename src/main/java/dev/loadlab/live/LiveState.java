package dev.loadlab.live;

import dev.loadlab.report.read.PlannedRuns;
import dev.loadlab.settings.Wire;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the live page shows at one moment, read from the build's files each time: every planned run (build-plan.tsv)
 * done, running or left by when each started (progress.tsv), with the time left as the last kept build at this scale
 * took; each running row's last second and totals ({@link FeedReader}); the machine's stalls ({@link StallFeed}); each
 * {@code :stop} as it fired ({@link Stops}); and the gate's verdict once this build's gate has written it. The report
 * reads the same once the load has ended ({@link #whole}), every second kept, for its copy of the timeline.
 */
public final class LiveState {
    /** The gate's JUnit file, beside target/loadlab (dev.loadlab.report.GateMain writes it). */
    static final String GATE_FILE = "../gate-reports/TEST-loadlab-gate.xml";

    private static final long CLOCK_SLACK_MS = 1000;
    private static final Pattern TESTS =
            Pattern.compile("<testsuite[^>]*\\btests=\"(\\d+)\"[^>]*\\bfailures=\"(\\d+)\"");

    public record Run(
            String tool, String wire, String run, String experiment, String state, long startedAt, long seconds) {}

    public record Second(long at, long requests, long errors, long p95Ms) {}

    public record Row(
            String tool,
            String wire,
            String run,
            String experiment,
            String request,
            long rps,
            long p50Ms,
            long p95Ms,
            long p99Ms,
            Map<String, Long> errorsThisSecond,
            long users,
            long requests,
            long errors,
            Map<String, Long> errorKinds,
            List<Second> history) {}

    public record Stop(long at, String row, String text) {}

    /** A kind of JVM's stalls: its last second's and its worst lateness in ms, and each second's worst. */
    public record Stall(String who, double lastMs, double maxMs, List<StallSecond> history) {}

    public record StallSecond(long at, double maxMs) {}

    public record Gate(boolean passed, long checks, long failed) {}

    public record View(
            long at,
            List<Run> runs,
            long done,
            long running,
            long left,
            Long secondsLeft,
            long untimed,
            List<Row> rows,
            List<Stall> stalls,
            List<Stop> stops,
            Gate gate) {}

    private final Path dir;
    private final FeedReader feeds;
    private final StallFeed stalls;
    private final long since;

    /**
     * @param since the page's start: a gate file older than it is an earlier build's
     * @param historySeconds how many of their last seconds the rows and the stalls keep
     */
    LiveState(Path loadlabDir, long since, int historySeconds) {
        this.dir = loadlabDir;
        this.feeds = new FeedReader(loadlabDir, historySeconds);
        this.stalls = new StallFeed(loadlabDir.resolve("stalls"), historySeconds);
        this.since = since;
    }

    /** The page's: each row's last {@link FeedReader#HISTORY_SECONDS} seconds. */
    static LiveState page(Path loadlabDir) {
        return new LiveState(loadlabDir, System.currentTimeMillis(), FeedReader.HISTORY_SECONDS);
    }

    /**
     * The build's whole timeline once its load has ended, every second of it, as the report keeps it: every run
     * started is done, and the verdict is the report's own (none here).
     */
    public static View whole(Path loadlabDir) throws IOException {
        return new LiveState(loadlabDir, Long.MAX_VALUE, Integer.MAX_VALUE).view(true);
    }

    List<FeedReader.Row> rows() {
        return feeds.read();
    }

    View now() throws IOException {
        return view(false);
    }

    private View view(boolean loadEnded) throws IOException {
        long now = System.currentTimeMillis();
        Gate gate = gate();
        boolean ended = loadEnded || gate != null;
        List<Map.Entry<PlannedRuns.Run, Wire>> spoken = PlannedRuns.onSpokenWires(dir);
        List<PlannedRuns.Run> planned = spoken.stream().map(Map.Entry::getKey).toList();
        Map<String, Long> started = PlannedRuns.started(dir.resolve(PlannedRuns.PROGRESS_FILE));
        List<Run> runs = runs(spoken, started, ended);
        PlannedRuns.TimeLeft left = PlannedRuns.timeLeft(planned, started, now, ended);
        List<Row> rows = new ArrayList<>();
        for (FeedReader.Row r : rows()) {
            rows.add(row(r));
        }
        List<Stop> stops = new ArrayList<>();
        for (Stops.Stop s : Stops.read(dir.resolve(Stops.FILE))) {
            stops.add(new Stop(s.atEpochMs(), s.crossing().row(), s.crossing().text()));
        }
        return new View(
                now,
                runs,
                count(runs, "done"),
                count(runs, "running"),
                count(runs, "left"),
                left.known() ? left.seconds() : null,
                left.untimed(),
                rows,
                stalls.read().stream().map(LiveState::stall).toList(),
                stops,
                gate);
    }

    private static Stall stall(StallFeed.Jvm jvm) {
        List<StallSecond> history = new ArrayList<>();
        jvm.maxMsBySecond().forEach((at, ms) -> history.add(new StallSecond(at, ms)));
        double worst = history.stream().mapToDouble(StallSecond::maxMs).max().orElse(0);
        return new Stall(
                jvm.who(),
                history.isEmpty() ? 0 : history.get(history.size() - 1).maxMs(),
                worst,
                history);
    }

    /**
     * The plan's runs on the wires the target spoke (as the progress lines and the gate take them), each's state, its
     * wire named as the rows name it.
     */
    private static List<Run> runs(
            List<Map.Entry<PlannedRuns.Run, Wire>> planned, Map<String, Long> started, boolean ended) {
        long lastStart = PlannedRuns.runningSince(started);
        List<Run> out = new ArrayList<>();
        for (Map.Entry<PlannedRuns.Run, Wire> e : planned) {
            PlannedRuns.Run p = e.getKey();
            Long at = started.get(PlannedRuns.key(p));
            String state = at == null ? (ended ? "not run" : "left") : (at == lastStart && !ended ? "running" : "done");
            out.add(new Run(
                    p.tool(), e.getValue().label, p.run(), p.experiment(), state, at == null ? -1 : at, p.seconds()));
        }
        return out;
    }

    private static long count(List<Run> runs, String state) {
        return runs.stream().filter(r -> r.state().equals(state)).count();
    }

    private static Row row(FeedReader.Row r) {
        LiveFeed.Line last = r.last();
        List<Second> history = new ArrayList<>();
        r.history.forEach(l -> history.add(new Second(l.epochSecond(), l.requests(), l.errors(), l.p95Ms())));
        return new Row(
                r.key.tool(),
                r.key.wire(),
                r.key.run(),
                r.key.experiment(),
                r.key.request(),
                last.requests(),
                last.p50Ms(),
                last.p95Ms(),
                last.p99Ms(),
                new LinkedHashMap<>(last.errorKinds()),
                r.users,
                r.requests,
                r.errors,
                new LinkedHashMap<>(r.errorKinds),
                history);
    }

    /** This build's verdict, once its gate wrote it; null before. */
    private Gate gate() throws IOException {
        Path file = dir.resolve(GATE_FILE).normalize();
        // a file's time is the kernel's coarse clock, a tick behind this JVM's: an earlier build's is minutes older
        if (!Files.isRegularFile(file) || Files.getLastModifiedTime(file).toMillis() < since - CLOCK_SLACK_MS) {
            return null;
        }
        Matcher m = TESTS.matcher(Files.readString(file, StandardCharsets.UTF_8));
        if (!m.find()) {
            return null; // being written
        }
        long failed = Long.parseLong(m.group(2));
        return new Gate(failed == 0, Long.parseLong(m.group(1)), failed);
    }
}
