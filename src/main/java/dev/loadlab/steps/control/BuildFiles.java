package dev.loadlab.steps.control;

import dev.loadlab.settings.NamedTargets;
import dev.loadlab.settings.PropertyFile;
import dev.loadlab.settings.SettingError;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.TargetKnobs;
import dev.loadlab.settings.Wire;
import dev.loadlab.shared.StopWithBuild;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Where a build keeps what {@link ServerControl} reads and writes, all derived from the one settings file the
 * build names ({@code -Dloadlab.resolved=target/loadlab/settings.properties}):
 * {@code target.properties} beside it, and the embedded server's directory {@code target/reference-server}.
 */
record BuildFiles(Path settingsFile) {
    /** The embedded server's directory, next to the settings file's directory (both under the build dir). */
    static final String SERVER_DIR = "reference-server";

    static final String COMPANIONS_DIR = "companions";

    BuildFiles {
        settingsFile = settingsFile.toAbsolutePath().normalize();
    }

    static BuildFiles fromSystem() {
        String file = System.getProperty(Settings.FILE_PROPERTY, "");
        if (file.isBlank()) {
            throw SettingError.notAllowed(
                    Settings.FILE_PROPERTY,
                    file,
                    "the build's settings file, e.g. " + "target/loadlab/settings.properties (" + Settings.TARGET_FILE
                            + " is written beside it)");
        }
        return new BuildFiles(Path.of(file));
    }

    Path targetFile() {
        return settingsFile.resolveSibling(Settings.TARGET_FILE);
    }

    Path serverDir() {
        return settingsFile.getParent().resolveSibling(SERVER_DIR);
    }

    /** Where the studies' companions (Study#companions) have a folder each, named by its id. */
    Path companionsDir() {
        return settingsFile.getParent().resolveSibling(COMPANIONS_DIR);
    }

    Path companionDir(String id) {
        return companionsDir().resolve(id);
    }

    /**
     * Where a forked server measures its stalls: beside the load generators' ({@code stalls/}, written by the agent
     * every forked JVM has), named {@code server-<its directory>.tsv}.
     */
    Path stallFile(Path serverDir) {
        return settingsFile.resolveSibling(StopWithBuild.STALLS).resolve("server-" + serverDir.getFileName() + ".tsv");
    }

    /** {@code build.properties}: what this build runs (dev.loadlab.steps.Runs, written at process-classes). */
    Path buildFile() {
        return settingsFile.resolveSibling("build.properties");
    }

    /**
     * The wires Gatling runs in this build, in the order its runs come (pom.xml's executions follow {@link Wire}'s):
     * those build.properties flags to run, less those the wire check left out once it has run.
     */
    List<Wire> gatlingWires() throws IOException {
        Properties build = PropertyFile.read(buildFile());
        Properties leftOut = PropertyFile.read(wireCheckFile());
        return Arrays.stream(Wire.values())
                .filter(w -> "false"
                        .equals(leftOut.getProperty(w.skipFlag("gatling"), build.getProperty(w.skipFlag("gatling")))))
                .toList();
    }

    /** {@code wire-check.properties}: the wires the target did not speak, left out ({@link WireCheck}). */
    Path wireCheckFile() {
        return settingsFile.resolveSibling(Wire.CHECK_FILE);
    }

    /** {@code wires/<id>.properties}: what one JMeter run of that {@link Wire} speaks, and to where. */
    Path wireFile(Wire wire) {
        return settingsFile.resolveSibling("wires").resolve(wire.id + ".properties");
    }

    /**
     * One file per wire, the last properties file its JMeter run reads, so that its protocol and URL win over every
     * file read before (JMeter reads user.properties, where the Maven plugin would put them, before any -q file).
     */
    void writeWires(String url, String tlsUrl, Settings settings) throws IOException {
        for (Wire wire : Wire.values()) {
            Path file = wireFile(wire);
            Files.createDirectories(file.getParent());
            String wireUrl = wire.tls ? tlsUrl : url;
            StringBuilder text = new StringBuilder("# one JMeter run's wire, written by ServerControl up\n")
                    .append("wire=")
                    .append(wire.id)
                    .append('\n')
                    .append("protocol=")
                    .append(wire.protocol.id)
                    .append('\n')
                    .append("target.url=")
                    .append(wireUrl.replace("\\", "\\\\"))
                    .append('\n');
            // host, port, scheme and base path alike, for a plan's HTTP Request Defaults
            TargetKnobs.urlParts(wireUrl)
                    .forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
            // and each named target's on this wire: ${__P(target.api.host)}
            for (String name : NamedTargets.names(settings)) {
                NamedTargets.parts(name, NamedTargets.urlOn(settings, name, wire.tls))
                        .forEach((k, v) -> text.append(k)
                                .append('=')
                                .append(v.replace("\\", "\\\\"))
                                .append('\n'));
            }
            Files.writeString(file, text, StandardCharsets.UTF_8);
        }
    }

    /**
     * Writes the target's properties in the given order, and the wires Gatling runs ({@link Wire#GATLING_RUNS}), whole,
     * then moved into place: no reader sees half of it.
     */
    void writeTarget(Map<String, String> values) throws IOException {
        Map<String, String> all = new LinkedHashMap<>(values);
        all.put(
                Wire.GATLING_RUNS,
                String.join(",", gatlingWires().stream().map(w -> w.id).toList()));
        write(
                targetFile(),
                "The target of this build, written by ServerControl up; read by Settings (beside "
                        + settingsFile.getFileName() + ") and by the build.",
                all);
    }

    /** The wires left out (empty when the target speaks every wire the build runs), for Maven and the report. */
    void writeWireCheck(Map<String, String> values) throws IOException {
        write(
                wireCheckFile(),
                "The wires the target did not speak, left out: written by ServerControl up (WireCheck), read by Maven"
                        + " over build.properties and by the report.",
                values);
    }

    private static void write(Path file, String comment, Map<String, String> values) throws IOException {
        StringBuilder text = new StringBuilder("# " + comment + "\n");
        // Properties syntax: only a backslash in a value needs escaping ('=' and ':' after the first are literal).
        values.forEach((k, v) ->
                text.append(k).append('=').append(v.replace("\\", "\\\\")).append('\n'));
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        Files.writeString(partial, text, StandardCharsets.UTF_8);
        Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
