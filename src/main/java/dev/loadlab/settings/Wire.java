package dev.loadlab.settings;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * What a load run puts on the wire: an HTTP version over cleartext or over TLS. The id names the run's results
 * folder for every tool ({@code target/jmeter/results/h2c}, {@code target/gatling/http1-tls}); the label is what a
 * table shows. The studies compare like with like, so comparisons are {@link #PAIRS} of one transport.
 */
public enum Wire {
    HTTP1("http1", "HTTP/1.1", Protocol.HTTP1, false),
    H2C("h2c", "h2c", Protocol.HTTP2, false),
    HTTP1_TLS("http1-tls", "HTTP/1.1 over TLS", Protocol.HTTP1, true),
    H2("h2", "h2", Protocol.HTTP2, true);

    /** HTTP/1.1 against HTTP/2, each on one transport: the API-gateway study's cleartext pair, then the TLS pair. */
    public static final List<List<Wire>> PAIRS = List.of(List.of(HTTP1, H2C), List.of(HTTP1_TLS, H2));

    /**
     * Written once the target is up (dev.loadlab.steps.control.WireCheck), beside the settings file: a
     * {@link #skipFlag} per tool of each wire the target did not speak, which Maven reads over build.properties' own,
     * and under {@link #LEFT_OUT} + id the line that says why, which the report and the gate repeat.
     */
    public static final String CHECK_FILE = "wire-check.properties";

    public static final String LEFT_OUT = "loadlab.wireLeftOut.";

    /**
     * Written beside the target (target.properties) once the wire check has run: the ids of the wires Gatling runs in
     * this build, in the order its runs come, so that a run knows which ran before it.
     */
    public static final String GATLING_RUNS = "loadlab.gatlingWires";

    public final String id;
    public final String label;
    public final Protocol protocol;
    public final boolean tls;

    Wire(String id, String label, Protocol protocol, boolean tls) {
        this.id = id;
        this.label = label;
        this.protocol = protocol;
        this.tls = tls;
    }

    /** Every wire's id, in the order of {@link #values()}: what -Dwires accepts. */
    public static List<String> ids() {
        return Arrays.stream(values()).map(w -> w.id).toList();
    }

    /** The wires of a list of ids (-Dwires), in the order of {@link #values()}; ids of no wire are passed over. */
    public static List<Wire> ofIds(List<String> ids) {
        return Arrays.stream(values()).filter(w -> ids.contains(w.id)).toList();
    }

    /** The Maven property that skips this wire's runs of a tool ({@code gatling}, {@code jmeter}): pom.xml reads it. */
    public String skipFlag(String tool) {
        return "loadlab.skip." + tool + "." + id;
    }

    /**
     * The wires the build's check left out, each with the line that says why, from {@link #CHECK_FILE} in {@code dir}
     * (target/loadlab); none when the check did not run.
     */
    public static Map<Wire, String> leftOut(Path dir) throws IOException {
        Map<Wire, String> out = new LinkedHashMap<>();
        Properties p = PropertyFile.read(dir.resolve(CHECK_FILE));
        for (Wire w : values()) {
            String line = p.getProperty(LEFT_OUT + w.id);
            if (line != null) {
                out.put(w, line);
            }
        }
        return out;
    }

    /** The wire a results folder of this name holds; empty for any other name. */
    public static java.util.Optional<Wire> ofId(String id) {
        return Arrays.stream(values()).filter(w -> w.id.equals(id)).findFirst();
    }

    /** The wire a table names by this label; empty for any other text. */
    public static java.util.Optional<Wire> ofLabel(String label) {
        return Arrays.stream(values()).filter(w -> w.label.equals(label)).findFirst();
    }

    /** "HTTP/1.1 vs h2c (cleartext)" and "HTTP/1.1 vs h2 (TLS)": how a report names the pair this wire is in. */
    public String pairing() {
        Wire other = PAIRS.stream()
                .filter(p -> p.contains(this))
                .findFirst()
                .orElseThrow()
                .get(1);
        return "HTTP/1.1 vs " + other.label + (tls ? " (both over TLS)" : " (both cleartext)");
    }
}
