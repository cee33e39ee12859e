package dev.loadlab.bench.overload;

import dev.loadlab.server.ServerSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The driver behind {@code bench/server-overload.sh}: runs each overload scenario against a reference server
 * started apart (its limits given to this JVM too as {@code -Dserver.*}), then stops the load and measures how
 * the server came back, and prints one table. Per scenario: what the clients got by kind, the server's heap
 * before, at its peak (used, and live after a collection) and after (live, after a full collection once the
 * load is gone), and the milliseconds from the end of the load until a plain GET /users/getAllUsers on a fresh
 * connection was answered 200 and until the server had let go of every connection of the load.
 */
public final class OverloadBench {
    static final String PROBE = "/users/getAllUsers";
    private static final long GIVE_UP_MS = 60_000;
    /** Long enough for a never-read client to take a few MiB already in the kernels' buffers on loopback. */
    private static final long SETTLE_MS = 2_000;

    private record Row(
            String scenario,
            String clients,
            Tally tally,
            long beforeMib,
            long peakMib,
            long peakLiveMib,
            long afterMib,
            long openAtEnd,
            long recoveryMs,
            long drainedMs) {}

    private OverloadBench() {}

    public static void main(String[] args) throws Exception {
        BenchArgs bench;
        ServerSettings server;
        try {
            bench = new BenchArgs(args);
            server = ServerSettings.fromSystem();
        } catch (IllegalArgumentException e) { // SettingError is one
            System.err.println("server-overload: " + e.getMessage());
            System.exit(2);
            return;
        }
        Scenarios scenarios = new Scenarios(bench, server);
        List<Row> rows = new ArrayList<>();
        try (ServerWatch watch = new ServerWatch(bench.url(), bench.number("serverPid"))) {
            for (String name : bench.scenarios()) {
                Row row = run(scenarios.named(name), bench, watch);
                rows.add(row);
                System.out.printf(
                        Locale.ROOT,
                        "%s: %s; peak heap %d MiB (live %d), after %d MiB; %d connections held at the end; 200 again"
                                + " after %d ms, connections gone after %d ms%n",
                        row.scenario,
                        row.tally,
                        row.peakMib,
                        row.peakLiveMib,
                        row.afterMib,
                        row.openAtEnd,
                        row.recoveryMs,
                        row.drainedMs);
            }
        }
        print(rows);
        boolean recovered = rows.stream().allMatch(r -> r.recoveryMs >= 0 && r.drainedMs >= 0);
        System.exit(recovered ? 0 : 1);
    }

    private static Row run(Scenarios.Scenario scenario, BenchArgs bench, ServerWatch watch) throws Exception {
        long before = watch.liveAfterGcMib();
        watch.resetPeaks();
        Tally tally = new Tally();
        long stopped;
        long openAtEnd;
        try (LoadLoop loop = new LoadLoop(bench.url())) {
            scenario.start(loop, tally);
            loop.runFor(scenario.windowMs());
            openAtEnd = watch.openConnections() - 1; // what the server still held of the load, before it settles
            loop.settle(SETTLE_MS); // only clients that never read take part: nothing new is sent
            loop.endAll(); // every connection of the load closed at once: the load stops here
            stopped = System.nanoTime();
        }
        long recovery = watch.firstOk(PROBE, stopped, GIVE_UP_MS);
        long drained = watch.drained(stopped, GIVE_UP_MS);
        long peak = watch.peakUsedMib();
        long peakLive = watch.peakLiveMib();
        long after = watch.liveAfterGcMib();
        return new Row(
                scenario.name(),
                scenario.clients(),
                tally,
                before,
                peak,
                peakLive,
                after,
                openAtEnd,
                recovery,
                drained);
    }

    private static void print(List<Row> rows) {
        System.out.println();
        System.out.println(
                "| scenario | clients | outcomes by kind | heap before MiB | peak heap MiB (live) | heap after MiB"
                        + " | connections held at the end | 200 again after ms | connections gone after ms |");
        System.out.println("|---|---|---|---:|---:|---:|---:|---:|---:|");
        for (Row r : rows) {
            System.out.printf(
                    Locale.ROOT,
                    "| %s | %s | %s | %d | %d (%d) | %d | %d | %s | %s |%n",
                    r.scenario,
                    r.clients,
                    r.tally,
                    r.beforeMib,
                    r.peakMib,
                    r.peakLiveMib,
                    r.afterMib,
                    r.openAtEnd,
                    r.recoveryMs < 0 ? "not within 60 s" : Long.toString(r.recoveryMs),
                    r.drainedMs < 0 ? "not within 60 s" : Long.toString(r.drainedMs));
        }
    }
}
