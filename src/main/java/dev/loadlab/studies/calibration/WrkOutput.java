package dev.loadlab.studies.calibration;

import dev.loadlab.outside.OutsideTools;
import dev.loadlab.outside.Printed;
import dev.loadlab.outside.Tool;
import dev.loadlab.report.read.Parts;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.Wire;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * wrk as the calibration's outside reference ({@link OutsideTools}): where it is installed, the calibration loop over
 * cleartext HTTP/1.1 (the same users, warm-up and window, tagged for the server's count); then what it printed of its
 * measured window on each route, read: its own figures, parsed, not recomputed (wrk keeps no per-request record),
 * shown beside the tools' and the server's.
 */
final class WrkOutput {
    static final String TOOL = "wrk";

    private WrkOutput() {}

    /** wrk over the target's cleartext HTTP/1.1 wire; one line where the target offers none. */
    static void run(OutsideTools.Target target) throws IOException, InterruptedException {
        String url = target.urls().get(Wire.HTTP1);
        if (url != null) {
            wrk(target.settings(), target.out(), url);
        } else {
            String why = target.leftOut().get(Wire.HTTP1);
            System.out.println("loadlab: wrk left out: it runs over cleartext HTTP/1.1 here, which the target does"
                    + " not offer" + (why == null ? "" : " (" + why + ")"));
        }
    }

    /** wrk on each calibration route: its warm-up, then the measured window, on the same number of connections. */
    private static void wrk(Settings settings, Path out, String url) throws IOException, InterruptedException {
        int users = settings.integer(CalibrationKnobs.USERS);
        int warmup = settings.integer(CalibrationKnobs.WARMUP_SECONDS);
        int window = settings.integer(CalibrationKnobs.WINDOW_SECONDS);
        String threads = String.valueOf(Math.min(2, users));
        for (String route : CalibrationKnobs.ROUTES) {
            int latencyMs = route.equals(CalibrationKnobs.HELD) ? settings.integer(CalibrationKnobs.LATENCY_MS) : 0;
            String routeUrl = url + settings.get(CalibrationKnobs.PATH) + "?latencyMs=" + latencyMs + "&tag=";
            List<String> base = List.of("wrk", "-t", threads, "-c", String.valueOf(users), "--latency");
            if (warmup > 0
                    && !Tool.run(
                            "wrk",
                            with(base, "-d", warmup + "s", routeUrl + tag(route, CalibrationKnobs.WARM_UP)),
                            null)) {
                return; // not installed: said once
            }
            Path file = out.resolve(wrkFile(route));
            if (!Tool.run(
                    "wrk", with(base, "-d", window + "s", routeUrl + tag(route, CalibrationKnobs.MEASURED)), file)) {
                return;
            }
        }
        System.out.println("loadlab: wrk ran the calibration loop (" + out + ")");
    }

    private static String tag(String route, String phase) {
        return CalibrationKnobs.tag("wrk", Wire.HTTP1.id, route, phase);
    }

    /** The file of wrk's measured window on one route. */
    static String wrkFile(String route) {
        return "wrk-" + route + ".txt";
    }

    private static List<String> with(List<String> base, String... more) {
        List<String> all = new ArrayList<>(base);
        all.addAll(List.of(more));
        return all;
    }

    /** wrk's measured window per calibration route, from its output in {@code dir}. */
    static List<CalibrationResults.Window> windows(Path dir, Parts parts) {
        List<CalibrationResults.Window> rows = new ArrayList<>();
        for (String route : CalibrationKnobs.ROUTES) {
            Path path = dir.resolve(wrkFile(route));
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
                TOOL,
                Wire.HTTP1.label,
                route,
                samples,
                samples == 0 ? 0 : 100.0 * failed / samples,
                Printed.number(text, "Requests/sec:"),
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
}
