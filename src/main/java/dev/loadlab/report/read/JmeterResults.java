package dev.loadlab.report.read;

import dev.loadlab.report.model.JmeterOverview;
import dev.loadlab.report.model.LatencyStats;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.model.Times;
import dev.loadlab.settings.Wire;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * JMeter's results CSVs, {@code <resultsDir>/<wire>/<plan>.csv} (a {@link Wire} each): one row per sample label and one for all
 * samples of the plan (JMeter's own "Total"), and the study's sample overview (load, connect and first-byte times).
 */
public final class JmeterResults {
    public static final String ALL_SAMPLES = Summary.Row.ALL_SAMPLES;
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
    private final List<RunReader> studyReaders;

    /** {@code studyReaders}: the studies' readers, each offered every plan's samples (RunReader#plan). */
    public JmeterResults(Path resultsDir, List<RunReader> studyReaders) {
        this.resultsDir = resultsDir;
        this.studyReaders = studyReaders;
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
                    read(protocol.label, csv, parts, studyReaders);
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

    /** One plan's CSV: its rows and timeline, and to each study's reader that takes the plan its samples. */
    public static void read(String protocol, Path csv, Parts parts, List<RunReader> studyReaders) throws IOException {
        String plan = csv.getFileName().toString().replaceFirst("\\.csv$", "");
        Map<String, RowBuilder> rows = new LinkedHashMap<>();
        Map<String, Overview> overviews = new LinkedHashMap<>();
        RowBuilder all = new RowBuilder("jmeter", protocol, plan, ALL_SAMPLES, true);
        RunTimeline timeline = new RunTimeline("jmeter", protocol, plan);
        Map<String, GeneratorTally> engines = new TreeMap<>();
        List<RunReader.JmeterSamples> studies = new ArrayList<>();
        JmeterCsv.read(csv, names -> {
            int[] at = columns(names);
            int thread = names.indexOf("threadName");
            for (RunReader reader : studyReaders) {
                reader.plan(protocol, plan, names, parts).ifPresent(studies::add);
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
                String threadName = thread < 0 || thread >= f.size() ? "" : f.get(thread);
                String engine = threadName.isEmpty() ? null : JmeterEngines.engineOf(threadName);
                engines.computeIfAbsent(engine == null ? JmeterEngines.LOCAL : engine, e -> new GeneratorTally())
                        .add(start, elapsed, ok);
                rows.computeIfAbsent(label, l -> new RowBuilder("jmeter", protocol, plan, l, true))
                        .add(start, elapsed, kind, detail, received, sent);
                timeline.add(start, elapsed, kind);
                long connect = Long.parseLong(f.get(at[10]));
                long latency = Long.parseLong(f.get(at[9]));
                overviews.computeIfAbsent(label, l -> new Overview()).add(elapsed, connect, latency, received, sent);
                if (!studies.isEmpty()) {
                    RunReader.JmeterSample sample = new RunReader.JmeterSample(
                            label, threadName, start, elapsed, latency, connect, ok, kind, detail, received, sent);
                    studies.forEach(s -> s.add(sample, i -> i < f.size() ? f.get(i) : null));
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
        studies.forEach(s -> s.close(parts));
        rows.values().forEach(r -> parts.rows.add(r.build()));
        overviews.forEach((label, o) -> parts.jmeterSamples.add(o.build(protocol, plan, label)));
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
