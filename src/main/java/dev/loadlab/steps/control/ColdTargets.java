package dev.loadlab.steps.control;

import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.GatlingKnobs;
import dev.loadlab.settings.PropertyFile;
import dev.loadlab.settings.ServerKnobs;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.TargetKnobs;
import dev.loadlab.settings.Wire;
import dev.loadlab.shared.TrustStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The ab study's Test 1 ran against a Lambda no request had warmed. By the time Gatling's LatencySimulation runs, the
 * build's target has served the experiments before it, so its cold run goes elsewhere: for each wire Gatling runs, a
 * reference server process of its own that {@code ServerControl up} starts beside the target (the same server
 * settings, faults off, its own embedded database) and that nothing loads before that run. Its URL for the wire is
 * written to target.properties under {@link TargetKnobs#COLD_URL_PREFIX} + the wire's id, its certificate joins the
 * trust store Gatling gets, and {@code down} stops it. A user's target is never restarted: its cold run is simply the
 * first run (docs/studies.md).
 */
final class ColdTargets {
    private ColdTargets() {}

    /** The wires Gatling runs in this build (build.properties) when it runs the latency study's cold run; else none. */
    static List<Wire> wanted(Settings settings, BuildFiles files) throws IOException {
        if (!settings.bool(GatlingKnobs.LATENCY_COLD_RUN)
                || !ContractKnobs.chosen(settings).contains(ContractKnobs.LATENCY)) {
            return List.of();
        }
        // no build.properties: no wire flagged to run, none wanted
        Properties build = PropertyFile.read(files.buildFile());
        return Arrays.stream(Wire.values())
                .filter(w -> "false".equals(build.getProperty(w.skipFlag("gatling"))))
                .toList();
    }

    /**
     * Forks one per wire and returns at once: they start while the target does ({@link Starting#ready} waits for
     * them).
     */
    static Starting launch(List<Wire> wires, Settings settings, BuildFiles files, long watchPid, int waitSeconds)
            throws IOException, InterruptedException {
        Map<Wire, ServerProcess.Launch> launched = new LinkedHashMap<>();
        for (Wire wire : wires) {
            Path dir = files.coldDir(wire);
            Files.deleteIfExists(dir.resolve(ServerProcess.CERT_PEM)); // each start makes a new certificate
            Map<String, String> properties = ServerProcess.properties(settings, files, dir, watchPid);
            properties.put(ServerKnobs.DB_URL.name(), ""); // its own embedded database, never the target's
            launched.put(wire, ServerProcess.launch(dir, properties, waitSeconds));
        }
        return new Starting(launched, files);
    }

    /** The cold targets on their way up. */
    record Starting(Map<Wire, ServerProcess.Launch> launched, BuildFiles files) {
        /**
         * Waits for each and returns what target.properties gets (their URLs by name); empty when one did not come
         * up, and then none is left running.
         */
        Optional<Map<String, String>> ready() throws IOException, InterruptedException {
            Map<String, String> urls = new LinkedHashMap<>();
            for (Map.Entry<Wire, ServerProcess.Launch> e : launched.entrySet()) {
                Optional<ServerProcess.Urls> started = e.getValue().ready();
                if (started.isEmpty()) {
                    ServerProcess.stop(dirs(files));
                    return Optional.empty();
                }
                Wire wire = e.getKey();
                urls.put(
                        TargetKnobs.COLD_URL_PREFIX + wire.id,
                        wire.tls ? started.get().tls() : started.get().http());
            }
            return Optional.of(urls);
        }
    }

    /** Adds each started cold target's certificate to {@code store}, beside the target's own. */
    static void trust(KeyStore store, List<Wire> wires, BuildFiles files) throws IOException, GeneralSecurityException {
        for (Wire wire : wires) {
            store.setCertificateEntry(
                    TrustStore.ALIAS + "-cold-" + wire.id,
                    TrustStore.readPem(files.coldDir(wire).resolve(ServerProcess.CERT_PEM)));
        }
    }

    /** The directories of the cold targets a build started (a wire's exists only where one was), to stop them. */
    static List<Path> dirs(BuildFiles files) {
        return Arrays.stream(Wire.values())
                .map(files::coldDir)
                .filter(Files::isDirectory)
                .toList();
    }
}
