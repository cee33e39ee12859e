package dev.loadlab.live;

import dev.loadlab.report.read.Stalls;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The machine's stalls as the build goes on: the stall files of target/loadlab/stalls (dev.loadlab.shared.StallMeter,
 * one per JVM) read as they grow, each second's worst lateness of each kind of JVM (Gatling's, JMeter's, the target's
 * server, the build's own), as the report's "Machine stalls" names them (dev.loadlab.report.read.Stalls#who).
 */
final class StallFeed {
    /** One kind of JVM: its last seconds' worst lateness (ms), by epoch second. */
    record Jvm(String who, TreeMap<Long, Double> maxMsBySecond) {}

    private static final class File {
        final NewLines lines;
        String who; // known from its first line

        File(Path file) {
            this.lines = new NewLines(file);
        }
    }

    private final Path dir;
    private final int historySeconds;
    private final Map<Path, File> files = new LinkedHashMap<>();
    private final Map<String, TreeMap<Long, Double>> jvms = new TreeMap<>();

    StallFeed(Path stallsDir, int historySeconds) {
        this.dir = stallsDir;
        this.historySeconds = historySeconds;
    }

    /** Each kind of JVM's seconds, with what the files gained since the last call. */
    synchronized List<Jvm> read() {
        try (Stream<Path> found = Files.isDirectory(dir) ? Files.list(dir) : Stream.empty()) {
            found.filter(f -> f.getFileName().toString().endsWith(".tsv"))
                    .sorted()
                    .forEach(f -> take(files.computeIfAbsent(f, File::new)));
        } catch (IOException e) {
            // the folder went away (a clean): nothing new
        }
        List<Jvm> out = new ArrayList<>();
        jvms.forEach((who, seconds) -> out.add(new Jvm(who, new TreeMap<>(seconds))));
        return out;
    }

    private void take(File file) {
        for (String line : file.lines.read()) {
            if (line.startsWith("# ")) {
                String name = file.lines.file().getFileName().toString();
                file.who = Stalls.who(name.substring(0, name.length() - ".tsv".length()), line.substring(2));
                continue;
            }
            Optional<Stalls.Second> read = file.who == null ? Optional.empty() : parsed(line);
            if (read.isEmpty()) {
                continue;
            }
            TreeMap<Long, Double> seconds = jvms.computeIfAbsent(file.who, k -> new TreeMap<>());
            seconds.merge(read.get().epochSecond(), read.get().maxMicros() / 1000.0, Math::max);
            while (seconds.size() > historySeconds) {
                seconds.pollFirstEntry();
            }
        }
    }

    /** A line as the report reads it; one the page cannot read is left out, as a cut line of a file still written. */
    private static Optional<Stalls.Second> parsed(String line) {
        try {
            return Stalls.second(line);
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }
}
