package dev.loadlab.live;

import dev.loadlab.report.read.ErrorClassifier;
import dev.loadlab.report.read.JmeterResults;
import dev.loadlab.settings.PropertyFile;
import dev.loadlab.settings.ReportKnobs;
import dev.loadlab.settings.StudyCatalogue;
import dev.loadlab.settings.Wire;
import dev.loadlab.shared.JmeterRun;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.apache.jmeter.engine.StandardJMeterEngine;

/**
 * JMeter's side of the live page and the {@code :stop} limits: started by JMeter's start-up script in a run of the
 * build (a plan on the command line with {@code -n} and {@code -l}), it follows the results file as JMeter writes it
 * (Prepare turns on JMeter's autoflush when a limit stops) into the run's {@link LiveFeed} and, at a limit's crossing,
 * stops the test as JMeter's own "shutdown" does: no thread starts another sample, those under way end (not cut
 * short: a sample JMeter cuts counts as an error the target did not make), the results file and the HTML report are
 * written. At JMeter's exit it reads the rest of the file, so the feed counts every sample. On a remote engine (no
 * plan) it does nothing.
 */
public final class JmeterLive {
    private JmeterLive() {}

    /** From the start-up script: JMeter's properties name target/loadlab and the run's wire. */
    public static void start(Properties props) {
        String command = System.getProperty("sun.java.command", "");
        String dir = props.getProperty(JmeterRun.DIR_PROPERTY);
        Optional<String> plan = JmeterRun.planOf(command);
        Optional<Path> results = resultsOf(command);
        Optional<Wire> wire = Wire.ofId(props.getProperty("wire", ""));
        if (!command.contains(" -n") || dir == null || plan.isEmpty() || results.isEmpty() || wire.isEmpty()) {
            return;
        }
        Path loadlab = Path.of(dir);
        Properties settings;
        try {
            settings = PropertyFile.read(loadlab.resolve("settings.properties"));
        } catch (IOException | RuntimeException e) {
            System.out.println("[loadlab] stop limits and live page: settings not read (" + e + ")");
            return;
        }
        StopLimits limits = limits(settings);
        String experiment = StudyCatalogue.experimentOfRun("jmeter", plan.get());
        Optional<LiveWatch> watch = limits.isEmpty()
                ? Optional.empty()
                : Optional.of(new LiveWatch(
                        limits,
                        "jmeter " + wire.get().label + " " + plan.get(),
                        experiment,
                        JmeterResults.ALL_SAMPLES,
                        loadlab.resolve(Stops.FILE),
                        StandardJMeterEngine::stopEngine));
        Optional<LiveFeed> feed = Boolean.parseBoolean(settings.getProperty(ReportKnobs.LIVE.name(), "false"))
                ? Optional.ofNullable(LiveFeed.open(
                        LiveFeed.file(loadlab, "jmeter", wire.get().id, plan.get()),
                        "jmeter",
                        wire.get().label,
                        plan.get(),
                        experiment))
                : Optional.empty();
        if (watch.isEmpty() && feed.isEmpty()) {
            return;
        }
        Follow file = new Follow(results.get());
        Thread t = new Thread(() -> follow(file, watch, feed), "loadlab-live");
        t.setDaemon(true); // JMeter exits when its test ends
        t.start();
        // at JMeter's exit, once its results file is written and closed: read what is left, then the last second
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            file.finish();
                            try {
                                t.join(5_000);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                            feed.ifPresent(LiveFeed::end);
                        },
                        "loadlab-live-end"));
    }

    static StopLimits limitsOf(Path settings) throws IOException {
        return limits(PropertyFile.read(settings));
    }

    private static StopLimits limits(Properties settings) {
        return StopLimits.of(
                settings.getProperty(ReportKnobs.LIMITS.name(), "none"),
                Long.parseLong(settings.getProperty(ReportKnobs.MIN_SAMPLES.name(), "20")));
    }

    /** JMeter's results file, {@code -l <file>} on its command line (a path may hold spaces: up to .csv or .jtl). */
    static Optional<Path> resultsOf(String command) {
        int flag = command.indexOf(" -l ");
        if (flag < 0) {
            return Optional.empty();
        }
        String rest = command.substring(flag + 4);
        int end = Math.max(rest.indexOf(".csv"), rest.indexOf(".jtl"));
        return end < 0
                ? Optional.empty()
                : Optional.of(Path.of(rest.substring(0, end + 4).trim()));
    }

    /** Feeds the watch and the feed from the CSV's header's columns until JMeter ends. */
    static void follow(Follow file, Optional<LiveWatch> watch, Optional<LiveFeed> feed) {
        try (file;
                Reader in = new InputStreamReader(file, StandardCharsets.UTF_8)) {
            CsvRecords records = new CsvRecords(in);
            List<String> header = records.next();
            if (header == null) {
                return;
            }
            Columns c = new Columns(header);
            if (!c.usable()) {
                System.out.println("[loadlab] stop limits and live page: the results lack JMeter's timeStamp, elapsed,"
                        + " label or success column; this run is judged after it only");
                return;
            }
            for (List<String> next = records.next(); next != null; next = records.next()) {
                List<String> f = next;
                if (f.size() > c.needed) {
                    long start = Long.parseLong(f.get(c.start));
                    long elapsed = Long.parseLong(f.get(c.elapsed));
                    boolean ok = Boolean.parseBoolean(f.get(c.success));
                    String label = f.get(c.label);
                    watch.filter(w -> !w.stopped()).ifPresent(w -> w.sample(start, label, elapsed, ok));
                    feed.ifPresent(live -> {
                        live.sample(start + elapsed, label, elapsed, ok ? null : c.kind(f));
                        c.threads(f).ifPresent(live::users);
                    });
                }
            }
        } catch (IOException | RuntimeException e) {
            System.out.println("[loadlab] stop limits and live page: stopped reading the results (" + e + ")");
        }
    }

    /** Where the CSV's header puts the columns read here; -1 for one it lacks. */
    private static final class Columns {
        final int start;
        final int elapsed;
        final int label;
        final int success;
        final int code;
        final int message;
        final int failure;
        final int threads;
        final int needed;

        Columns(List<String> header) {
            start = header.indexOf("timeStamp");
            elapsed = header.indexOf("elapsed");
            label = header.indexOf("label");
            success = header.indexOf("success");
            code = header.indexOf("responseCode");
            message = header.indexOf("responseMessage");
            failure = header.indexOf("failureMessage");
            threads = header.indexOf("allThreads");
            needed = Math.max(Math.max(start, elapsed), Math.max(label, success));
        }

        boolean usable() {
            return start >= 0 && elapsed >= 0 && label >= 0 && success >= 0;
        }

        String kind(List<String> f) {
            return ErrorClassifier.jmeter(field(f, code), field(f, message), field(f, failure));
        }

        Optional<Long> threads(List<String> f) {
            String n = field(f, threads);
            return n == null || n.isEmpty() ? Optional.empty() : Optional.of(Long.parseLong(n));
        }

        private static String field(List<String> f, int i) {
            return i >= 0 && i < f.size() ? f.get(i) : null;
        }
    }
}
