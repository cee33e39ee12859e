package dev.loadlab.bulk;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The results file read by the combined report and the verify gate. Its shape (README, bulk section):
 * {@code {tool, status, startedAt, finishedAt, error, runtime{...}, settings{...}, results[{mode, pair,
 * batchCount, batchSize, rowsPerRun, flushRows, statementRows, connections, runs, failedRuns, avgSeconds, maxSeconds,
 * medianSeconds, minSeconds, rowsPerSecond, runSeconds[], errors[]}]}}. No credential ever goes in.
 */
final class ResultJson {
    static final String PASSED = "passed";
    static final String FAILED = "failed";
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ResultJson() {}

    static Map<String, Object> document(
            Instant startedAt, RuntimeInfo runtime, BulkSettings settings, List<PairResult> results, String error) {
        boolean ok = error == null && !results.isEmpty() && results.stream().allMatch(PairResult::ok);
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("tool", "bulk");
        doc.put("status", ok ? PASSED : FAILED);
        doc.put("startedAt", startedAt.toString());
        doc.put("finishedAt", Instant.now().toString());
        doc.put("error", error);
        doc.put("runtime", runtime);
        if (settings != null) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("modes", settings.modes().stream().map(Mode::label).toList());
            s.put("pairs", settings.pairs().stream().map(Pair::toString).toList());
            s.put("repetitions", settings.repetitions());
            s.put("waitSeconds", settings.waitSeconds());
            s.put("flushRows", settings.flushRows());
            s.put("statementRows", settings.statementRows());
            s.put("maxConnections", settings.maxConnections());
            s.put("drop", settings.drop());
            doc.put("settings", s);
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        for (PairResult r : results) {
            Stats stats = r.stats();
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("mode", r.mode().label());
            row.put("pair", r.pair().toString());
            row.put("batchCount", r.pair().batchCount());
            row.put("batchSize", r.pair().batchSize());
            row.put("rowsPerRun", r.pair().rows());
            row.put("flushRows", r.flushRows());
            row.put("statementRows", r.statementRows());
            row.put("connections", r.connections());
            row.put("runs", r.runs().size());
            row.put("failedRuns", r.failedRuns());
            row.put("avgSeconds", stats.avgSeconds());
            row.put("maxSeconds", stats.maxSeconds());
            row.put("medianSeconds", stats.medianSeconds());
            row.put("minSeconds", stats.minSeconds());
            row.put("rowsPerSecond", stats.rowsPerSecond());
            row.put(
                    "runSeconds",
                    r.runs().stream()
                            .filter(RunResult::ok)
                            .map(RunResult::seconds)
                            .toList());
            row.put("errors", r.errors());
            rows.add(row);
        }
        doc.put("results", rows);
        return doc;
    }

    static void write(Path file, Map<String, Object> document) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        MAPPER.writeValue(file.toFile(), document);
    }

    static String toJson(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> read(Path file) throws IOException {
        return MAPPER.readValue(file.toFile(), Map.class);
    }
}
