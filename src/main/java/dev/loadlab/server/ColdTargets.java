package dev.loadlab.server;

import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.GatlingKnobs;
import dev.loadlab.settings.ServerKnobs;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.TargetKnobs;
import dev.loadlab.settings.Wire;
import dev.loadlab.shared.TrustStore;
import java.io.IOException;
import java.io.Reader;
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
                || !ContractKnobs.chosen(settings).contains(ContractKnobs.LATENCY)
                || !Files.isRegularFile(files.buildFile())) {
            return List.of();
        }
        Properties build = new Properties();
        try (Reader in = Files.newBufferedReader(files.buildFile())) {
            build.load(in);
        }
        return Arrays.stream(Wire.values())
                .filter(w -> "false".equals(build.getProperty(w.skipFlag("gatling"))))
                .toList();
    }

    /**
     * Starts one per wire and returns what target.properties gets (their URLs by name); empty when one did not come
     * up, and then none is left running.
     */
    static Optional<Map<String, String>> start(
            List<Wire> wires, Settings settings, BuildFiles files, long watchPid, int waitSeconds)
            throws IOException, InterruptedException {
        Map<String, String> urls = new LinkedHashMap<>();
        for (Wire wire : wires) {
            Path dir = files.coldDir(wire);
            Files.deleteIfExists(dir.resolve(ServerControl.CERT_PEM)); // each start makes a new certificate
            Map<String, String> properties = ServerControl.forkProperties(settings, files, dir, watchPid);
            properties.put(ServerKnobs.DB_URL.name(), ""); // its own embedded database, never the target's
            Optional<ServerProcess.Urls> started = ServerProcess.start(dir, properties, waitSeconds);
            if (started.isEmpty()) {
                ServerProcess.stop(dirs(files));
                return Optional.empty();
            }
            urls.put(
                    TargetKnobs.COLD_URL_PREFIX + wire.id,
                    wire.tls ? started.get().tls() : started.get().http());
        }
        return Optional.of(urls);
    }

    /** Adds each started cold target's certificate to {@code store}, beside the target's own. */
    static void trust(KeyStore store, List<Wire> wires, BuildFiles files) throws IOException, GeneralSecurityException {
        for (Wire wire : wires) {
            store.setCertificateEntry(
                    TrustStore.ALIAS + "-cold-" + wire.id,
                    TrustStore.readPem(files.coldDir(wire).resolve(ServerControl.CERT_PEM)));
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
