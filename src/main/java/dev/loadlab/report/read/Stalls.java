package dev.loadlab.report.read;

import dev.loadlab.report.model.RunStalls;
import dev.loadlab.report.model.Stall;
import dev.loadlab.report.model.Timeline;
import dev.loadlab.shared.StallMeter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The build's stall files ({@code target/loadlab/stalls/}: one per load generator's JVM, written by the agent each
 * has, and {@code server-<dir>.tsv} per forked server), read back as how late each JVM woke in a window of time: what
 * a busy machine added to every figure measured in those seconds, which the truth checks allow the tools.
 */
public final class Stalls {
    /** The target's own server (the build's embedded one): {@code server-reference-server.tsv}. */
    public static final String TARGET_SERVER = "server-reference-server";

    /** One JVM's measured seconds: who it was, and each second's lateness counts by bucket and max (µs). */
    record Jvm(String who, List<Second> seconds) {}

    /** One line of a stall file: its epoch second, the second's worst lateness and its lateness counts by bucket. */
    public record Second(long epochSecond, long maxMicros, long[] counts) {}

    private final List<Jvm> jvms;

    Stalls(List<Jvm> jvms) {
        this.jvms = jvms;
    }

    /** Every stall file in {@code dir}; none (and no error) where there is no such folder, e.g. a run from before. */
    public static Stalls read(Path dir) throws IOException {
        List<Jvm> jvms = new ArrayList<>();
        if (Files.isDirectory(dir)) {
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".tsv"))
                        .sorted()
                        .toList()) {
                    jvms.add(parse(
                            f.getFileName().toString().replace(".tsv", ""),
                            Files.readAllLines(f, StandardCharsets.UTF_8)));
                }
            }
        }
        return new Stalls(jvms);
    }

    static Jvm parse(String fileName, List<String> lines) {
        String header = lines.isEmpty() || !lines.get(0).startsWith("# ")
                ? ""
                : lines.get(0).substring(2);
        String who = who(fileName, header);
        List<Second> seconds = new ArrayList<>();
        lines.forEach(line -> second(line).ifPresent(seconds::add));
        return new Jvm(who, seconds);
    }

    /**
     * A line of a stall file as {@link StallMeter} writes it (epoch second, max µs, {@code bucket:count} pairs), for the
     * report and the live page alike; empty for the header or a line of other fields. A number that does not parse
     * throws NumberFormatException.
     */
    public static Optional<Second> second(String line) {
        String[] parts = line.split("\t", -1);
        if (line.startsWith("#") || parts.length != 3) {
            return Optional.empty();
        }
        long[] counts = new long[StallMeter.BUCKETS];
        for (String pair : parts[2].isBlank() ? new String[0] : parts[2].split(" ")) {
            int colon = pair.indexOf(':');
            counts[Integer.parseInt(pair.substring(0, colon))] += Long.parseLong(pair.substring(colon + 1));
        }
        return Optional.of(new Second(Long.parseLong(parts[0]), Long.parseLong(parts[1]), counts));
    }

    /**
     * Who a stall file measured, by its name without .tsv and its first line's text: a server's file by its name
     * ({@link #TARGET_SERVER}), else the load generator by what it ran ({@link #toolOf}).
     */
    public static String who(String fileName, String header) {
        return fileName.startsWith("server-") ? fileName : toolOf(header);
    }

    /**
     * The load generator a JVM was, by what it ran (its header: the main class or jar, then its arguments): "jmeter"
     * (ApacheJMeter.jar, JMeter's NewDriver), "gatling" (io.gatling's main, which the Maven plugin starts through a
     * booter jar of its own), else "other" (the build's own steps).
     */
    static String toolOf(String header) {
        String[] words = header.toLowerCase(Locale.ROOT).split(" ", 3);
        String main = words[0].substring(words[0].lastIndexOf('/') + 1);
        if (main.contains("jmeter")) {
            return "jmeter";
        }
        boolean gatling = main.startsWith("io.gatling")
                || (main.startsWith("gatlingbooter") && words.length > 1 && words[1].startsWith("io.gatling"));
        return gatling ? "gatling" : "other";
    }

    /** Each run's stalls over its timeline's window: in the tool's JVMs, and in the target's server. */
    public List<RunStalls> ofRuns(List<Timeline> timelines) {
        List<RunStalls> runs = new ArrayList<>();
        for (Timeline t : timelines) {
            Optional<Stall> tool = of(t.tool(), t.startEpochMs(), t.endEpochMs());
            Optional<Stall> server = of(TARGET_SERVER, t.startEpochMs(), t.endEpochMs());
            if (tool.isPresent() || server.isPresent()) {
                runs.add(new RunStalls(t.tool(), t.protocol(), t.run(), tool.orElse(null), server.orElse(null)));
            }
        }
        return runs;
    }

    /**
     * How late the JVMs of {@code who} ("gatling", "jmeter", a server's file name) woke in the seconds from
     * {@code fromMs} to {@code toMs} (epoch ms; each second that overlaps counts): percentiles by nearest rank over
     * every wake-up, at the buckets' resolution (0.1 ms to 10 ms, 1 ms to 110 ms), never above the max. Empty where
     * no such JVM measured those seconds.
     */
    public Optional<Stall> of(String who, long fromMs, long toMs) {
        long[] counts = new long[StallMeter.BUCKETS];
        long max = 0;
        int seconds = 0;
        for (Jvm jvm : jvms) {
            if (!jvm.who().equals(who)) {
                continue;
            }
            for (Second s : jvm.seconds()) {
                if (s.epochSecond() * 1000 + 999 < fromMs || s.epochSecond() * 1000 > toMs) {
                    continue;
                }
                seconds++;
                max = Math.max(max, s.maxMicros());
                for (int b = 0; b < counts.length; b++) {
                    counts[b] += s.counts()[b];
                }
            }
        }
        if (seconds == 0) {
            return Optional.empty();
        }
        return Optional.of(
                new Stall(ms(percentile(counts, 50, max)), ms(percentile(counts, 99, max)), ms(max), seconds));
    }

    private static long percentile(long[] counts, double p, long max) {
        long total = 0;
        for (long c : counts) {
            total += c;
        }
        long rank = Math.max(1, (long) Math.ceil(total * p / 100));
        long seen = 0;
        for (int b = 0; b < counts.length; b++) {
            seen += counts[b];
            if (seen >= rank) {
                return Math.min(max, StallMeter.upperMicros(b));
            }
        }
        return max;
    }

    private static double ms(long micros) {
        return Math.round(micros / 100.0) / 10.0;
    }
}
