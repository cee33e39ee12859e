package dev.loadlab.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Runs after package, in the JMeter home the build configured: every plan under jmeter/ must be exactly what JMeter's
 * GUI saves for it ({@link PlanForm}), so that opening one in the GUI and saving it changes nothing.
 */
class PlanFormIT {
    @Test
    void shouldKeepEveryPlanInTheFormJMetersGuiSavesSoAGuiEditShowsAloneInTheDiff() throws Exception {
        Path home = jmeterHome();
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.awt.headless=true",
                "-Djava.util.prefs.userRoot=target/prefs",
                "-cp",
                String.join(File.pathSeparator, home + "/lib/*", home + "/lib/ext/*", "target/test-classes"),
                PlanForm.class.getName(),
                home.toString(),
                "check"));
        try (Stream<Path> files = Files.walk(Path.of("jmeter"))) {
            files.filter(f -> f.toString().endsWith(".jmx")).sorted().forEach(f -> command.add(f.toString()));
        }
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        process.waitFor(2, TimeUnit.MINUTES);
        assertEquals(0, process.exitValue(), output);
    }

    /** The home jmeter:configure made for the HTTP/1.1 runs (target/config.json names it). */
    private static Path jmeterHome() throws Exception {
        JsonNode config =
                new ObjectMapper().readTree(Path.of("target", "config.json").toFile());
        for (JsonNode c : config.get("configurations")) {
            if (c.get("executionID").asText().equals("configuration-http1")) {
                return Path.of(c.get("jmeterDirectoryPath").asText());
            }
        }
        throw new IllegalStateException("no JMeter home in target/config.json");
    }
}
