package dev.loadlab.outside;

import dev.loadlab.settings.CalibrationKnobs;
import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.GatlingKnobs;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.TargetKnobs;
import dev.loadlab.settings.Wire;
import dev.loadlab.shared.TargetAuth;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * ab (the latency study's tool) and wrk as outside references, after loadlab's runs and before the target goes down
 * (post-integration-test): where ApacheBench is installed, {@code ab} and {@code ab -k} with each of the latency
 * experiment's {@code -c C -n N} on its route, over cleartext and, where target.tlsUrl is https, over TLS (ab checks no
 * certificate), so that its rows stand beside the tools' rows of the same wire; where wrk is installed, the
 * calibration loop over cleartext (same users, warm-up and window, tagged for the server's count). Each tool's own
 * output is saved under {@code target/outside/} for the report. Never required: a missing tool is one line, and
 * nothing here fails the build but a bad setting (the build's error: it runs in Maven's JVM). Not with target.auth:
 * these tools take headers only on their command line, where every process of the machine could read the secret.
 */
public final class OutsideTools {
    /** The file of one ab run: its wire, its flags and its CxN, e.g. {@code ab-http1-tls-k-c10-n1000.txt}. */
    public static final Pattern AB_FILE = Pattern.compile("ab-(http1|http1-tls)(-k)?-c(\\d+)-n(\\d+)\\.txt");

    private final Settings settings;
    private final Path out;

    OutsideTools(Settings settings, Path out) {
        this.settings = settings;
        this.out = out;
    }

    /** In Maven's JVM (exec:java): the argument is the build's target/; a bad setting is the build's error. */
    public static void main(String[] args) {
        try {
            new OutsideTools(Settings.fromSystem(), Path.of(args.length > 0 ? args[0] : "target", "outside")).run();
        } catch (IOException e) {
            System.out.println("loadlab: outside tools: " + e.getMessage() + "; their figures are left out");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    void run() throws IOException, InterruptedException {
        List<String> chosen = ContractKnobs.chosen(settings);
        String url = settings.get(TargetKnobs.URL);
        Files.createDirectories(out);
        try (var old = Files.list(out)) {
            for (Path f : old.toList()) {
                Files.delete(f); // an earlier build's figures must not pass for this one's
            }
        }
        if (settings.get(CalibrationKnobs.OUTSIDE_TOOLS).equals("none")) {
            return;
        }
        if (TargetAuth.header(settings).isPresent()) {
            System.out.println("loadlab: outside tools left out: target.auth is set");
            return;
        }
        Map<Wire, String> leftOut = Wire.leftOut(out.resolveSibling("loadlab"));
        Map<Wire, String> urls = new LinkedHashMap<>();
        if (url.startsWith("http://") && !leftOut.containsKey(Wire.HTTP1)) {
            urls.put(Wire.HTTP1, url);
        }
        String tlsUrl = settings.isGiven(TargetKnobs.TLS_URL) ? settings.get(TargetKnobs.TLS_URL) : url;
        if (tlsUrl.startsWith("https://") && !leftOut.containsKey(Wire.HTTP1_TLS)) {
            urls.put(Wire.HTTP1_TLS, tlsUrl);
        }
        if (chosen.contains(ContractKnobs.LATENCY)) {
            for (Map.Entry<Wire, String> wire : urls.entrySet()) {
                if (!ab(wire.getKey(), wire.getValue())) {
                    break; // not installed: said once
                }
            }
        }
        if (chosen.contains(ContractKnobs.CALIBRATION)) {
            if (urls.containsKey(Wire.HTTP1)) {
                wrk(url);
            } else {
                System.out.println("loadlab: wrk left out: it runs over cleartext HTTP/1.1 here, which the target does"
                        + " not offer" + (leftOut.containsKey(Wire.HTTP1) ? " (" + leftOut.get(Wire.HTTP1) + ")" : ""));
            }
        }
    }

    /** The file {@link #AB_FILE} names. */
    static String abFile(Wire wire, boolean keepAlive, String concurrency, String requests) {
        return "ab-" + wire.id + (keepAlive ? "-k" : "") + "-c" + concurrency + "-n" + requests + ".txt";
    }

    /**
     * On one wire, after an unmeasured ab -k of the first CxN: plain ab with each CxN of latency.runs, then ab -k with
     * each, in the order the tools run them; false when ab is not installed.
     */
    private boolean ab(Wire wire, String url) throws IOException, InterruptedException {
        List<String[]> runs = settings.items(GatlingKnobs.LATENCY_RUNS).stream()
                .map(r -> r.split("x"))
                .toList();
        String route = url + ContractKnobs.latencyPath(settings);
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
                Tool.run("ab", command, out.resolve(abFile(wire, keepAlive, cn[0], cn[1])));
            }
        }
        System.out.println("loadlab: ab and ab -k, " + String.join(" and ", settings.items(GatlingKnobs.LATENCY_RUNS))
                + ", on " + route + " (" + out + ")");
        return true;
    }

    /** wrk on each calibration route: its warm-up, then the measured window, on the same number of connections. */
    private void wrk(String url) throws IOException, InterruptedException {
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
    public static String wrkFile(String route) {
        return "wrk-" + route + ".txt";
    }

    private static List<String> with(List<String> base, String... more) {
        List<String> all = new ArrayList<>(base);
        all.addAll(List.of(more));
        return all;
    }
}
