package dev.loadlab.steps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loadlab.jmeter.RmiBind;
import dev.loadlab.shared.Trees;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * package, after jmeter:configure: {@code target/jmeter-engine/}, a JMeter engine that runs on any host with Java
 * alone. It is a copy of the JMeter home the build configured for {@code configuration-http1} (JMeter, and in
 * lib/ext this project's jar with the HTTP/2 sampler, Jetty's client and the bzm thread groups), plus
 * {@code bin/loadlab-engine.sh} with its init script {@code bin/loadlab-engine-init.groovy}, and the RMI key pair under {@code rmi/} ({@link RmiKeystore}, kept from an earlier
 * build so that engines already copied still match). Nothing in it is fetched at run time.
 */
public final class EngineBundle {
    public static final String DIR = "jmeter-engine";
    public static final String SCRIPT = "loadlab-engine.sh";
    /** Run by each engine at start: a test whose controller is gone stops (dev.loadlab.jmeter.ControllerWatch). */
    static final String INIT = "loadlab-engine-init.groovy";
    /** The Java agent that binds RMI to java.rmi.server.hostname, for the engines and the controller alike. */
    public static final String AGENT = "agent/loadlab-rmi-bind.jar";

    static final String CONFIGURATION = "configuration-http1";

    private EngineBundle() {}

    public static void main(String[] args) throws IOException {
        Path target = Path.of(args.length > 0 ? args[0] : "target");
        if (make(target)) {
            System.out.println("loadlab: JMeter engine in " + target.resolve(DIR) + " (start: bin/" + SCRIPT
                    + " --host H --port P)");
        } else {
            // -Pdistributed configures its homes once the target is up; the engines come from an earlier package
            System.out.println("loadlab: no JMeter home configured at package: JMeter in " + target.resolve(DIR)
                    + " kept as it was (its RMI key pair and agent are in place)");
        }
    }

    /** The RMI key pair and the agent always; JMeter itself when a home was configured (then true). */
    static boolean make(Path target) throws IOException {
        Path bundle = target.resolve(DIR);
        Files.createDirectories(bundle);
        RmiKeystore.ensure(bundle.resolve("rmi"));
        AgentJar.write(bundle.resolve(AGENT), RmiBind.class);
        java.util.Optional<Path> configured = home(target.resolve("config.json"), CONFIGURATION);
        if (configured.isEmpty()) {
            return false;
        }
        Path home = configured.get();
        for (String part : new String[] {"bin", "lib"}) {
            Trees.delete(bundle.resolve(part));
            Trees.copy(home.resolve(part), bundle.resolve(part));
        }
        for (String file : new String[] {SCRIPT, INIT}) {
            Path copy = bundle.resolve("bin").resolve(file);
            try (InputStream in = EngineBundle.class.getResourceAsStream("/dev/loadlab/jmeter/" + file)) {
                Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Files.setPosixFilePermissions(
                bundle.resolve("bin").resolve(SCRIPT), PosixFilePermissions.fromString("rwxr-xr-x"));
        return true;
    }

    /**
     * The JMeter home jmeter:configure made for one execution id, as its target/config.json says; else the first one
     * configured (every home holds the same JMeter and lib/ext); none when no wire runs JMeter.
     */
    static java.util.Optional<Path> home(Path configJson, String executionId) throws IOException {
        if (!Files.isRegularFile(configJson)) {
            return java.util.Optional.empty();
        }
        Path first = null;
        for (JsonNode c : new ObjectMapper().readTree(configJson.toFile()).path("configurations")) {
            Path home = Path.of(c.path("jmeterDirectoryPath").asText());
            if (executionId.equals(c.path("executionID").asText())) {
                return java.util.Optional.of(home);
            }
            first = first == null ? home : first;
        }
        return java.util.Optional.ofNullable(first);
    }
}
