package dev.loadlab.report.read;

import dev.loadlab.report.model.JmeterOverview;
import dev.loadlab.report.model.LatencyStats;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.model.Times;
import dev.loadlab.settings.Wire;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * JMeter's results CSVs, {@code <resultsDir>/<wire>/<plan>.csv} (a {@link Wire} each): one row per sample label and one for all
 * samples of the plan (JMeter's own "Total"), and the study's sample overview (load, connect and first-byte times).
 */
public final class JmeterResults {
    public static final String ALL_SAMPLES = "all samples";
    private static final List<String> COLUMNS = List.of(
            "timeStamp",
            "elapsed",
            "label",
            "responseCode",
            "responseMessage",
            "success",
            "failureMessage",
            "bytes",
            "sentBytes",
            "Latency",
            "Connect");

    private final Path resultsDir;
    private final StressRuns.Limits stressLimits;

    public JmeterResults(Path resultsDir, StressRuns.Limits stressLimits) {
        this.resultsDir = resultsDir;
        this.stressLimits = stressLimits;
    }

    public void readInto(Parts parts, List<Wire> wires) {
        for (Wire protocol : wires) {
            Path dir = resultsDir.resolve(protocol.id);
            List<Path> csvs = csvs(dir);
            if (csvs.isEmpty()) {
                parts.missing(
                        "no JMeter results in " + dir + " (JMeter figures for " + protocol.label + " are missing)");
            }
            for (Path csv : csvs) {
                try {
                    read(protocol.label, csv, parts, stressLimits);
                } catch (IOException | RuntimeException e) {
                    parts.missing("broken JMeter results " + csv + ": " + e.getMessage());
                }
            }
        }
    }

    private static List<Path> csvs(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.toString().endsWith(".csv")).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** One plan's CSV; {@code stressLimits} judge where the stress plan ({@value StressRuns#JMETER_PLAN}) stopped. */
    public static void read(String protocol, Path csv, Parts parts, StressRuns.Limits stressLimits) throws IOException {
        String plan = csv.getFileName().toString().replaceFirst("\\.csv$", "");
        Map<String, RowBuilder> rows = new LinkedHashMap<>();
        Map<String, Overview> overviews = new LinkedHashMap<>();
        Map<String, JmeterAbRuns.Builder> abRuns = new java.util.LinkedHashMap<>(); // in the order they ran
        RowBuilder all = new RowBuilder("jmeter", protocol, plan, ALL_SAMPLES, true);
        RunTimeline timeline = new RunTimeline("jmeter", protocol, plan);
        boolean stress = plan.equals(StressRuns.JMETER_PLAN);
        StressRuns.Steps steps = new StressRuns.Steps();
        StressRuns.ThreadSteps threadSteps = new StressRuns.ThreadSteps();
        Map<String, GeneratorTally> engines = new java.util.TreeMap<>();
        JmeterCsv.read(csv, names -> {
            int[] at = columns(names);
            int thread = names.indexOf("threadName");
            int documentLength = names.indexOf(JmeterAbRuns.DOCUMENT_LENGTH);
            int threads = names.contains("grpThreads") ? names.indexOf("grpThreads") : names.indexOf("allThreads");
            if (stress && threads < 0) {
                parts.missing("JMeter results " + csv + " have no grpThreads or allThreads column: the stress plan's"
                        + " steps are missing (keep JMeter's default CSV columns)");
            }
            return f -> {
                if (f.size() < at.length) {
                    return; // a line cut short when JMeter was stopped
                }
                long start = Long.parseLong(f.get(at[0]));
                long elapsed = Long.parseLong(f.get(at[1]));
                String label = f.get(at[2]);
                boolean ok = Boolean.parseBoolean(f.get(at[5]));
                String kind = ok ? null : ErrorClassifier.jmeter(f.get(at[3]), f.get(at[4]), f.get(at[6]));
                String detail = ok ? null : ErrorClassifier.jmeterDetail(f.get(at[3]), f.get(at[4]), f.get(at[6]));
                long received = Long.parseLong(f.get(at[7]));
                long sent = Long.parseLong(f.get(at[8]));
                all.add(start, elapsed, kind, detail, received, sent);
                String engine = thread < 0 || thread >= f.size() ? null : JmeterEngines.engineOf(f.get(thread));
                engines.computeIfAbsent(engine == null ? JmeterEngines.LOCAL : engine, e -> new GeneratorTally())
                        .add(start, elapsed, ok);
                rows.computeIfAbsent(label, l -> new RowBuilder("jmeter", protocol, plan, l, true))
                        .add(start, elapsed, kind, detail, received, sent);
                timeline.add(start, elapsed, kind);
                if (stress && threads >= 0 && threads < f.size()) {
                    steps.add(threadSteps.stepOf(Integer.parseInt(f.get(threads))), kind, detail);
                }
                long connect = Long.parseLong(f.get(at[10]));
                long latency = Long.parseLong(f.get(at[9]));
                overviews.computeIfAbsent(label, l -> new Overview()).add(elapsed, connect, latency, received, sent);
                if (plan.equals(JmeterAbRuns.PLAN) && JmeterAbRuns.isAbLabel(label)) {
                    String length = documentLength < 0 ? "" : f.get(documentLength);
                    abRuns.computeIfAbsent(label, JmeterAbRuns.Builder::new)
                            .add(new JmeterAbRuns.Sample(
                                    thread < 0 ? "" : f.get(thread),
                                    start,
                                    elapsed,
                                    latency,
                                    connect,
                                    ok,
                                    received,
                                    length.isEmpty() ? null : Long.valueOf(length)));
                }
            };
        });
        if (all.count() == 0) {
            parts.missing("JMeter results " + csv + " hold no sample");
            return;
        }
        Summary.Row total = all.build();
        parts.rows.add(total);
        JmeterEngines.generators(protocol, plan, engines, total).ifPresent(parts.generators::add);
        parts.timelines.add(timeline.build());
        if (!steps.isEmpty()) {
            parts.stressStops.add(steps.build(
                    "jmeter",
                    protocol,
                    plan,
                    "threads",
                    stressLimits.jmeterMaxUsers(),
                    stressLimits.jmeterErrorLimitPct()));
        }
        rows.values().forEach(r -> parts.rows.add(r.build()));
        overviews.forEach((label, o) -> parts.jmeterSamples.add(o.build(protocol, plan, label)));
        abRuns.values().forEach(b -> parts.abRuns.add(b.build(protocol)));
    }

    private static int[] columns(List<String> header) throws IOException {
        int[] at = new int[COLUMNS.size()];
        for (int i = 0; i < at.length; i++) {
            at[i] = header.indexOf(COLUMNS.get(i));
            if (at[i] < 0) {
                throw new IOException(
                        "no column " + COLUMNS.get(i) + " in the header (needs JMeter's default CSV columns)");
            }
        }
        return at;
    }

    private static final class Overview {
        final LatencyStats load = new LatencyStats();
        final LatencyStats connect = new LatencyStats();
        final LatencyStats latency = new LatencyStats();
        long received;
        long sent;

        void add(long elapsed, long connectMs, long latencyMs, long receivedBytes, long sentBytes) {
            load.add(elapsed);
            connect.add(connectMs);
            latency.add(latencyMs);
            received += receivedBytes;
            sent += sentBytes;
        }

        JmeterOverview build(String protocol, String plan, String label) {
            long n = load.count();
            return new JmeterOverview(
                    protocol,
                    plan,
                    label,
                    n,
                    Times.of(load),
                    Times.of(connect),
                    Times.of(latency),
                    (double) received / n,
                    (double) sent / n);
        }
    }
}
