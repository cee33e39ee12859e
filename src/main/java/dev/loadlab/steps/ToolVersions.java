package dev.loadlab.steps;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * The Gatling and JMeter a build runs must be those this loadlab was tested with: its simulations' base and the
 * HTTP/2 sampler are compiled against them, and the live stop reaches into them (docs/release.md). A team's pom that
 * sets {@code gatling.version} or {@code jmeter.version} to another gets one line each before any load, naming the
 * version to set, rather than a build that breaks half-way.
 */
final class ToolVersions {
    static final String RESOURCE = "tested-with.properties";
    static final List<String> TOOLS = List.of("gatling.version", "jmeter.version");

    private ToolVersions() {}

    /** The build's versions (Maven gives them to Prepare as system properties) against those tested. */
    static List<String> problems(Properties build) {
        return problems(build, tested());
    }

    static List<String> problems(Properties build, Properties tested) {
        List<String> problems = new ArrayList<>();
        for (String tool : TOOLS) {
            String used = build.getProperty(tool, "");
            String wanted = tested.getProperty(tool, "");
            if (!used.isEmpty() && !wanted.isEmpty() && !used.equals(wanted)) {
                problems.add(tool + "=" + used + " is not allowed: loadlab " + tested.getProperty("loadlab.version")
                        + " is tested with " + wanted + " only; remove " + tool
                        + " from your pom or command line (the parent's is "
                        + wanted + "), or take the loadlab release built with the one you want (CHANGELOG.md)");
            }
        }
        return problems;
    }

    static Properties tested() {
        Properties p = new Properties();
        try (InputStream in = ToolVersions.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }
}
