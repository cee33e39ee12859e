package dev.loadlab.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Gatling asks Maven Central for its latest version at start unless java.util.prefs holds a recent answer, and it
 * has no switch for that. The build's JVMs keep their preference root under target/prefs (never ~): this puts
 * src/test/gatling-prefs/prefs.xml, an answer that never expires, where Gatling looks.
 */
final class GatlingPrefs {
    private GatlingPrefs() {}

    static void seed(Path basedir, Path target) throws IOException {
        Path node = target.resolve("prefs/.java/.userPrefs/io/gatling/latestVersion");
        Files.createDirectories(node);
        Files.copy(
                basedir.resolve("src/test/gatling-prefs/prefs.xml"),
                node.resolve("prefs.xml"),
                StandardCopyOption.REPLACE_EXISTING);
    }
}
