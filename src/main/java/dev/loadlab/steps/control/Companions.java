package dev.loadlab.steps.control;

import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.ServerKnobs;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.Wire;
import dev.loadlab.shared.TrustStore;
import dev.loadlab.studies.Studies;
import dev.loadlab.studies.Study;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The reference servers the chosen studies need beside the embedded target (Study#companions): forked while it
 * starts, each in its folder under {@code target/companions/}, and stopped with it by {@code ServerControl down}.
 */
final class Companions {
    private Companions() {}

    /** Each chosen study's companions, by its name, as the wires Gatling runs in this build (build.properties) ask. */
    static Map<String, List<Study.Companion>> wanted(Settings settings, BuildFiles files) throws IOException {
        // no build.properties: no wire flagged to run; the wire check has not run yet
        List<Wire> gatlingWires = files.gatlingWires();
        Map<String, List<Study.Companion>> wanted = new LinkedHashMap<>();
        for (String name : ContractKnobs.chosen(settings)) {
            Studies.study(name)
                    .map(study -> study.companions(settings, gatlingWires))
                    .filter(companions -> !companions.isEmpty())
                    .ifPresent(companions -> wanted.put(name, companions));
        }
        return wanted;
    }

    /** Forks each and returns at once: they start while the target does. */
    static Starting launch(
            Map<String, List<Study.Companion>> wanted,
            Settings settings,
            BuildFiles files,
            long watchPid,
            int waitSeconds)
            throws IOException, InterruptedException {
        Map<Study.Companion, ServerProcess.Launch> launched = new LinkedHashMap<>();
        for (Study.Companion companion : all(wanted).toList()) {
            Path dir = files.companionDir(companion.id());
            Files.deleteIfExists(dir.resolve(ServerProcess.CERT_PEM)); // each start makes a new certificate
            Map<String, String> properties = ServerProcess.properties(settings, files, dir, watchPid);
            properties.put(ServerKnobs.DB_URL.name(), ""); // its own embedded database, never the target's
            launched.put(companion, ServerProcess.launch(dir, properties, waitSeconds));
        }
        return new Starting(launched, files);
    }

    private static Stream<Study.Companion> all(Map<String, List<Study.Companion>> wanted) {
        return wanted.values().stream().flatMap(List::stream);
    }

    /** The companions on their way up. */
    record Starting(Map<Study.Companion, ServerProcess.Launch> launched, BuildFiles files) {
        /**
         * Waits for those the target forwards to and puts their URLs into the target's {@code properties}; false when
         * one did not come up, and then none is left running.
         */
        boolean readyForTarget(Map<String, String> properties) throws IOException, InterruptedException {
            return ready(true)
                    .map(urls -> {
                        properties.putAll(urls);
                        return true;
                    })
                    .orElse(false);
        }

        /**
         * Waits for the tools' own and returns what target.properties gets (their URLs by key); empty when one did
         * not come up, and then none is left running.
         */
        Optional<Map<String, String>> readyForTools() throws IOException, InterruptedException {
            return ready(false);
        }

        private Optional<Map<String, String>> ready(boolean forTarget) throws IOException, InterruptedException {
            Map<String, String> urls = new LinkedHashMap<>();
            for (Map.Entry<Study.Companion, ServerProcess.Launch> e : launched.entrySet()) {
                Study.Companion companion = e.getKey();
                if (companion.forTarget() != forTarget) {
                    continue;
                }
                Optional<ServerProcess.Urls> started = e.getValue().ready();
                if (started.isEmpty()) {
                    ServerProcess.stop(dirs(files));
                    return Optional.empty();
                }
                urls.put(
                        companion.key(),
                        companion.tls() ? started.get().tls() : started.get().http());
            }
            return Optional.of(urls);
        }
    }

    /** Adds the certificate of each tools' companion to {@code store}, beside the target's own. */
    static void trust(KeyStore store, Map<String, List<Study.Companion>> wanted, BuildFiles files)
            throws IOException, GeneralSecurityException {
        for (Study.Companion companion : all(wanted).filter(c -> !c.forTarget()).toList()) {
            store.setCertificateEntry(
                    TrustStore.ALIAS + "-" + companion.id(),
                    TrustStore.readPem(files.companionDir(companion.id()).resolve(ServerProcess.CERT_PEM)));
        }
    }

    /** The folders of the companions a build started, to stop them. */
    static List<Path> dirs(BuildFiles files) throws IOException {
        if (!Files.isDirectory(files.companionsDir())) {
            return List.of();
        }
        try (Stream<Path> dirs = Files.list(files.companionsDir())) {
            return dirs.filter(Files::isDirectory).sorted().toList();
        }
    }

    /**
     * Each study whose tools have a server of their own on the embedded target, by the setting that asks for it: on a
     * target of yours, which has none, its path is not asked before load, so that its load's first request is the
     * first to it.
     */
    static Map<String, String> leftToLoad(Map<String, List<Study.Companion>> wanted) {
        Map<String, String> notes = new LinkedHashMap<>();
        wanted.forEach((study, companions) -> companions.stream()
                .filter(c -> !c.forTarget())
                .findFirst()
                .ifPresent(c -> notes.put(study, c.askedBy())));
        return notes;
    }
}
