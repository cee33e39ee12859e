package dev.loadlab.bulk;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The benchmark behind {@code bench/bulk-vs-native.sh}: in one JVM and one go, the database's own bulk paths
 * (measured before and after the bench, to even out drift on a noisy machine) and the bench over every mode,
 * pair and flush size, then the bench's best rows/s per mode as a ratio to them, with the floors of issue 5.
 * Takes the bench's flags plus {@code --flushRowsList=0,10000,1000}.
 */
public final class BulkVsNative {
    static final String FLUSH_LIST_FLAG = "--flushRowsList=";
    static final String DEFAULT_FLUSH_LIST = "0,10000,1000";

    private BulkVsNative() {
    }

    public static void main(String[] args) throws IOException {
        List<String> benchArgs = new ArrayList<>();
        String flushList = DEFAULT_FLUSH_LIST;
        for (String arg : args) {
            if (arg.startsWith(FLUSH_LIST_FLAG)) {
                flushList = arg.substring(FLUSH_LIST_FLAG.length());
            } else {
                benchArgs.add(arg);
            }
        }
        try {
            System.exit(run(benchArgs.toArray(String[]::new), parseFlushList(flushList)));
        } catch (BadSettingException e) {
            System.out.println("bulk-vs-native: " + e.getMessage());
            System.exit(BulkBench.EXIT_BAD_INPUT);
        }
    }

    static List<Integer> parseFlushList(String text) {
        List<Integer> sizes = new ArrayList<>();
        for (String part : text.split("[,\\s]+")) {
            try {
                int size = Integer.parseInt(part);
                if (size < 0 || size > Pair.MAX_BATCH_SIZE) {
                    throw new NumberFormatException();
                }
                sizes.add(size);
            } catch (NumberFormatException e) {
                throw new BadSettingException("--flushRowsList: '" + part + "' is not a row count; allowed: integers 0 (whole batch) to "
                        + Pair.MAX_BATCH_SIZE + ", comma-separated");
            }
        }
        return sizes;
    }

    private static int run(String[] args, List<Integer> flushSizes) throws IOException {
        BulkSettings settings = BulkSettings.fromArgs(args);
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
                BulkSettings withFlush = withFlushRows(args, flush);
                for (PairResult result : BulkBench.runAll(runner, withFlush, table)) {
                    PairResult current = best.get(result.mode());
                    if (result.ok() && (current == null || result.stats().rowsPerSecond() > current.stats().rowsPerSecond())) {
                        best.put(result.mode(), result);
                    }
                }
            }
            measureNative(baseline, rows, settings.repetitions(), nativeSeconds);
            return report(runtime, rows, nativeSeconds, best, settings.resultsFile());
        }
    }

    private static BulkSettings withFlushRows(String[] args, int flush) {
        String[] withFlush = Arrays.copyOf(args, args.length + 1);
        withFlush[args.length] = "--flushRows=" + flush;
        return BulkSettings.fromArgs(withFlush);
    }

    private static void measureNative(NativeBaseline baseline, int rows, int repetitions,
                                      Map<NativeBaseline.Path, List<Double>> seconds) {
        for (NativeBaseline.Path path : NativeBaseline.Path.values()) {
            if (!baseline.supports(path)) {
                continue;
            }
            for (int i = 0; i < repetitions; i++) {
                try {
                    seconds.computeIfAbsent(path, p -> new ArrayList<>()).add(baseline.seconds(path, rows));
                } catch (SQLException e) {
                    throw new BadSettingException("bulk.url: the native " + path + " path failed: " + e.getMessage());
                }
            }
        }
    }

    private static int report(RuntimeInfo runtime, int rows, Map<NativeBaseline.Path, List<Double>> nativeSeconds,
                              Map<Mode, PairResult> best, Path resultsFile) throws IOException {
        System.out.printf(Locale.ROOT, "%n%s, %,d rows per run%n", runtime.database(), rows);
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("database", runtime.database());
        json.put("rows", rows);
        Map<String, Double> nativeRates = new LinkedHashMap<>();
        for (Map.Entry<NativeBaseline.Path, List<Double>> e : nativeSeconds.entrySet()) {
            Stats stats = Stats.of(e.getValue(), rows);
            nativeRates.put(e.getKey().name(), stats.rowsPerSecond());
            System.out.printf(Locale.ROOT, "native %-14s %12s rows/s (avg of %d runs, %.3f s)%n", e.getKey(),
                    String.format(Locale.ROOT, "%,.0f", stats.rowsPerSecond()), stats.runs(), stats.avgSeconds());
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
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT,
                    "best %-10s %-10s flush %-7d stmt %-5d %12s rows/s  = %.2f x INSERT...SELECT", e.getKey().label(),
                    r.pair(), r.flushRows(), r.statementRows(), String.format(Locale.ROOT, "%,.0f", rate), vsInsertSelect));
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
