package dev.loadlab.studies.latency;

import dev.loadlab.outside.OutsideTools;
import dev.loadlab.outside.Printed;
import dev.loadlab.outside.Tool;
import dev.loadlab.report.model.Times;
import dev.loadlab.report.read.Parts;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.TargetKnobs;
import dev.loadlab.settings.Wire;
import dev.loadlab.shared.Repeats;
import dev.loadlab.studies.latency.LatencyStudy.AbRun;
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
 * ab itself as the latency study's outside reference ({@link OutsideTools}): where ApacheBench is installed, {@code ab}
 * and {@code ab -k} with each of the study's {@code -c C -n N} on its route, over cleartext and, where target.tlsUrl is
 * https, over TLS (ab checks no certificate), so that its runs stand beside the tools' of the same wire; then what it
 * printed, read: its own figures, parsed, not recomputed (ab keeps no per-request record).
 */
final class AbOutput {
    static final String AB = "ab";
    /**
     * The file of one ab run: its wire, its flags, its CxN and, from the second repeat on, its repeat, e.g. {@code
     * ab-http1-tls-k-c10-n1000.txt}, {@code ab-http1-tls-k-c10-n1000-repeat2.txt}.
     */
    static final Pattern FILE = Pattern.compile("ab-(http1|http1-tls)(-k)?-c(\\d+)-n(\\d+)(?:-repeat(\\d+))?\\.txt");

    private AbOutput() {}

    /** ab on each HTTP/1.1 wire of the target, in the order the tools ran them; once where it is not installed. */
    static void run(OutsideTools.Target target) throws IOException, InterruptedException {
        for (Map.Entry<Wire, String> wire : target.urls().entrySet()) {
            if (!ab(target.settings(), target.out(), wire.getKey(), wire.getValue())) {
                break; // not installed: said once
            }
        }
    }

    /** The file {@link #FILE} names. */
    static String abFile(Wire wire, boolean keepAlive, String concurrency, String requests, int repeat) {
        return "ab-" + wire.id + (keepAlive ? "-k" : "") + "-c" + concurrency + "-n" + requests
                + (repeat > 1 ? "-repeat" + repeat : "") + ".txt";
    }

    /**
     * On one wire, after an unmeasured ab -k of the first CxN: plain ab with each CxN of latency.runs, then ab -k with
     * each, each of them {@code repeats} times in a row, in the order the tools run them; false when ab is not
     * installed.
     */
    private static boolean ab(Settings settings, Path out, Wire wire, String url)
            throws IOException, InterruptedException {
        List<String[]> runs = settings.items(LatencyKnobs.LATENCY_RUNS).stream()
                .map(r -> r.split("x"))
                .toList();
        String route = url + LatencyKnobs.latencyPath(settings);
        int repeats = settings.integer(TargetKnobs.REPEATS);
        if (!Tool.run("ab", List.of("ab", "-q", "-k", "-c", runs.get(0)[0], "-n", runs.get(0)[1], route), null)) {
            return false;
        }
        for (boolean keepAlive : new boolean[] {false, true}) {
            for (String[] cn : runs) {
                List<String> command = new ArrayList<>(List.of("ab", "-q", "-c", cn[0], "-n", cn[1]));
                if (keepAlive) {
                    command.add("-k");
                }
                command.add(route);
                for (int repeat = 1; repeat <= repeats; repeat++) {
                    Tool.run("ab", command, out.resolve(abFile(wire, keepAlive, cn[0], cn[1], repeat)));
                }
            }
        }
        System.out.println("loadlab: ab and ab -k, " + String.join(" and ", settings.items(LatencyKnobs.LATENCY_RUNS))
                + ", on " + route + " (" + out + ")");
        return true;
    }

    /** Every ab run's output ({@link OutsideTools#AB_FILE}) in {@code dir}, in the order they ran. */
    static List<AbRun> read(Path dir, Parts parts) {
        List<AbRun> runs = new ArrayList<>();
        List<Path> files;
        try (var all = Files.list(dir)) {
            files = all.filter(f -> FILE.matcher(f.getFileName().toString()).matches())
                    .sorted(java.util.Comparator.comparing(f -> f.toFile().lastModified()))
                    .toList();
        } catch (IOException e) {
            return runs; // no outside tool ran
        }
        for (Path path : files) {
            Matcher name = FILE.matcher(path.getFileName().toString());
            name.matches();
            try {
                runs.add(ab(
                        Files.readString(path),
                        name.group(2) != null,
                        Wire.ofId(name.group(1)).orElseThrow().label,
                        Repeats.of(name.group(5))));
            } catch (IOException | RuntimeException e) {
                parts.missing("ab's output " + path + " cannot be read: " + e.getMessage());
            }
        }
        return runs;
    }

    /** ab's own summary: requests/s, time per request, Connection Times and the served-within table. */
    static AbRun ab(String text, boolean keepAlive, String protocol, int repeat) {
        int concurrency = (int) Printed.number(text, "Concurrency Level:");
        long complete = (long) Printed.number(text, "Complete requests:");
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
                "ab" + (keepAlive ? " -k" : "") + " -c " + concurrency + " -n " + complete + Repeats.suffix(repeat),
                concurrency,
                complete,
                (long) Printed.number(text, "Failed requests:"),
                Printed.number(text, "Time taken for tests:"),
                Printed.number(text, "Requests per second:"),
                mean,
                across,
                times,
                within,
                (long) Printed.number(text, "Document Length:"),
                (long) Printed.number(text, "Total transferred:"),
                (long) Printed.number(text, "HTML transferred:"));
    }
}
