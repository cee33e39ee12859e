package dev.loadlab.recording;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the HAR import said and wrote for a scenario in a team's project in a test's folder: the Gatling simulation
 * and the JMeter plan.
 */
record ImportedProject(String said, String simulation, String plan) {

    /** Copies {@code recording} into the project as {@code harFile}, beside the project's own jmeter/ folder. */
    static void copyRecording(Path project, Path recording, String harFile) throws IOException {
        Files.createDirectories(project.resolve("jmeter"));
        Files.copy(recording, project.resolve(harFile));
    }

    /** Copies {@code recording} in as {@code name}.har and imports it with the defaults: no name given, no static. */
    static ImportedProject importing(Path project, Path recording, String name) throws IOException {
        copyRecording(project, recording, name + ".har");
        return of(project, name, HarImport.run(project, name + ".har", "", "false"));
    }

    /** What an import that {@code said} this wrote for scenario {@code name}. */
    static ImportedProject of(Path project, String name, String said) throws IOException {
        return new ImportedProject(
                said,
                Files.readString(project.resolve("src/test/scala/recorded/" + HarImport.className(name) + ".scala")),
                Files.readString(project.resolve("jmeter/" + name + ".jmx")));
    }
}
