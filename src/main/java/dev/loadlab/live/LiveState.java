package dev.loadlab.live;

import dev.loadlab.report.read.PlannedRuns;
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
 * took; each running row's last second and totals ({@link FeedReader}); each {@code :stop} as it fired ({@link
 * Stops}); and the gate's verdict once this build's gate has written it.
 */
final class LiveState {
    /** The gate's JUnit file, beside target/loadlab (dev.loadlab.report.GateMain writes it). */
    static final String GATE_FILE = "../gate-reports/TEST-loadlab-gate.xml";

    private static final long CLOCK_SLACK_MS = 1000;
    private static final Pattern TESTS =
            Pattern.compile("<testsuite[^>]*\\btests=\"(\\d+)\"[^>]*\\bfailures=\"(\\d+)\"");

    record Run(String tool, String wire, String run, String experiment, String state, long startedAt, long seconds) {}

    record Second(long at, long requests, long errors, long p95Ms) {}

    record Row(
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

    record Stop(long at, String row, String text) {}

    record Gate(boolean passed, long checks, long failed) {}

    record View(
            long at,
            List<Run> runs,
            long done,
            long running,
            long left,
            Long secondsLeft,
            long untimed,
            List<Row> rows,
            List<Stop> stops,
            Gate gate) {}

    private final Path dir;
    private final FeedReader feeds;
    private final long since;

    /** @param since the page's start: a gate file older than it is an earlier build's */
    LiveState(Path loadlabDir, long since) {
        this.dir = loadlabDir;
        this.feeds = new FeedReader(loadlabDir);
        this.since = since;
    }

    List<FeedReader.Row> rows() {
        return feeds.read();
    }

    View now() throws IOException {
        long now = System.currentTimeMillis();
        Gate gate = gate();
        List<Run> runs = runs(gate != null);
        long secondsLeft = 0;
        long untimed = 0;
        for (Run r : runs) {
            if (r.state().equals("left") || r.state().equals("running")) {
                if (r.seconds() < 0) {
                    untimed++;
                } else {
                    long ran = r.state().equals("running") ? (now - r.startedAt()) / 1000 : 0;
                    secondsLeft += Math.max(0, r.seconds() - ran);
                }
            }
        }
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
                untimed == runs.stream().filter(r -> !r.state().equals("done")).count() && untimed > 0
                        ? null
                        : secondsLeft,
                untimed,
                rows,
                stops,
                gate);
    }

    private List<Run> runs(boolean ended) throws IOException {
        Map<String, Long> started = PlannedRuns.started(dir.resolve(PlannedRuns.PROGRESS_FILE));
        long lastStart =
                started.values().stream().mapToLong(Long::longValue).max().orElse(-1);
        List<Run> out = new ArrayList<>();
        // the wire check's left-out wires are out of the plan, as in the progress lines and the gate's
        for (PlannedRuns.Run p :
                PlannedRuns.onSpokenWires(dir).stream().map(Map.Entry::getKey).toList()) {
            Long at = started.get(p.tool() + "\t" + p.wire() + "\t" + p.run());
            String state = at == null ? (ended ? "not run" : "left") : (at == lastStart && !ended ? "running" : "done");
            out.add(new Run(p.tool(), p.wire(), p.run(), p.experiment(), state, at == null ? -1 : at, p.seconds()));
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
