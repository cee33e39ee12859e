package dev.loadlab.steps;

import dev.loadlab.settings.JmeterKnobs;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

/**
 * pre-integration-test of -Pdistributed, once the target is up: what the plans read with {@code ${__P(name)}}, for
 * the engines. In remote mode the plans' functions are evaluated on each engine, which sees only its own properties
 * and JMeter's global ones ({@code -G}) from the controller; the files the controller reads with {@code -q} never
 * reach it. So for each wire this writes the same four files a local run reads, in the same order (tuning, the
 * plans' knobs, the target, the wire last), into one file {@code target/loadlab/remote/<wire>/global.properties};
 * the profile then configures the wire's JMeter home with that folder as its {@code propertiesFilesDirectory}, and the
 * plugin passes each of its properties as {@code -Gname=value} (pom.xml). Paths of this
 * machine mean nothing on an engine: the trusted certificate travels as its PEM text (the HTTP/2 sampler takes
 * either), and Gatling's trust store is left out, as is the forced exit at a test's end.
 */
public final class RemoteProperties {
    /** The plugin's name for the file whose properties it passes as -G, one by one, from propertiesFilesDirectory. */
    public static final String FILE = "global.properties";

    private static final String SUFFIX = ".properties";
    /** JMeter's exit at a test's end (tuning.properties): the controller's, never an engine's, which serves run after run. */
    static final String FORCED_EXIT = "jmeterengine.force.system.exit";

    private RemoteProperties() {}

    public static void main(String[] args) throws IOException {
        Path basedir = Path.of(args.length > 0 ? args[0] : "");
        Path loadlab = basedir.resolve("target").resolve("loadlab");
        List<Path> wires;
        try (var files = Files.list(loadlab.resolve("wires"))) {
            wires = files.filter(f -> f.getFileName().toString().endsWith(SUFFIX))
                    .sorted()
                    .toList();
        }
        for (Path wireFile : wires) {
            String name = wireFile.getFileName().toString();
            String wire = name.substring(0, name.length() - SUFFIX.length());
            Path out = loadlab.resolve("remote").resolve(wire).resolve(FILE);
            Files.createDirectories(out.getParent());
            write(
                    merged(List.of(
                            StudyPlans.folder(basedir.resolve("target")).resolve("tuning.properties"),
                            loadlab.resolve("jmeter.properties"),
                            loadlab.resolve("target.properties"),
                            wireFile)),
                    out);
            System.out.println("loadlab: the engines' properties for " + wire + " in " + out);
        }
    }

    /** The files in order, a later one winning; PEM paths replaced by their text, this machine's paths left out. */
    static Properties merged(List<Path> files) throws IOException {
        Properties p = new Properties();
        for (Path f : files) {
            if (Files.isRegularFile(f)) {
                try (InputStream in = Files.newInputStream(f)) {
                    p.load(in);
                }
            }
        }
        p.remove(Prepare.GATLING_TRUST_STORE);
        p.remove(FORCED_EXIT);
        String pem = p.getProperty(JmeterKnobs.TRUSTED_CERTIFICATE.name(), "").strip();
        if (!pem.isEmpty() && !pem.startsWith("-----BEGIN")) {
            p.setProperty(
                    JmeterKnobs.TRUSTED_CERTIFICATE.name(),
                    Files.readString(Path.of(pem), StandardCharsets.US_ASCII).strip());
        }
        return p;
    }

    static void write(Properties p, Path out) throws IOException {
        try (OutputStream o = Files.newOutputStream(out)) {
            p.store(o, "what the plans read on the engines (dev.loadlab.steps.RemoteProperties)");
        }
    }
}
