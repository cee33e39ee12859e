package dev.loadlab.replay;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@code target/loadlab/replay.tsv}: each request a tool sent while the build replays (-Dreplay=true), one
 * {@link Exchange} a line, appended by Gatling's JVM (dev.loadlab.ReplayTap) and JMeter's (dev.loadlab.jmeter.ReplayLog)
 * and read by the gate (dev.loadlab.report.gate.Replays). Cleared once a build, with the stops (JmeterRuns).
 */
public final class ReplayLog {
    public static final String FILE = "replay.tsv";

    private ReplayLog() {}

    /** Appends one line; a line is one write, so the two tools' JVMs never interleave within it. */
    public static synchronized void append(Path file, Exchange exchange) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.writeString(
                    file,
                    exchange.line(),
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every exchange of the build so far, in the order the tools wrote them; none without a replay. */
    public static List<Exchange> read(Path file) throws IOException {
        List<Exchange> out = new ArrayList<>();
        if (Files.exists(file)) {
            Files.readAllLines(file, StandardCharsets.UTF_8).stream()
                    .map(Exchange::parse)
                    .filter(Objects::nonNull)
                    .forEach(out::add);
        }
        return out;
    }
}
