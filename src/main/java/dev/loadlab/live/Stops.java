package dev.loadlab.live;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code target/loadlab/stops.tsv}: each run a {@code :stop} limit ended, one line, written by the tool's JVM as it
 * stops the run and read by the gate (dev.loadlab.live.LimitStops), which fails on it and says when and on
 * which limit. Cleared once a build with the stall meters' folder (ServerControl up).
 */
public final class Stops {
    public static final String FILE = "stops.tsv";

    private Stops() {}

    /** One stop: when, how long after the run's first sample, and the crossing. */
    public record Stop(long atEpochMs, long runStartEpochMs, StopLimits.Crossing crossing) {
        String line() {
            StopLimits.Crossing c = crossing;
            return atEpochMs + "\t" + runStartEpochMs + "\t" + c.row() + "\t" + c.figure() + "\t" + c.value() + "\t"
                    + c.bound() + "\t" + c.samples() + "\n";
        }
    }

    static synchronized void append(Path file, Stop stop) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(
                file, stop.line(), StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** The stops of the build so far; none when no run was stopped. */
    public static List<Stop> read(Path file) throws IOException {
        List<Stop> out = new ArrayList<>();
        if (!Files.exists(file)) {
            return out;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String[] f = line.split("\t", -1);
            if (f.length == 7) {
                out.add(new Stop(
                        Long.parseLong(f[0]),
                        Long.parseLong(f[1]),
                        new StopLimits.Crossing(
                                f[2], f[3], Double.parseDouble(f[4]), Double.parseDouble(f[5]), Long.parseLong(f[6]))));
            }
        }
        return out;
    }
}
