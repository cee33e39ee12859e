package dev.loadlab.steps;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Gatling asks Maven Central for its latest version at start unless java.util.prefs holds a recent answer, and it
 * has no switch for that. The build's JVMs keep their preference root under target/prefs (never ~): this puts
 * gatling-prefs.xml (beside this class), an answer that never expires, where Gatling looks.
 */
final class GatlingPrefs {
    private GatlingPrefs() {}

    static void seed(Path target) throws IOException {
        Path node = target.resolve("prefs/.java/.userPrefs/io/gatling/latestVersion");
        Files.createDirectories(node);
        try (InputStream answer = GatlingPrefs.class.getResourceAsStream("gatling-prefs.xml")) {
            Files.copy(answer, node.resolve("prefs.xml"), StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
