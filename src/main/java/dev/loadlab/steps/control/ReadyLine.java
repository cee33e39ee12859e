package dev.loadlab.steps.control;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;

/**
 * How {@code up} waits for a JVM it forked (a server, the live page): until the JVM's log holds the line that says it
 * listens, the JVM has ended, or the deadline has passed.
 */
final class ReadyLine {
    private static final long POLL_MS = 50;

    private ReadyLine() {}

    /**
     * What {@code match} makes of the first line of {@code log} it takes; empty when {@code process} ended first or
     * {@code deadlineNanos} (System.nanoTime) passed.
     */
    static <T> Optional<T> await(Process process, Path log, Function<String, Optional<T>> match, long deadlineNanos)
            throws IOException, InterruptedException {
        while (true) {
            boolean alive = process.isAlive(); // its last lines are in the log before it is seen ended
            if (Files.isRegularFile(log)) {
                for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                    Optional<T> ready = match.apply(line);
                    if (ready.isPresent()) {
                        return ready;
                    }
                }
            }
            if (!alive || System.nanoTime() >= deadlineNanos) {
                return Optional.empty();
            }
            Thread.sleep(POLL_MS);
        }
    }

    /** The log's last line, or {@code otherwise} where it has none. */
    static String lastLine(Path log, String otherwise) throws IOException {
        return Files.isRegularFile(log)
                ? Files.readAllLines(log, StandardCharsets.UTF_8).stream()
                        .reduce((a, b) -> b)
                        .orElse(otherwise)
                : otherwise;
    }
}
