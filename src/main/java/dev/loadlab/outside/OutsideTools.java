package dev.loadlab.outside;

import dev.loadlab.settings.CalibrationKnobs;
import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.GatlingKnobs;
import dev.loadlab.settings.SettingError;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.TargetKnobs;
import dev.loadlab.settings.Wire;
import dev.loadlab.shared.TargetAuth;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The studies' own tools as outside references, after loadlab's runs and before the target goes down
 * (post-integration-test): where ApacheBench is installed, {@code ab} and {@code ab -k} with the latency experiment's
 * first {@code -c C -n N} on its route; where wrk is installed, the calibration loop (same users, warm-up and window,
 * tagged for the server's count). Each tool's own output is saved under {@code target/outside/} for the report. Never
 * required: a missing tool is one line, and nothing here fails the build but a bad setting (exit 2). HTTP/1.1 over
 * cleartext only (wrk speaks nothing else here), and not with target.auth: these tools take headers only on their
 * command line, where every process of the machine could read the secret.
 */
public final class OutsideTools {
    static final String AB_PLAIN = "ab.txt";
    static final String AB_KEEP_ALIVE = "ab-k.txt";

    private final Settings settings;
    private final Path out;

    OutsideTools(Settings settings, Path out) {
        this.settings = settings;
        this.out = out;
    }

    public static void main(String[] args) {
        try {
            new OutsideTools(Settings.fromSystem(), Path.of("target", "outside")).run();
        } catch (SettingError e) {
            System.err.println("loadlab: " + e.getMessage());
            System.exit(2);
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
        String http1LeftOut = Wire.leftOut(out.resolveSibling("loadlab")).get(Wire.HTTP1);
        String skipped = !url.startsWith("http://")
                ? "target.url is not http:// (these tools run over cleartext here)"
                : http1LeftOut != null
                        ? http1LeftOut
                        : TargetAuth.header(settings).isPresent() ? "target.auth is set" : null;
        if (skipped != null) {
            System.out.println("loadlab: outside tools left out: " + skipped);
            return;
        }
        if (chosen.contains(ContractKnobs.LATENCY)) {
            ab(url);
        }
        if (chosen.contains(ContractKnobs.CALIBRATION)) {
            wrk(url);
        }
    }

    /** ab, then ab -k, on the latency route with the first CxN of latency.runs, after an unmeasured ab -k. */
    private void ab(String url) throws IOException, InterruptedException {
        String[] cn = settings.items(GatlingKnobs.LATENCY_RUNS).get(0).split("x");
        String route = url + ContractKnobs.latencyPath(settings);
        List<String> base = List.of("ab", "-q", "-c", cn[0], "-n", cn[1]);
        if (!Tool.run("ab", with(base, "-k", route), null)) {
            return; // not installed: said once
        }
        Tool.run("ab", with(base, route), out.resolve(AB_PLAIN));
        Tool.run("ab", with(base, "-k", route), out.resolve(AB_KEEP_ALIVE));
        System.out.println("loadlab: ab -c " + cn[0] + " -n " + cn[1] + " and ab -k on " + route + " (" + out + ")");
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
