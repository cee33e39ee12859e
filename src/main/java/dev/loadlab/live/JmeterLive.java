package dev.loadlab.live;

import dev.loadlab.report.read.JmeterResults;
import dev.loadlab.settings.ReportKnobs;
import dev.loadlab.settings.StudyCatalogue;
import dev.loadlab.settings.Wire;
import dev.loadlab.shared.JmeterRun;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.apache.jmeter.engine.StandardJMeterEngine;

/**
 * JMeter's side of the {@code :stop} limits: started by JMeter's start-up script in a run of the build (a plan on the
 * command line with {@code -n} and {@code -l}), it follows the results file as JMeter writes it (Prepare turns on
 * JMeter's autoflush when a limit stops) and, at a crossing, stops the test as JMeter's own "shutdown" does: no thread
 * starts another sample, those under way end (not cut short: a sample JMeter cuts counts as an error the target did not
 * make), the results file and the HTML report are written. On a remote engine (no plan) it does nothing.
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
        StopLimits limits;
        try {
            limits = limitsOf(loadlab.resolve("settings.properties"));
        } catch (IOException | RuntimeException e) {
            System.out.println("[loadlab] stop limits not read (" + e + "): this run is judged after it only");
            return;
        }
        if (limits.isEmpty()) {
            return;
        }
        LiveWatch watch = new LiveWatch(
                limits,
                "jmeter " + wire.get().label + " " + plan.get(),
                StudyCatalogue.experimentOfRun("jmeter", plan.get()),
                JmeterResults.ALL_SAMPLES,
                loadlab.resolve(Stops.FILE),
                StandardJMeterEngine::stopEngine);
        Thread t = new Thread(() -> follow(results.get(), watch), "loadlab-stop-limits");
        t.setDaemon(true); // JMeter exits when its test ends
        t.start();
    }

    static StopLimits limitsOf(Path settings) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(settings, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        return StopLimits.of(
                p.getProperty(ReportKnobs.LIMITS.name(), "none"),
                Long.parseLong(p.getProperty(ReportKnobs.MIN_SAMPLES.name(), "20")));
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

    /** Feeds the watch from the CSV's header's columns until JMeter ends (the thread dies with its JVM). */
    static void follow(Path csv, LiveWatch watch) {
        try (Follow file = new Follow(csv);
                BufferedReader in = new BufferedReader(new InputStreamReader(file, StandardCharsets.UTF_8))) {
            CsvRecords records = new CsvRecords(in);
            List<String> header = records.next();
            if (header == null) {
                return;
            }
            int start = header.indexOf("timeStamp");
            int elapsed = header.indexOf("elapsed");
            int label = header.indexOf("label");
            int success = header.indexOf("success");
            if (start < 0 || elapsed < 0 || label < 0 || success < 0) {
                System.out.println("[loadlab] stop limits: " + csv + " lacks JMeter's timeStamp, elapsed, label or"
                        + " success column; this run is judged after it only");
                return;
            }
            int needed = Math.max(Math.max(start, elapsed), Math.max(label, success));
            for (List<String> f = records.next(); f != null && !watch.stopped(); f = records.next()) {
                if (f.size() > needed) {
                    watch.sample(
                            Long.parseLong(f.get(start)),
                            f.get(label),
                            Long.parseLong(f.get(elapsed)),
                            Boolean.parseBoolean(f.get(success)));
                }
            }
        } catch (IOException | RuntimeException e) {
            System.out.println("[loadlab] stop limits: stopped reading " + csv + " (" + e + ")");
        }
    }
}
