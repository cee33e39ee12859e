package dev.loadlab.shared;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * How late the JVM it runs in wakes, measured as jHiccup does: a thread sleeps 1 ms again and again and records how
 * much later than asked it woke. A busy machine (a CI runner's other jobs, a CPU hog), a GC pause or a safepoint delays
 * this thread and every other thread of the JVM alike; so a load generator's figures that are late by about this much
 * are the machine's, not the tool's. The report holds a tool to the server's own hold plus the stalls measured here in
 * the same seconds (dev.loadlab.report.read.Stalls).
 *
 * <p>One line per second to a file: {@code <epoch second> TAB <max µs> TAB <bucket>:<count> ...} (the non-empty
 * buckets of that second's lateness, {@link #bucket}), after a first line {@code # <what runs here>}. Each line is
 * flushed, so a JVM killed mid-run leaves every whole second it measured.
 *
 * <p>It stands in the agent's jar beside {@link StopWithBuild}, so it uses the JDK only and has no nested class.
 */
public final class StallMeter {
    /** The sleep asked each time; the lateness is what comes on top of it. */
    static final long SLEEP_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    /** Buckets of 0.1 ms up to 10 ms, then of 1 ms up to 110 ms, then one for all longer (its value: the max). */
    public static final int BUCKETS = 201;

    private StallMeter() {}

    /** Starts measuring on a daemon thread, appending to {@code file}; a file that cannot be written stops nothing. */
    public static void start(Path file, String what) {
        Thread meter = new Thread(() -> measure(file, what), "loadlab-stall-meter");
        meter.setDaemon(true);
        meter.start();
    }

    /** As {@link #start}, into the file {@code file} names; nothing when it names none (empty). */
    public static void startInto(String file, String what) {
        if (!file.isEmpty()) {
            start(Path.of(file), what);
        }
    }

    private static void measure(Path file, String what) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                out.write("# " + what.replaceAll("\\s+", " ") + "\n");
                out.flush();
                long[] counts = new long[BUCKETS];
                long second = System.currentTimeMillis() / 1000;
                long maxMicros = 0;
                while (!Thread.currentThread().isInterrupted()) {
                    long before = System.nanoTime();
                    Thread.sleep(1);
                    long lateMicros = Math.max(0, (System.nanoTime() - before - SLEEP_NANOS) / 1000);
                    long now = System.currentTimeMillis() / 1000;
                    if (now != second) {
                        out.write(line(second, maxMicros, counts));
                        out.flush();
                        java.util.Arrays.fill(counts, 0);
                        maxMicros = 0;
                        second = now;
                    }
                    record(counts, lateMicros);
                    maxMicros = Math.max(maxMicros, lateMicros);
                }
            }
        } catch (IOException | InterruptedException e) {
            // a stall file is evidence for the report, never a reason to disturb the JVM it watches
        }
    }

    /**
     * One wake-up {@code lateMicros} late, and the wake-ups the stall kept from happening (one each 1 ms it lasted, as
     * late as each would have been), as jHiccup records with its expected interval: the counts then weigh each stall
     * by how long it lasted, as the requests that wait through it do, not as one sample among a thousand a second.
     */
    static void record(long[] counts, long lateMicros) {
        long intervalMicros = SLEEP_NANOS / 1000;
        counts[bucket(lateMicros)]++;
        for (long missed = lateMicros - intervalMicros; missed >= intervalMicros; missed -= intervalMicros) {
            counts[bucket(missed)]++;
        }
    }

    static String line(long second, long maxMicros, long[] counts) {
        StringBuilder line = new StringBuilder()
                .append(second)
                .append('\t')
                .append(maxMicros)
                .append('\t');
        String gap = "";
        for (int b = 0; b < counts.length; b++) {
            if (counts[b] > 0) {
                line.append(gap).append(b).append(':').append(counts[b]);
                gap = " ";
            }
        }
        return line.append('\n').toString();
    }

    /** The bucket of a lateness in µs. */
    public static int bucket(long lateMicros) {
        if (lateMicros < 10_000) {
            return (int) (lateMicros / 100);
        }
        return lateMicros < 110_000 ? 100 + (int) ((lateMicros - 10_000) / 1000) : BUCKETS - 1;
    }

    /** The largest lateness in µs a bucket holds (the last one's has no bound: its second's max stands for it). */
    public static long upperMicros(int bucket) {
        if (bucket < 100) {
            return (bucket + 1) * 100L;
        }
        return bucket < BUCKETS - 1 ? 10_000 + (bucket - 99) * 1000L : Long.MAX_VALUE;
    }
}
