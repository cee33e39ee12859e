package dev.loadlab.report.gate;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loadlab.report.model.Check;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * The gate's checks, worked out once a build: the report step judges the summary.json it writes (its page opens on
 * the verdict) and keeps the checks here; the gate in verify takes them while that summary.json is unchanged, byte for
 * byte, and works them out again only when it changed (a merge of injectors' runs, a summary.json edited by hand).
 */
public final class StoredVerdict {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** What is kept: the summary's SHA-256 and the checks on it. */
    record Stored(String summarySha256, List<Check> checks) {}

    private StoredVerdict() {}

    public static void write(Path file, Path summary, List<Check> checks) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        JSON.writeValue(file.toFile(), new Stored(sha256(summary), checks));
    }

    /** The checks kept for this very summary.json; empty when none are kept or the summary changed since. */
    public static Optional<List<Check>> read(Path file, Path summary) throws IOException {
        if (!Files.isRegularFile(file) || !Files.isRegularFile(summary)) {
            return Optional.empty();
        }
        Stored stored = JSON.readValue(file.toFile(), Stored.class);
        return stored.summarySha256().equals(sha256(summary)) ? Optional.of(stored.checks()) : Optional.empty();
    }

    private static String sha256(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
