package dev.loadlab.bulk;

import static dev.loadlab.bulk.BulkKnobs.FLUSH_ROWS_LIST;
import static dev.loadlab.bulk.BulkKnobs.URL;

import dev.loadlab.settings.SettingError;
import dev.loadlab.settings.Settings;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The benchmark behind {@code bench/bulk-vs-native.sh}: in one JVM and one go, the database's own bulk paths
 * (measured before and after the bench, to even out drift on a noisy machine) and the bench over every mode,
 * pair and flush size, then the bench's best rows/s per mode as a ratio to them, with the floors of issue 5.
 * Takes the bench's settings plus {@code -Dbulk.flushRowsList=0,10000,1000}.
 */
public final class BulkVsNative {
    private BulkVsNative() {}

    public static void main(String[] args) throws IOException {
        try {
            BulkSettings.refuseArguments(args);
            Settings settings = Settings.fromSystem();
            System.exit(run(BulkSettings.from(settings), flushSizes(settings)));
        } catch (SettingError e) {
            System.err.println(BulkBench.ERROR_PREFIX + e.getMessage());
            System.exit(BulkBench.EXIT_BAD_INPUT);
        }
    }

    /** The flush sizes to compare; each one is run as {@code bulk.flushRows}. */
    static List<Integer> flushSizes(Settings settings) {
        return settings.integers(FLUSH_ROWS_LIST);
    }

    private static int run(BulkSettings settings, List<Integer> flushSizes) throws IOException {
        int rows = (int) settings.pairs().get(0).rows();
        try (BulkTarget target = BulkTarget.open(settings)) {
            Database database = target.database();
            RuntimeInfo runtime = BulkBench.probe(database);
            new ResultTable(System.out).runtime(runtime);
            NativeBaseline baseline = new NativeBaseline(database);
            Map<NativeBaseline.Path, List<Double>> nativeSeconds = new LinkedHashMap<>();
            measureNative(baseline, rows, settings.repetitions(), nativeSeconds);
            Map<Mode, PairResult> best = new LinkedHashMap<>();
            ResultTable table = new ResultTable(System.out);
            table.header();
            BulkRunner runner = new BulkRunner(database, settings).dropLeftoversOnShutdown();
            for (int flush : flushSizes) {
                for (PairResult result : BulkBench.runAll(runner, settings.withFlushRows(flush), table)) {
                    PairResult current = best.get(result.mode());
                    if (result.ok()
                            && (current == null
                                    || result.stats().rowsPerSecond()
                                            > current.stats().rowsPerSecond())) {
                        best.put(result.mode(), result);
                    }
                }
            }
            measureNative(baseline, rows, settings.repetitions(), nativeSeconds);
            return report(runtime, rows, nativeSeconds, best, settings.resultsFile());
        }
    }

    private static void measureNative(
            NativeBaseline baseline, int rows, int repetitions, Map<NativeBaseline.Path, List<Double>> seconds) {
        for (NativeBaseline.Path path : NativeBaseline.Path.values()) {
            if (!baseline.supports(path)) {
                continue;
            }
            for (int i = 0; i < repetitions; i++) {
                try {
                    seconds.computeIfAbsent(path, p -> new ArrayList<>()).add(baseline.seconds(path, rows));
                } catch (SQLException e) {
                    throw new SettingError(URL.name() + ": the native " + path + " path failed: " + e.getMessage());
                }
            }
        }
    }

    private static int report(
            RuntimeInfo runtime,
            int rows,
            Map<NativeBaseline.Path, List<Double>> nativeSeconds,
            Map<Mode, PairResult> best,
            Path resultsFile)
            throws IOException {
        System.out.printf(Locale.ROOT, "%n%s, %,d rows per run%n", runtime.database(), rows);
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("database", runtime.database());
        json.put("rows", rows);
        Map<String, Double> nativeRates = new LinkedHashMap<>();
        for (Map.Entry<NativeBaseline.Path, List<Double>> e : nativeSeconds.entrySet()) {
            Stats stats = Stats.of(e.getValue(), rows);
            nativeRates.put(e.getKey().name(), stats.rowsPerSecond());
            System.out.printf(
                    Locale.ROOT,
                    "native %-14s %12s rows/s (avg of %d runs, %.3f s)%n",
                    e.getKey(),
                    String.format(Locale.ROOT, "%,.0f", stats.rowsPerSecond()),
                    stats.runs(),
                    stats.avgSeconds());
        }
        json.put("nativeRowsPerSecond", nativeRates);
        List<Map<String, Object>> modes = new ArrayList<>();
        boolean allMet = true;
        for (Map.Entry<Mode, PairResult> e : best.entrySet()) {
            PairResult r = e.getValue();
            double rate = r.stats().rowsPerSecond();
            double vsInsertSelect = rate / nativeRates.get(NativeBaseline.Path.INSERT_SELECT.name());
            Double floor = floor(runtime.dialect(), e.getKey());
            boolean met = floor == null || vsInsertSelect >= floor;
            allMet &= met;
            StringBuilder line = new StringBuilder(String.format(
                    Locale.ROOT,
                    "best %-10s %-10s flush %-7d stmt %-5d %12s rows/s  = %.2f x INSERT...SELECT",
                    e.getKey().label(),
                    r.pair(),
                    r.flushRows(),
                    r.statementRows(),
                    String.format(Locale.ROOT, "%,.0f", rate),
                    vsInsertSelect));
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("mode", e.getKey().label());
            m.put("pair", r.pair().toString());
            m.put("flushRows", r.flushRows());
            m.put("statementRows", r.statementRows());
            m.put("rowsPerSecond", rate);
            m.put("ratioToInsertSelect", vsInsertSelect);
            if (nativeRates.containsKey(NativeBaseline.Path.COPY.name())) {
                double vsCopy = rate / nativeRates.get(NativeBaseline.Path.COPY.name());
                line.append(String.format(Locale.ROOT, ", %.2f x COPY", vsCopy));
                m.put("ratioToCopy", vsCopy);
            }
            if (floor != null) {
                line.append(String.format(Locale.ROOT, "  (floor %.1f: %s)", floor, met ? "met" : "BELOW"));
                m.put("floor", floor);
                m.put("floorMet", met);
            }
            modes.add(m);
            System.out.println(line);
        }
        json.put("best", modes);
        json.put("finishedAt", Instant.now().toString());
        ResultJson.write(resultsFile, json);
        System.out.println("bulk-vs-native: figures in " + resultsFile);
        return allMet ? BulkBench.EXIT_OK : BulkBench.EXIT_RUN_FAILED;
    }

    /** Issue 5's floors, as ratios to the database's INSERT ... SELECT; null where none is set. */
    static Double floor(String dialect, Mode mode) {
        if (dialect.equals(Dialect.POSTGRESQL.label())) {
            return mode == Mode.SEQUENTIAL ? 0.7 : 1.0;
        }
        return dialect.equals(Dialect.H2.label()) ? 0.6 : null;
    }
}
