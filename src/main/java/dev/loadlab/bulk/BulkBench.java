package dev.loadlab.bulk;

import static dev.loadlab.bulk.BulkKnobs.RESULTS_FILE;
import static dev.loadlab.bulk.BulkKnobs.URL;

import dev.loadlab.settings.Scale;
import dev.loadlab.settings.SettingError;
import dev.loadlab.settings.Settings;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The bench from the command line (and from {@code mvn verify}): every mode and pair, {@code repetitions}
 * times each, a table on the console and the JSON results file. Settings are JVM options
 * ({@code -Dbulk.pairs=2x1000}), credentials {@code BULK_USER}/{@code BULK_PASSWORD}. Exit 0 when every run
 * passed its count check, 1 when a run failed, 2 on bad input (one line on stderr, before any load); the
 * results file records both failures.
 */
public final class BulkBench {
    static final int EXIT_OK = 0;
    static final int EXIT_RUN_FAILED = 1;
    static final int EXIT_BAD_INPUT = 2;
    static final String ERROR_PREFIX = "loadlab bulk: ";

    private BulkBench() {}

    public static void main(String[] args) {
        System.exit(run(args, Settings::fromSystem, System.out, System.err));
    }

    /** The bench on the build's settings: its exit code, as {@link #main} ends with it. */
    public static int run() {
        return run(new String[0], Settings::fromSystem, System.out, System.err);
    }

    static int run(String[] args, Supplier<Settings> read, PrintStream out, PrintStream err) {
        Instant startedAt = Instant.now();
        Settings source = null;
        String error = null;
        try {
            source = read.get();
        } catch (SettingError e) {
            error = e.getMessage();
        }
        Path resultsFile = resultsFileLeniently(source);
        try {
            // A stale file from an earlier build must never pass the verify gate.
            Files.deleteIfExists(resultsFile);
        } catch (IOException e) {
            err.println(ERROR_PREFIX + RESULTS_FILE.name() + ": cannot replace " + resultsFile + ": " + e.getMessage());
            return EXIT_BAD_INPUT;
        }
        BulkSettings settings = null;
        RuntimeInfo runtime = null;
        List<PairResult> results = new ArrayList<>();
        int exit;
        try {
            if (error != null) {
                throw new SettingError(error); // recorded like any bad setting, below
            }
            BulkSettings.refuseArguments(args);
            settings = BulkSettings.from(source);
            try (BulkTarget target = BulkTarget.open(settings)) {
                runtime = probe(target.database());
                ResultTable table = new ResultTable(out);
                table.runtime(runtime);
                table.header();
                results =
                        runAll(new BulkRunner(target.database(), settings).dropLeftoversOnShutdown(), settings, table);
            }
            exit = results.stream().allMatch(PairResult::ok) ? EXIT_OK : EXIT_RUN_FAILED;
        } catch (SettingError e) {
            error = e.getMessage();
            err.println(ERROR_PREFIX + error);
            exit = EXIT_BAD_INPUT;
        }
        try {
            ResultJson.write(resultsFile, ResultJson.document(startedAt, runtime, settings, results, error));
            out.println("bulk: results in " + resultsFile + (exit == EXIT_OK ? "" : " (status: failed)"));
        } catch (IOException e) {
            err.println(ERROR_PREFIX + RESULTS_FILE.name() + ": cannot write " + resultsFile + ": " + e.getMessage());
            exit = Math.max(exit, EXIT_RUN_FAILED);
        }
        return exit;
    }

    /** Connects once before any load: a wrong URL, user or password fails here with one line. */
    static RuntimeInfo probe(Database database) {
        try (Connection connection = database.open()) {
            return RuntimeInfo.of(database, connection);
        } catch (SQLException e) {
            throw new SettingError(URL.name() + ": " + database.shownUrl() + " answered but its metadata failed: "
                    + database.firstLine(e));
        }
    }

    static List<PairResult> runAll(BulkRunner runner, BulkSettings settings, ResultTable table) {
        List<PairResult> results = new ArrayList<>();
        for (Mode mode : settings.modes()) {
            for (Pair pair : settings.pairs()) {
                int flush = settings.flushRowsFor(pair.batchSize());
                int connections = settings.connectionsFor(mode, pair);
                int statementRows = runner.statementRowsFor(flush);
                List<RunResult> runs = new ArrayList<>();
                for (int i = 0; i < settings.repetitions(); i++) {
                    runs.add(runner.run(mode, pair, flush, connections, Dialect.newNamespace()));
                }
                PairResult result = new PairResult(mode, pair, flush, statementRows, connections, List.copyOf(runs));
                table.row(result);
                results.add(result);
            }
        }
        return results;
    }

    /**
     * The results path even when other settings are bad, so that failure is recorded where the gate looks; when
     * the settings cannot be read at all, where it is by default.
     */
    static Path resultsFileLeniently(Settings settings) {
        try {
            if (settings != null) {
                return Path.of(settings.get(RESULTS_FILE));
            }
        } catch (RuntimeException e) {
            // fall through to the default
        }
        return Path.of(RESULTS_FILE.defaultAt(Scale.SMOKE));
    }
}
