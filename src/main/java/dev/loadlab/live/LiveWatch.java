package dev.loadlab.live;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One run's samples as its tool writes them, by row, judged against the {@code :stop} limits every
 * {@link #JUDGE_MS}: at the first crossing the stop is recorded ({@link Stops}), said in one line, and the tool is
 * told to stop as its own "stop" does (the samples under way end, the results and the tool's report are written).
 * Rows are keyed as the gate matches them: {@code <tool> <wire> <run> / <label> <experiment>}.
 */
final class LiveWatch {
    static final long JUDGE_MS = 250;

    private final StopLimits limits;
    private final String runKey;
    private final String experiment;
    private final String totalLabel;
    private final Path stopsFile;
    private final Runnable stopTool;
    private final Map<String, LiveRow> rows = new LinkedHashMap<>();
    private final LiveRow total = new LiveRow();
    private long firstSampleEpochMs = -1;
    private long judgedAt;
    private boolean stopped;

    /** @param runKey {@code <tool> <wire> <run>}, as the report's rows begin */
    LiveWatch(
            StopLimits limits, String runKey, String experiment, String totalLabel, Path stopsFile, Runnable stopTool) {
        this.limits = limits;
        this.runKey = runKey;
        this.experiment = experiment;
        this.totalLabel = totalLabel;
        this.stopsFile = stopsFile;
        this.stopTool = stopTool;
    }

    /** One sample; judges the rows when {@link #JUDGE_MS} passed since the last time. Gatling's threads call it. */
    synchronized void sample(long startEpochMs, String label, long elapsedMs, boolean ok) {
        if (stopped) {
            return;
        }
        if (firstSampleEpochMs < 0) {
            firstSampleEpochMs = startEpochMs;
        }
        rows.computeIfAbsent(label, l -> new LiveRow()).add(elapsedMs, ok);
        total.add(elapsedMs, ok);
        long now = System.currentTimeMillis();
        if (now - judgedAt >= JUDGE_MS) {
            judgedAt = now;
            judge(now);
        }
    }

    synchronized boolean stopped() {
        return stopped;
    }

    /** The run ended by itself: nothing after it stops it (its figures are the gate's). */
    synchronized void end() {
        stopped = true;
    }

    private void judge(long now) {
        Optional<StopLimits.Crossing> crossing = limits.judge(key(totalLabel), total);
        for (Map.Entry<String, LiveRow> r : rows.entrySet()) {
            if (crossing.isPresent()) {
                break;
            }
            crossing = limits.judge(key(r.getKey()), r.getValue());
        }
        crossing.ifPresent(c -> stop(now, c));
    }

    private String key(String label) {
        return runKey + " / " + label + " " + experiment;
    }

    private void stop(long now, StopLimits.Crossing c) {
        stopped = true;
        System.out.println("[loadlab] stop: " + c.row() + ": " + c.text() + " at " + Instant.ofEpochMilli(now) + ", "
                + (now - firstSampleEpochMs) / 1000
                + " s into the run (a gate.limits entry marked :stop); stopping it");
        System.out.flush();
        try {
            Stops.append(stopsFile, new Stops.Stop(now, firstSampleEpochMs, c));
        } catch (IOException e) {
            System.out.println("[loadlab] stop: could not record it in " + stopsFile + ": " + e);
        }
        stopTool.run();
    }
}
