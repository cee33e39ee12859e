package dev.loadlab.outside;

import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.TargetKnobs;
import dev.loadlab.settings.Wire;
import dev.loadlab.shared.TargetAuth;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The outside references, after loadlab's runs and before the target goes down (post-integration-test): each chosen
 * study's tool that is not loadlab's (ab for the latency study, wrk for the calibration), run where it is installed
 * against the target's HTTP/1.1 wires, its own output saved under {@code target/outside/} for the report. Never
 * required: a missing tool is one line, and nothing here fails the build but a bad setting (the build's error: it runs
 * in Maven's JVM). Not with target.auth: these tools take headers only on their command line, where every process of
 * the machine could read the secret. {@code outside.tools=none} leaves them all out.
 */
public final class OutsideTools {
    private OutsideTools() {}

    /** One study's outside tool, run against the target. */
    public interface Run {
        void run(Target target) throws IOException, InterruptedException;
    }

    /**
     * What an outside tool runs against: the settings, the folder its output goes to, the target's URL on each HTTP/1.1
     * wire it offers here (cleartext, TLS), and why a wire was left out (Wire#leftOut).
     */
    public record Target(Settings settings, Path out, Map<Wire, String> urls, Map<Wire, String> leftOut) {}

    /** Clears {@code out} of an earlier build's output, then runs each of {@code runs} where the target allows it. */
    public static void run(Settings settings, Path out, List<Run> runs) throws IOException, InterruptedException {
        Files.createDirectories(out);
        try (var old = Files.list(out)) {
            for (Path f : old.toList()) {
                Files.delete(f); // an earlier build's figures must not pass for this one's
            }
        }
        if (runs.isEmpty() || settings.get(ContractKnobs.OUTSIDE_TOOLS).equals("none")) {
            return;
        }
        if (TargetAuth.header(settings).isPresent()) {
            System.out.println("loadlab: outside tools left out: target.auth is set");
            return;
        }
        String url = settings.get(TargetKnobs.URL);
        Map<Wire, String> leftOut = Wire.leftOut(out.resolveSibling("loadlab"));
        Map<Wire, String> urls = new LinkedHashMap<>();
        if (url.startsWith("http://") && !leftOut.containsKey(Wire.HTTP1)) {
            urls.put(Wire.HTTP1, url);
        }
        String tlsUrl = settings.isGiven(TargetKnobs.TLS_URL) ? settings.get(TargetKnobs.TLS_URL) : url;
        if (tlsUrl.startsWith("https://") && !leftOut.containsKey(Wire.HTTP1_TLS)) {
            urls.put(Wire.HTTP1_TLS, tlsUrl);
        }
        Target target = new Target(settings, out, urls, leftOut);
        for (Run run : runs) {
            run.run(target);
        }
    }
}
