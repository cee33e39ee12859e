package dev.loadlab.report.read;

import dev.loadlab.outside.OutsideTools;
import dev.loadlab.report.model.AbRun;
import dev.loadlab.report.model.Times;
import dev.loadlab.settings.CalibrationKnobs;
import dev.loadlab.settings.Wire;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the outside tools printed (target/outside/, see {@link OutsideTools}): ab's summary as an ab block beside
 * loadlab's, and wrk's measured windows as rows of the calibration experiment. Their own figures, parsed, not
 * recomputed: ab and wrk keep no per-request record.
 */
public final class OutsideResults {
    public static final String AB = "ab";
    static final String WRK = "wrk";
    private static final Pattern NUMBER = Pattern.compile("([0-9.]+)");

    private final Path dir;

    public OutsideResults(Path dir) {
        this.dir = dir;
    }

    /** Every ab run's output ({@link OutsideTools#AB_FILE}), in the order they ran. */
    public void readAbInto(Parts parts) {
        List<Path> files;
        try (var all = Files.list(dir)) {
            files = all.filter(f -> OutsideTools.AB_FILE
                            .matcher(f.getFileName().toString())
                            .matches())
                    .sorted(java.util.Comparator.comparing(f -> f.toFile().lastModified()))
                    .toList();
        } catch (IOException e) {
            return; // no outside tool ran
        }
        for (Path path : files) {
            Matcher name = OutsideTools.AB_FILE.matcher(path.getFileName().toString());
            name.matches();
            try {
                parts.abRuns.add(ab(
                        Files.readString(path),
                        name.group(2) != null,
                        Wire.ofId(name.group(1)).orElseThrow().label));
            } catch (IOException | RuntimeException e) {
                parts.missing("ab's output " + path + " cannot be read: " + e.getMessage());
            }
        }
    }

    /** wrk's measured window per calibration route. */
    public List<CalibrationResults.Window> wrkWindows(Parts parts) {
        List<CalibrationResults.Window> rows = new ArrayList<>();
        for (String route : CalibrationKnobs.ROUTES) {
            Path path = dir.resolve(OutsideTools.wrkFile(route));
            if (Files.isRegularFile(path)) {
                try {
                    rows.add(wrk(Files.readString(path), route));
                } catch (IOException | RuntimeException e) {
                    parts.missing("wrk's output " + path + " cannot be read: " + e.getMessage());
                }
            }
        }
        return rows;
    }

    /** ab's own summary: requests/s, time per request, Connection Times and the served-within table. */
    static AbRun ab(String text, boolean keepAlive, String protocol) {
        int concurrency = (int) number(text, "Concurrency Level:");
        long complete = (long) number(text, "Complete requests:");
        Map<String, Times> times = new LinkedHashMap<>();
        for (String line : List.of("Connect", "Processing", "Waiting", "Total")) {
            Matcher m = Pattern.compile("(?m)^" + line + ":\\s+(\\d+)\\s+(\\d+)\\s+([0-9.]+)\\s+(\\d+)\\s+(\\d+)")
                    .matcher(text);
            if (m.find()) {
                times.put(
                        line.toLowerCase(Locale.ROOT),
                        new Times(
                                Long.parseLong(m.group(1)),
                                Double.parseDouble(m.group(2)),
                                Double.parseDouble(m.group(3)),
                                Long.parseLong(m.group(4)),
                                Long.parseLong(m.group(5))));
            }
        }
        Map<String, Long> within = new LinkedHashMap<>();
        Matcher served = Pattern.compile("(?m)^\\s*(\\d+%)\\s+(\\d+)").matcher(text);
        while (served.find()) {
            within.put(served.group(1), Long.parseLong(served.group(2)));
        }
        Matcher perRequest = Pattern.compile("Time per request:\\s+([0-9.]+)").matcher(text);
        double mean = perRequest.find() ? Double.parseDouble(perRequest.group(1)) : Double.NaN;
        double across = perRequest.find() ? Double.parseDouble(perRequest.group(1)) : Double.NaN;
        return new AbRun(
                AB,
                protocol,
                "ab" + (keepAlive ? " -k" : "") + " -c " + concurrency + " -n " + complete,
                concurrency,
                complete,
                (long) number(text, "Failed requests:"),
                number(text, "Time taken for tests:"),
                number(text, "Requests per second:"),
                mean,
                across,
                times,
                within,
                (long) number(text, "Document Length:"),
                (long) number(text, "Total transferred:"),
                (long) number(text, "HTML transferred:"));
    }

    /** wrk's "N requests in Ts", Requests/sec and its latency distribution (rounded to whole ms, like the tools). */
    static CalibrationResults.Window wrk(String text, String route) {
        Matcher requests = Pattern.compile("(\\d+) requests in").matcher(text);
        if (!requests.find()) {
            throw new IllegalArgumentException("no \"N requests in\" line");
        }
        long samples = Long.parseLong(requests.group(1));
        long failed = 0;
        Matcher non2xx = Pattern.compile("Non-2xx or 3xx responses: (\\d+)").matcher(text);
        if (non2xx.find()) {
            failed += Long.parseLong(non2xx.group(1));
        }
        Matcher socket = Pattern.compile("Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)")
                .matcher(text);
        if (socket.find()) {
            for (int g = 1; g <= 4; g++) {
                failed += Long.parseLong(socket.group(g));
            }
        }
        return new CalibrationResults.Window(
                WRK,
                Wire.HTTP1.label,
                route,
                samples,
                samples == 0 ? 0 : 100.0 * failed / samples,
                number(text, "Requests/sec:"),
                Math.round(percentileMs(text, "50%")),
                Math.round(percentileMs(text, "99%")));
    }

    /** One line of wrk's "Latency Distribution", in ms (wrk prints us, ms or s). */
    private static double percentileMs(String text, String percentile) {
        Matcher m = Pattern.compile("(?m)^\\s*" + percentile + "\\s+([0-9.]+)(us|ms|s)\\s*$")
                .matcher(text);
        if (!m.find()) {
            throw new IllegalArgumentException("no " + percentile + " line in the latency distribution (--latency)");
        }
        double value = Double.parseDouble(m.group(1));
        return switch (m.group(2)) {
            case "us" -> value / 1000;
            case "s" -> value * 1000;
            default -> value;
        };
    }

    /** The first number after {@code label}; NaN where the line is missing (an older tool prints fewer). */
    private static double number(String text, String label) {
        int at = text.indexOf(label);
        if (at < 0) {
            return Double.NaN;
        }
        Matcher m = NUMBER.matcher(text.substring(at + label.length()));
        return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
    }
}
