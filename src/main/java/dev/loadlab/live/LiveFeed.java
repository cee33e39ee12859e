package dev.loadlab.live;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * One run's figures second by second, written by the tool's own JVM while it loads, for the live page and its
 * {@code /metrics} ({@link LivePage}): {@code target/loadlab/live/<tool>-<wire>-<run>.tsv}, after a first line {@code #
 * tool TAB wire TAB run TAB experiment}, one line per request label and second ({@link Line}). A second is written
 * when a sample of a later one arrives, and the last at the run's end. Nothing here may fail a run.
 */
final class LiveFeed {
    static final String DIR = "live";
    static final String SUFFIX = ".tsv";
    /** The latency histogram's upper bounds in ms, OpenMetrics' {@code le} (the last bucket, +Inf, is the count). */
    static final long[] BOUNDS_MS = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000};

    /** One label's figures of one second: requests ended in it, their errors by kind, times, active users. */
    record Line(
            long epochSecond,
            String label,
            long requests,
            long errors,
            long p50Ms,
            long p95Ms,
            long p99Ms,
            long sumMs,
            long[] buckets,
            Map<String, Long> errorKinds,
            long users) {
        String text() {
            StringBuilder kinds = new StringBuilder();
            errorKinds.forEach((k, n) -> kinds.append(kinds.isEmpty() ? "" : "\u001f")
                    .append(k)
                    .append('=')
                    .append(n));
            StringBuilder b = new StringBuilder();
            for (long n : buckets) {
                b.append(b.isEmpty() ? "" : ",").append(n);
            }
            return epochSecond + "\t" + clean(label) + "\t" + requests + "\t" + errors + "\t" + p50Ms + "\t" + p95Ms
                    + "\t" + p99Ms + "\t" + sumMs + "\t" + b + "\t" + kinds + "\t" + users + "\n";
        }

        static Line parse(String text) {
            String[] f = text.split("\t", -1);
            String[] b = f[8].split(",");
            long[] buckets = new long[BOUNDS_MS.length];
            for (int i = 0; i < buckets.length && i < b.length; i++) {
                buckets[i] = Long.parseLong(b[i]);
            }
            Map<String, Long> kinds = new TreeMap<>();
            for (String kv : f[9].isEmpty() ? new String[0] : f[9].split("\u001f")) {
                int eq = kv.lastIndexOf('=');
                kinds.put(kv.substring(0, eq), Long.parseLong(kv.substring(eq + 1)));
            }
            return new Line(
                    Long.parseLong(f[0]),
                    f[1],
                    Long.parseLong(f[2]),
                    Long.parseLong(f[3]),
                    Long.parseLong(f[4]),
                    Long.parseLong(f[5]),
                    Long.parseLong(f[6]),
                    Long.parseLong(f[7]),
                    buckets,
                    kinds,
                    Long.parseLong(f[10]));
        }

        private static String clean(String label) {
            return label.replace('\t', ' ').replace('\n', ' ');
        }
    }

    /** One label's second so far. */
    private static final class Second {
        final LiveRow times = new LiveRow();
        final long[] buckets = new long[BOUNDS_MS.length];
        final Map<String, Long> errorKinds = new TreeMap<>();
        long sumMs;

        void add(long elapsedMs, String errorKind) {
            times.add(elapsedMs, errorKind == null);
            sumMs += elapsedMs;
            for (int i = 0; i < BOUNDS_MS.length; i++) {
                if (elapsedMs <= BOUNDS_MS[i]) {
                    buckets[i]++;
                }
            }
            if (errorKind != null) {
                errorKinds.merge(errorKind, 1L, Long::sum);
            }
        }
    }

    private final Writer out;
    private final Map<String, Second> labels = new LinkedHashMap<>();
    private long second = -1;
    private long users;
    private boolean broken;

    private LiveFeed(Writer out) {
        this.out = out;
    }

    /** The feed file of a run: its tool, wire id and name. */
    static Path file(Path loadlabDir, String tool, String wire, String run) {
        return loadlabDir
                .resolve(DIR)
                .resolve(tool + "-" + wire + "-" + run.replaceAll("[^A-Za-z0-9._-]", "_") + SUFFIX);
    }

    /** A new feed (an earlier build's file of the same run is replaced); null, said in one line, where none can be. */
    static LiveFeed open(Path file, String tool, String wireLabel, String run, String experiment) {
        try {
            Files.createDirectories(file.getParent());
            Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
            out.write("# " + tool + "\t" + wireLabel + "\t" + run + "\t" + experiment + "\n");
            out.flush();
            return new LiveFeed(out);
        } catch (IOException e) {
            System.out.println("[loadlab] live page: no figures of " + run + " (" + e + ")");
            return null;
        }
    }

    /** A sample that ended at {@code endEpochMs}; errorKind null for a success. From any of the tool's threads. */
    synchronized void sample(long endEpochMs, String label, long elapsedMs, String errorKind) {
        long s = endEpochMs / 1000;
        if (s > second) {
            write();
            second = s;
        }
        labels.computeIfAbsent(label, l -> new Second()).add(elapsedMs, errorKind);
    }

    /** How many users (Gatling) or threads (JMeter) are active now. */
    synchronized void users(long active) {
        users = active;
    }

    /** The run ended: its last second is written and the file closed. */
    synchronized void end() {
        write();
        try {
            out.close();
        } catch (IOException e) {
            broken = true;
        }
    }

    private void write() {
        if (labels.isEmpty() || broken) {
            return;
        }
        try {
            for (Map.Entry<String, Second> e : labels.entrySet()) {
                Second s = e.getValue();
                out.write(new Line(
                                second,
                                e.getKey(),
                                s.times.samples(),
                                s.times.errors(),
                                s.times.percentile(50),
                                s.times.percentile(95),
                                s.times.percentile(99),
                                s.sumMs,
                                s.buckets,
                                s.errorKinds,
                                users)
                        .text());
            }
            out.flush();
        } catch (IOException e) {
            broken = true; // the page misses this run's figures; the run goes on
            System.out.println("[loadlab] live page: figures no longer written (" + e + ")");
        }
        labels.clear();
    }
}
