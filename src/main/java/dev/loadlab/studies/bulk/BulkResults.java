package dev.loadlab.studies.bulk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loadlab.report.read.Parts;
import dev.loadlab.settings.UrlMask;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The bulk bench's {@code bulk-results.json}: mode x batchCount x batchSize, seconds per run and rows per second. */
final class BulkResults {
    private final Path file;

    BulkResults(Path file) {
        this.file = file;
    }

    /** The bench as the summary keeps it; empty, with a line in the report's missing inputs, where it left none. */
    Optional<BulkFigures.Bench> read(Parts parts) {
        if (!Files.isRegularFile(file)) {
            parts.missing("missing " + file + " (no bulk bench table; skipped with -Dbulk.skip=true?)");
            return Optional.empty();
        }
        try {
            JsonNode root = new ObjectMapper().readTree(file.toFile());
            List<BulkRow> rows = new ArrayList<>();
            for (JsonNode r : root.path("results")) {
                rows.add(new BulkRow(
                        r.path("mode").asText(),
                        r.path("pair").asText(),
                        r.path("batchCount").asInt(),
                        r.path("batchSize").asInt(),
                        r.path("runs").asInt(),
                        r.path("failedRuns").asInt(),
                        r.path("avgSeconds").asDouble(),
                        r.path("maxSeconds").asDouble(),
                        r.path("medianSeconds").asDouble(),
                        r.path("minSeconds").asDouble(),
                        r.path("rowsPerSecond").asDouble()));
            }
            Map<String, Object> runtime = new LinkedHashMap<>();
            root.path("runtime")
                    .properties()
                    .forEach(e -> runtime.put(
                            e.getKey(),
                            e.getKey().equals("url")
                                    ? UrlMask.mask(e.getValue().asText())
                                    : e.getValue().asText()));
            String error =
                    root.path("error").isNull() ? null : root.path("error").asText(null);
            BulkFigures.Bench bench =
                    new BulkFigures.Bench(root.path("status").asText("unknown"), error, runtime, rows);
            if (rows.isEmpty()) {
                parts.missing("bulk results " + file + " hold no result row" + (error == null ? "" : ": " + error));
            }
            return Optional.of(bench);
        } catch (IOException | RuntimeException e) {
            parts.missing("broken bulk results " + file + ": " + e.getMessage());
            return Optional.empty();
        }
    }
}
