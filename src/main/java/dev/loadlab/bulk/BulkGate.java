package dev.loadlab.bulk;

import dev.loadlab.settings.SettingError;
import dev.loadlab.settings.Settings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The verify-phase check: the bench ran in integration-test without failing the build (so the build could
 * clean up), and this fails it now when the results file is missing or says {@code failed}.
 */
public final class BulkGate {
    private BulkGate() {}

    /** The file is {@code bulk.resultsFile}; a path given as the argument (the build's, today) takes its place. */
    public static void main(String[] args) {
        System.exit(gate(args.length > 0 ? args[0] : null));
    }

    /** The gate on the build's results file: 0 when it passed, else its line says why. */
    public static int gate() {
        return gate(null);
    }

    private static int gate(String given) {
        Path file;
        try {
            file = Path.of(given != null ? given : Settings.fromSystem().get(BulkKnobs.RESULTS_FILE));
        } catch (SettingError e) {
            System.err.println(BulkBench.ERROR_PREFIX + e.getMessage());
            return BulkBench.EXIT_BAD_INPUT;
        }
        String verdict = check(file);
        System.out.println(verdict);
        return verdict.startsWith("bulk gate: passed") ? 0 : 1;
    }

    /** A results file's status (and summary.json's bulk status) of a bench that passed. */
    public static boolean passed(Object status) {
        return ResultJson.PASSED.equals(status);
    }

    /** One line: {@code bulk gate: passed ...} or the reason the bench failed. */
    static String check(Path file) {
        if (!Files.isRegularFile(file)) {
            return "bulk gate: FAILED: no results at " + file + "; the bench did not finish (see its output above)";
        }
        Map<String, Object> doc;
        try {
            doc = ResultJson.read(file);
        } catch (IOException e) {
            return "bulk gate: FAILED: " + file + " is not readable JSON: " + e.getMessage();
        }
        List<?> results = doc.get("results") instanceof List<?> list ? list : List.of();
        if (passed(doc.get("status"))) {
            return "bulk gate: passed (" + results.size() + " mode/pair results in " + file + ")";
        }
        StringBuilder reasons = new StringBuilder();
        if (doc.get("error") != null) {
            reasons.append(doc.get("error"));
        }
        for (Object result : results) {
            if (result instanceof Map<?, ?> row && row.get("errors") instanceof List<?> errors && !errors.isEmpty()) {
                reasons.append(reasons.length() == 0 ? "" : "; ")
                        .append(row.get("mode"))
                        .append(' ')
                        .append(row.get("pair"))
                        .append(": ")
                        .append(errors.get(0));
            }
        }
        return "bulk gate: FAILED: " + (reasons.length() == 0 ? "status " + doc.get("status") : reasons);
    }
}
