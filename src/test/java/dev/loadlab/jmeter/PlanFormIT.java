package dev.loadlab.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loadlab.recording.HarImport;
import dev.loadlab.shared.LoadlabTree;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs after package, in the JMeter home the build configured: every plan of loadlab's under jmeter/ must be exactly what JMeter's
 * GUI saves for it ({@link PlanForm}), so that opening one in the GUI and saving it changes nothing.
 */
class PlanFormIT {
    @Test
    void shouldKeepEveryPlanInTheFormJMetersGuiSavesSoAGuiEditShowsAloneInTheDiff() throws Exception {
        // loadlab's plans and fragments; a team's plans in jmeter/ are in whatever form its GUI saved
        check(LoadlabTree.studyPlansAndTheirFiles().stream()
                .filter(f -> f.toString().endsWith(".jmx"))
                .toList());
    }

    @Test
    void shouldWriteARecordingsPlanInTheFormJMetersGuiSaves(@TempDir Path project) throws Exception {
        List<Path> plans = new ArrayList<>();
        for (String recording : List.of("demo-app", "demo-shop")) {
            Files.copy(
                    Path.of("src/test/resources/dev/loadlab/recording/" + recording + ".har"),
                    project.resolve(recording + ".har"));
            HarImport.run(project, recording + ".har", "", "false");
            plans.add(project.resolve("jmeter/" + recording + ".jmx"));
        }
        check(plans);
    }

    private static void check(List<Path> plans) throws Exception {
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
        plans.forEach(f -> command.add(f.toString()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        process.waitFor(2, TimeUnit.MINUTES);
        assertEquals(0, process.exitValue(), output);
    }

    /**
     * A home jmeter:configure made (target/config.json names them): any wire's will do, as -Dexperiments may leave out
     * the HTTP/1.1 runs (calibration runs on the TLS wires only). A build that runs no JMeter plan has none: nothing
     * to check the plans with.
     */
    private static Path jmeterHome() throws Exception {
        Path file = Path.of("target", "config.json");
        assumeTrue(Files.isRegularFile(file), "no JMeter home: this build runs no JMeter plan");
        JsonNode configurations = new ObjectMapper().readTree(file.toFile()).path("configurations");
        assumeTrue(configurations.size() > 0, "no JMeter home: this build runs no JMeter plan");
        return Path.of(configurations.get(0).get("jmeterDirectoryPath").asText());
    }
}
